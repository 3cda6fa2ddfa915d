import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

// csso's shape: one ES module per AST node type, each `export default function(node) {...}`,
// imported by a dispatcher under a name of its own. Unindexed, a stack frame in such a module
// (`at default (lib/replace/atrule/keyframes.js:2:16)`) pointed at no function at all.
describe("anonymous ES module default exports", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "lib/replace/atrule/keyframes.js": lines(
        "export default function(node) {",
        "  node.block.children.forEach((rule) => rule);",
        "};",
      ),
      "lib/replace/Atrule.js": lines(
        "import compressKeyframes from './atrule/keyframes.js';",
        "export default function(node) {",
        "  if (node.name === 'keyframes') {",
        "    compressKeyframes(node);",
        "  }",
        "};",
      ),
      "lib/create.ts": lines("export default <T>(config: T) => [config];"),
      "lib/walk.js": lines("export default function* (ast) {", "  yield ast;", "}"),
      "lib/named.js": lines("export default function named(x) {", "  return x;", "}"),
      // klona's test/suites/*.js: one function registering a whole suite, called by test/full.js.
      "test/suites/pollution.js": lines(
        "import { suite } from 'uvu';",
        "import { helper } from '../helper.js';",
        "export default function (klona) {",
        "  const Pollution = suite('pollution');",
        "  Pollution('constructor', () => {",
        "    klona(helper());",
        "  });",
        "}",
      ),
      "test/helper.js": lines("export function helper() {", "  return {};", "}"),
      "lib/index.js": lines(
        "import Atrule from './replace/Atrule.js';",
        "import create from './create';",
        "import walk from './walk.js';",
        "export function compress(ast) {",
        "  Atrule(ast);",
        "  walk(create(ast));",
        "}",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  const symbolIn = (file: string) =>
    index.symbols
      .filter((s) => s.file === file)
      .map((s) => [s.qualifiedName, s.kind, s.startLine, s.endLine, s.exported]);
  const targetOf = (file: string, line: number) =>
    index.calls.find((c) => c.file === file && c.line === line)?.to ?? null;

  it("indexes an anonymous function, arrow or generator exported as default, named default", () => {
    expect(symbolIn("lib/replace/atrule/keyframes.js")).toEqual([["default", "function", 1, 3, true]]);
    expect(symbolIn("lib/replace/Atrule.js")).toEqual([["default", "function", 2, 6, true]]);
    expect(symbolIn("lib/create.ts")).toEqual([["default", "function", 1, 1, true]]);
    expect(symbolIn("lib/walk.js")).toEqual([["default", "function", 1, 3, true]]);
  });

  it("keeps a named default export under its own name", () => {
    expect(symbolIn("lib/named.js")).toEqual([["named", "function", 1, 3, true]]);
  });

  it("leaves a test file's anonymous default export out: it would enclose every test of the suite", () => {
    expect(symbolIn("test/suites/pollution.js")).toEqual([]);
    const call = index.calls.find((c) => c.file === "test/suites/pollution.js" && c.calleeName === "helper");
    expect(call).toMatchObject({ from: null, to: "test/helper.js#helper@1" });
    expect(symbolIn("test/helper.js")).toEqual([["helper", "function", 1, 3, true]]);
  });

  it("binds a default import, under any local name, to the anonymous export", () => {
    expect(targetOf("lib/replace/Atrule.js", 4)).toBe("lib/replace/atrule/keyframes.js#default@1");
    expect(targetOf("lib/index.js", 5)).toBe("lib/replace/Atrule.js#default@2");
  });
});
