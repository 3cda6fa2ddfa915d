import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { createSymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import { failingReachSignal } from "../../../src/understanding/localize/failing-reach-signal.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

/** The names of what failing_reach credits for one failing test, sorted. */
function reachedNames(index: CodeIndex, file: string, line: number): (string | undefined)[] {
  const scores = failingReachSignal(index, createSymbolLookup(index), [{ file, line }]);
  return [...scores.keys()].map((id) => index.symbols.find((s) => s.id === id)?.name).sort();
}

// pako's shape: crc.js builds its table at load (`const table = makeTable()`), and nothing calls
// makeTable by name. A test loading gzip.js, which requires crc.js, runs it; a CLI module's `main()`
// under `require.main === module` it does not, nor what a module required inside a function runs.
describe("failing_reach through code run at module load", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "src/crc.js": lines(
        "function makeTable() {",
        "  const t = [];",
        "  for (let n = 0; n < 4; n++) t.push(n >>> 1);",
        "  return t;",
        "}",
        "const table = makeTable();",
        "function crc(n) {",
        "  return table[n];",
        "}",
        "module.exports = { crc };",
      ),
      "src/gzip.js": lines(
        'const { crc } = require("./crc");',
        "function gzip(s) {",
        "  return crc(s.length);",
        "}",
        "function ungzip(s) {",
        '  const { inflate } = require("./inflate");',
        "  return inflate(s);",
        "}",
        "module.exports = { gzip, ungzip };",
      ),
      // Required only inside ungzip, which the test does not call: loading gzip.js does not load it.
      "src/inflate.js": lines(
        "function makeWindow() {",
        "  return [];",
        "}",
        "const window = makeWindow();",
        "function inflate(s) {",
        "  return window.concat(s);",
        "}",
        "module.exports = { inflate };",
      ),
      "src/cli.js": lines(
        "function banner() {",
        '  return "gzip";',
        "}",
        "function main() {",
        "  return banner();",
        "}",
        "if (require.main === module) main();",
        "module.exports = { main };",
      ),
      "test/gzip.test.js": lines(
        'const { gzip } = require("../src/gzip");',
        'require("../src/cli");',
        "",
        'describe("gzip", () => {',
        '  it("sums", () => {',
        '    expect(gzip("ab")).toBe(1);',
        "  });",
        "});",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("reaches a function a loaded module calls at top level, not a script-only main nor a lazily required module's", () => {
    expect(reachedNames(index, "test/gzip.test.js", 6)).toEqual(["crc", "gzip", "makeTable"]);
  });
});

// Python loads more than the module an import names: `from pkg.scan import scan` runs the package's
// `__init__.py` first, and its `from . import patterns` loads pkg/patterns.py, whose top level calls
// compile_all; an import under `if TYPE_CHECKING:` never runs.
describe("failing_reach through Python package loading", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "pkg/__init__.py": lines("from . import patterns"),
      "pkg/patterns.py": lines("def compile_all():", "    return []", "", "_CACHE = compile_all()"),
      "pkg/scan.py": lines(
        "from typing import TYPE_CHECKING",
        "",
        "if TYPE_CHECKING:",
        "    from pkg.extra import Extra",
        "",
        "def scan(text):",
        "    return text",
      ),
      "pkg/extra.py": lines("def build():", "    return 1", "", "Extra = build()"),
      "tests/test_scan.py": lines(
        "from pkg.scan import scan",
        "",
        "def test_scan():",
        '    assert scan("a")',
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("reaches what the package __init__ loads, not what a TYPE_CHECKING import names", () => {
    expect(reachedNames(index, "tests/test_scan.py", 4)).toEqual(["compile_all", "scan"]);
  });
});

// TypeScript erases type-only imports: `import type`, `export type … from` and an import whose every
// name is marked `type` load nothing at run time, so the top-level code of what they name does not run
// for the test. One value name (`import { type Options, normalize }`) keeps the load.
describe("failing_reach through TypeScript type-only imports", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  const module = (name: string) =>
    lines(
      `function ${name}Table() {`,
      "  return [];",
      "}",
      `export const ${name} = ${name}Table();`,
      `export type ${name}Type = number;`,
    );
  beforeAll(async () => {
    repo = makeRepo({
      "src/a.ts": module("a"),
      "src/b.ts": module("b"),
      "src/c.ts": module("c"),
      "src/d.ts": module("d"),
      "src/types.ts": lines('export type { aType } from "./a";'),
      "src/parse.ts": lines(
        'import type { bType } from "./b";',
        'import { type cType } from "./c";',
        'import { type dType, d } from "./d";',
        'import type { aType } from "./types";',
        "export function parse(s: string): bType | cType | dType | aType {",
        "  return s.length + d.length;",
        "}",
      ),
      "test/parse.test.ts": lines(
        'import { parse } from "../src/parse";',
        "",
        'it("parses", () => {',
        '  expect(parse("ab")).toBe(2);',
        "});",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("reaches what a value import loads, not what a type-only import names", () => {
    expect(reachedNames(index, "test/parse.test.ts", 4)).toEqual(["dTable", "parse"]);
  });
});
