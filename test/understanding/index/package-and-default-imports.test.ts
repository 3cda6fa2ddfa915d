import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

// The shape of markdown-it's tests: a fixture generator imported from a package (which another test
// file happens to define by the same name), and the library's default export reached through a root
// `index.mjs` that re-exports `lib/index.mjs`'s `export default MarkdownIt`.
describe("calls of names imported from packages and of default exports declared apart", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "lib/index.mjs": lines(
        "function MarkdownIt(options) {",
        "  if (!(this instanceof MarkdownIt)) return new MarkdownIt(options);",
        "}",
        "export default MarkdownIt",
      ),
      "lib/parse.js": lines("function parse(text) {", "  return text;", "}", "module.exports = parse;"),
      "lib/table.js": lines(
        "class Table {",
        "  join(a) {",
        "    return a;",
        "  }",
        "}",
        "module.exports = Table;",
      ),
      "index.mjs": "export { default } from './lib/index.mjs'\n",
      "src/alias.ts": lines("export function slug(s: string) {", "  return s;", "}"),
      "test/markdown-it.mjs": lines(
        "import generate from 'markdown-it-testgen'",
        "import markdownit from '../index.mjs'",
        "import path from 'node:path'",
        "import { slug } from 'src/alias'",
        "const parse = require('../lib/parse.js')",
        "describe('markdown-it', function () {",
        "  const md = markdownit({ html: true })",
        "  generate(path.join('fixtures', 'x'), md)",
        "  parse(slug('a'))",
        "})",
      ),
      "test/commonmark.mjs": lines("function generate(dir) {", "  return dir", "}", "generate('y')"),
      "tests/test_load.py": lines(
        "from json import loads",
        "from lib2.reader import read",
        "def test_load():",
        "    loads(read('x'))",
      ),
      "lib2/__init__.py": "",
      "lib2/reader.py": lines("def read(text):", "    return text", "def loads(text):", "    return text"),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  // The call must be indexed: a call not found would read as one bound to nothing.
  const target = (file: string, line: number, callee: string) => {
    const call = index.calls.find((c) => c.file === file && c.line === line && c.calleeName === callee);
    expect(call, `${file}:${line} ${callee}`).toBeDefined();
    return index.symbols.find((s) => s.id === call?.to) ?? null;
  };

  it("binds no project symbol to a name imported from a package", () => {
    expect(target("test/markdown-it.mjs", 8, "generate")).toBeNull();
    expect(target("test/markdown-it.mjs", 8, "path.join")).toBeNull();
    expect(target("tests/test_load.py", 4, "loads")).toBeNull();
  });

  it("still binds project imports, bare path aliases included", () => {
    expect(target("tests/test_load.py", 4, "read")).toMatchObject({ file: "lib2/reader.py" });
    expect(target("test/markdown-it.mjs", 9, "slug")).toMatchObject({ file: "src/alias.ts" });
  });

  it("binds a default import to the declaration the module exports as its default", () => {
    expect(target("test/markdown-it.mjs", 7, "markdownit")).toMatchObject({
      file: "lib/index.mjs",
      name: "MarkdownIt",
    });
    expect(target("test/markdown-it.mjs", 9, "parse")).toMatchObject({ file: "lib/parse.js", name: "parse" });
  });
});
