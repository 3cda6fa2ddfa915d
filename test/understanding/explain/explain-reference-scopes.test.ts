// References are uses of the symbol's binding, not of its spelling: a parameter, a local variable, a
// loop or `with`/`catch` name of the same spelling shadows it inside its scope; a property declared
// in an interface or a class attribute's own name is not a use. Real git, real tree-sitter.
import { describe, expect, it } from "vitest";
import { lines } from "../make-repo.ts";
import { useExplainChange } from "./explain-change.ts";

const explainChange = useExplainChange();

const sites = (s: { callers: Site[]; tests: Site[]; references: Site[] } | undefined) =>
  [...(s?.callers ?? []), ...(s?.tests ?? []), ...(s?.references ?? [])]
    .map((r) => `${r.path}:${r.line}`)
    .sort();
interface Site {
  path: string;
  line: number;
}

describe("explain references and scopes", () => {
  it("JS/TS: a parameter, a local, a catch or loop name that shadows the symbol is not a reference", async () => {
    const parse = (body: string) => lines("export function parse(text: string) {", `  return ${body};`, "}");
    const result = await explainChange(
      {
        "package.json": '{ "name": "p", "type": "module" }\n',
        "src/parse.ts": parse("text.trim()"),
        "src/use.ts": lines(
          'import { parse } from "./parse.ts";',
          "export interface Options {",
          "  parse: (s: string) => string;",
          "}",
          "export function withParser(parse: (s: string) => string, s: string) {",
          "  return parse(s);",
          "}",
          "export function local(s: string) {",
          "  const parse = (x: string) => x;",
          "  return parse(s);",
          "}",
          "export function loop(list: string[]) {",
          "  for (const parse of list) console.log(parse);",
          "  try {",
          "    return 1;",
          "  } catch (parse) {",
          "    return parse;",
          "  }",
          "}",
          "export function arrow(items: string[]) {",
          "  return items.map((parse) => parse.length);",
          "}",
          "export function real(s: string) {",
          "  return parse(s);",
          "}",
          "export function nested(s: string) {",
          "  const inner = () => parse(s);",
          "  return inner();",
          "}",
        ),
        "src/lazy.js": lines(
          "export function lazy(s) {",
          '  const { parse } = require("./parse.ts");',
          "  return parse(s);",
          "}",
        ),
      },
      { "src/parse.ts": parse("text.trim().toLowerCase()") },
    );
    expect(sites(result.symbols.find((s) => s.qualifiedName === "parse"))).toEqual([
      "src/lazy.js:3",
      "src/use.ts:24",
      "src/use.ts:27",
    ]);
  });

  it("Python: a parameter, an assignment in the function, a loop or with name shadows the symbol", async () => {
    const parser = (body: string) => lines("def loads(text):", `    return ${body}`);
    const result = await explainChange(
      {
        "pyproject.toml": '[project]\nname = "tomlish"\n',
        "tomlish/__init__.py": "",
        "tomlish/parser.py": parser("text"),
        "tomlish/use.py": lines(
          "from tomlish.parser import loads",
          "",
          "def with_param(loads, text):",
          "    return loads(text)",
          "",
          "def with_local(text):",
          "    loads = str.strip",
          "    return loads(text)",
          "",
          "def with_loop(items):",
          "    for loads in items:",
          "        print(loads)",
          "    with open('x') as loads:",
          "        return loads.read()",
          "",
          "def with_lambda(items):",
          "    return [loads for loads in items] + list(map(lambda loads: loads, items))",
          "",
          "class Reader:",
          "    loads = staticmethod(loads)",
          "",
          "def real(text):",
          "    return loads(text)",
          "",
          "def closure(text):",
          "    def inner():",
          "        return loads(text)",
          "    return inner()",
        ),
        "tomlish/lazy.py": lines(
          "def lazy(text):",
          "    from tomlish.parser import loads",
          "",
          "    def decorator():",
          "        return loads(text)",
          "    return decorator",
        ),
      },
      { "tomlish/parser.py": parser("text.strip()") },
    );
    expect(sites(result.symbols.find((s) => s.qualifiedName === "loads"))).toEqual([
      "tomlish/lazy.py:5",
      "tomlish/use.py:20",
      "tomlish/use.py:23",
      "tomlish/use.py:27",
    ]);
  });
});
