// A benchmark file (`*.bench.ts`, run by `vitest bench` for timings) is test-side code: its blocks
// are never "untested" nor public API, whichever folder it sits in. Real git, real tree-sitter.
import { describe, expect, it } from "vitest";
import { lines } from "../make-repo.ts";
import { useExplainChange } from "./explain-change.ts";

const explain = useExplainChange();

const bench = (n: number) =>
  lines(
    'import { bench, describe } from "vitest";',
    'import { parse } from "./parse";',
    "",
    'describe("parse", () => {',
    `  bench("short", () => { parse("a".repeat(${n})); });`,
    "});",
  );

describe("benchmark files", () => {
  it("are never flagged untested or public", async () => {
    const result = await explain(
      {
        "package.json": '{ "name": "p", "main": "src/parse.ts" }',
        "src/parse.ts": lines("export function parse(s: string) {", "  return s.length;", "}"),
        "src/parse.bench.ts": bench(10),
      },
      { "src/parse.bench.ts": bench(1000) },
    );
    const block = result.symbols.find((s) => s.file === "src/parse.bench.ts");
    expect(block).toBeDefined();
    expect(block?.risks.filter((r) => r.startsWith("no test"))).toEqual([]);
    expect(block?.api.public).toBe(false);
  });
});
