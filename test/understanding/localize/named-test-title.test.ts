import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Failure } from "../../../src/perception/failure.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { createSymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import { namedTestLocations } from "../../../src/understanding/localize/named-test-location.ts";
import { createLogPathResolver } from "../../../src/understanding/localize/resolve-log-path.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

// A pull request writes both the test's title (its test file) and the name the runner reports (the
// log): a title of many placeholders and a long name that does not fit it must be decided at once.
const manyPlaceholders = `${"%s a".repeat(12)}X`;

describe("a failing test named by file and title, matched against titles with placeholders", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "test/cases.test.js": lines(
        "const rows = [[1, 2]];",
        "describe('cases', () => {",
        `  it.each(rows)('${manyPlaceholders}', (a) => {`,
        "    expect(a).toBe(1);",
        "  });",
        "  it.each(rows)('adds %d and %d', (a, b) => {",
        "    expect(a + b).toBe(3);",
        "  });",
        "});",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  const located = (name: string) => {
    const failure: Failure = {
      tool: "vitest",
      kind: "test",
      file: null,
      line: null,
      column: null,
      test: `test/cases.test.js > cases > ${name}`,
      message: "AssertionError",
      rule: null,
      frames: [],
    };
    const resolve = createLogPathResolver(index.files.map((f) => f.path));
    return namedTestLocations([failure], [], resolve, createSymbolLookup(index), index.symbols).map(
      (l) => l.line,
    );
  };

  it("finds the block whose placeholders the name fills in", () => {
    expect(located("adds 1 and 2")).toEqual([6]);
    expect(located(`${"7 a".repeat(12)}X`)).toEqual([3]);
  });

  it("decides a long name that fits no title without backtracking over every split of it", () => {
    expect(located(" a".repeat(400))).toEqual([]);
  });
});

// Mocha names a test by its titles joined with spaces and no file. markdown-it's fixture cases are
// generated inside a describe by a package (`generate(dir, md)`), so their names go on past any
// block's title and their stacks hold only the package's frames.
describe("a failing mocha test with no location, named past the describe that generated it", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "test/markdown-it.mjs": lines(
        "import generate from 'markdown-it-testgen'",
        "import markdownit from '../index.mjs'",
        "",
        "describe('markdown-it', function () {",
        "  generate('fixtures/markdown-it', markdownit())",
        "})",
      ),
      "test/misc.mjs": lines(
        "describe('API', function () {",
        "  it('renders', function () {})",
        "})",
        "describe('API', function () {",
        "  it('parses', function () {})",
        "})",
      ),
      "test/render.mjs": lines(
        "import generate from 'markdown-it-testgen'",
        "function render (src) { return src }",
        "",
        "describe('render', function () {",
        "  generate('fixtures/render', { render })",
        "})",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  const located = (test: string, file: string | null = null) => {
    const failure: Failure = {
      tool: "mocha",
      kind: "test",
      file,
      line: null,
      column: null,
      test,
      message: "AssertionError: expected '<p>a</p>' to equal '<p>b</p>'",
      rule: null,
      frames: [],
    };
    const resolve = createLogPathResolver(index.files.map((f) => f.path));
    return namedTestLocations([failure], [], resolve, createSymbolLookup(index), index.symbols).map(
      ({ file, line }) => ({ file, line }),
    );
  };

  it("takes the block whose title path is the longest leading part of the name", () => {
    expect(located("markdown-it smartquotes.txt line 12")).toEqual([
      { file: "test/markdown-it.mjs", line: 4 },
    ]);
    expect(located("API renders")).toEqual([{ file: "test/misc.mjs", line: 2 }]);
    // A name far longer than any title (the log is the pull request's) still finds its describe.
    expect(located(`markdown-it ${"case ".repeat(20000)}`)).toEqual([
      { file: "test/markdown-it.mjs", line: 4 },
    ]);
  });

  it("takes the describe, not a helper function of the test file named like its title", () => {
    expect(located("render fixture line 3")).toEqual([{ file: "test/render.mjs", line: 4 }]);
  });

  it("takes none when two blocks share that title, or when the failure has a file", () => {
    expect(located("API other case")).toEqual([]);
    expect(located("markdown-it smartquotes.txt line 12", "lib/x.mjs")).toEqual([]);
  });
});
