// Public API when the package chooses what it offers: a Python package whose `__init__` gathers
// names from its modules offers those, not every public name of those modules; a TS entry that
// re-exports some names of a module (`export { a } from "./m"`) offers those, not the module's
// other exports. Real git, real tree-sitter, small projects written here.
import { describe, expect, it } from "vitest";
import { lines } from "../make-repo.ts";
import { useExplainChange } from "./explain-change.ts";

const explain = useExplainChange();

async function explainChange(files: Record<string, string>, head: Record<string, string>) {
  const result = await explain(files, head);
  return (name: string) => result.symbols.find((s) => s.qualifiedName === name)?.api;
}

describe("public API a package chooses", () => {
  it("Python: a name the package's __init__ does not gather from its modules is not public API", async () => {
    const expressions = (sep: string) =>
      lines(
        "class Expression:",
        "    def match(self, text):",
        `        return text.split('${sep}')`,
        "",
        "",
        "class Literal(Expression):",
        "    def parse(self, text):",
        `        return self.match(text + '${sep}')`,
      );
    const api = await explainChange(
      {
        "pkg/__init__.py": lines('"""Import from here."""', "from pkg.expressions import Literal"),
        "pkg/expressions.py": expressions(","),
      },
      { "pkg/expressions.py": expressions(";") },
    );
    expect(api("Literal.parse")).toEqual({ public: true, reason: "a member of a public class" });
    expect(api("Expression.match")).toEqual({
      public: false,
      reason:
        "its class is not public (not re-exported by pkg/__init__.py, which hands out the package's API from its modules)",
    });
  });

  it("Python: a package whose __init__ gathers nothing keeps its modules' public names public", async () => {
    const slug = (sep: string) => lines("def slug(text):", `    return text.replace(' ', '${sep}')`);
    const api = await explainChange(
      { "pkg/__init__.py": "", "pkg/text.py": slug("-") },
      { "pkg/text.py": slug("_") },
    );
    expect(api("slug")).toEqual({ public: true, reason: "a public name of a public module" });
  });

  it("TS: an export of a module the entry re-exports other names of is not public API", async () => {
    const command = (prefix: string) =>
      lines(
        "export function runCommand(name: string): string {",
        `  return resolveSubCommand(name).trim() || "${prefix}";`,
        "}",
        "export function resolveSubCommand(name: string): string {",
        `  return "${prefix}" + name;`,
        "}",
        "export interface CommandMeta {",
        "  name: string;",
        "}",
      );
    const api = await explainChange(
      {
        "package.json": '{ "name": "cli-kit", "type": "module", "exports": { ".": "./dist/index.mjs" } }\n',
        "src/index.ts": lines(
          'export { runCommand } from "./command.ts";',
          'export type { CommandMeta } from "./command.ts";',
        ),
        "src/command.ts": command("cmd:"),
      },
      { "src/command.ts": command("command:") },
    );
    expect(api("runCommand")).toEqual({
      public: true,
      reason: "exported from the package entry point dist/index.mjs",
    });
    expect(api("resolveSubCommand")).toEqual({
      public: false,
      reason:
        "exported from its module, but not among the names the package entry point dist/index.mjs passes on",
    });
  });
});
