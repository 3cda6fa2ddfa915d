// A benchmark file (`*.bench.ts`, run by `vitest bench` for timings) and a type test (`*.test-d.ts`,
// only type-checked) are test-side code: their blocks are never "untested" nor public API, whichever
// folder they sit in. The package declares no entry point, so an exported function of any other
// module is public: the files' own exports would be too without the rule. Real git, real tree-sitter.
import { describe, expect, it } from "vitest";
import { lines } from "../make-repo.ts";
import { useExplainChange } from "./explain-change.ts";

const explain = useExplainChange();

const bench = (n: number) =>
  lines(
    'import { bench, describe } from "vitest";',
    'import { parse } from "./parse";',
    "",
    "export function input(size: number) {",
    `  return "a".repeat(size * ${n});`,
    "}",
    "",
    'describe("parse", () => {',
    '  bench("short", () => { parse(input(1)); });',
    "});",
  );

const typeTest = (arg: string) =>
  lines(
    'import { expectTypeOf, test } from "vitest";',
    'import { parse } from "./parse";',
    "",
    "export function parsed(s: string) {",
    `  return parse(${arg});`,
    "}",
    "",
    'test("parse returns a count", () => {',
    '  expectTypeOf(parsed("a")).toEqualTypeOf<number>();',
    "});",
  );

const base = {
  "src/parse.ts": lines("export function parse(s: string) {", "  return s.length;", "}"),
  "src/parse.bench.ts": bench(10),
  "src/parse.test-d.ts": typeTest("s"),
};

describe("benchmark and type-test files", () => {
  it("have exported functions that are neither public API nor untested", async () => {
    const result = await explain(base, {
      "src/parse.ts": lines("export function parse(s: string) {", "  return s.trim().length;", "}"),
      "src/parse.bench.ts": bench(1000),
      "src/parse.test-d.ts": typeTest("s.trim()"),
    });
    // The same rule makes src/parse.ts's export public: the fixture would make the other two public too.
    const parse = result.symbols.find((s) => s.qualifiedName === "parse");
    expect(parse?.api).toEqual({ public: true, reason: "exported (the package declares no entry point)" });
    for (const [file, name] of [
      ["src/parse.bench.ts", "input"],
      ["src/parse.test-d.ts", "parsed"],
    ] as const) {
      const fn = result.symbols.find((s) => s.file === file && s.qualifiedName === name);
      expect(fn, `${file} ${name}`).toBeDefined();
      expect.soft(fn?.api, file).toEqual({ public: false, reason: "test code" });
      expect.soft(fn?.risks.filter((r) => r.startsWith("no test"))).toEqual([]);
    }
  });
});
