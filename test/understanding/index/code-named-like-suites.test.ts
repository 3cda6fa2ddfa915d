// A bare `test.js` or `tests.py` is a single-file suite unless the project's code imports it:
// hast-util-select's `lib/test.js` (imported by `lib/walk.js`) and nunjucks' `src/tests.js`
// (required by `src/environment.js`) are code; dot-prop's root `test.js`, which imports the
// library, and css-what's `src/__fixtures__/tests.ts`, which only its specs import, are tests.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { extractorVersion } from "../../../src/understanding/index/extractor-version.ts";
import { openIndexCache } from "../../../src/understanding/index/index-cache.ts";
import { createSymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

const walk = (importsTest: boolean) =>
  lines(
    ...(importsTest ? ["import {test} from './test.js'"] : ["const test = () => true"]),
    "export function walk(query, node) {",
    "  return test(query, node) ? [node] : []",
    "}",
  );

const flagged = (index: CodeIndex) => index.files.filter((f) => f.isTest).map((f) => f.path);

describe("files named like a single-file suite", () => {
  let repo: TestRepo;
  beforeEach(() => {
    repo = makeRepo({
      // hast-util-select
      "index.js": lines("export {walk} from './lib/walk.js'"),
      "lib/walk.js": walk(true),
      "lib/test.js": lines(
        "export function test(query, node) {",
        "  return query.tagName === node.tagName",
        "}",
      ),
      "test/index.js": lines(
        "import assert from 'node:assert'",
        "import {walk} from '../index.js'",
        "assert(walk)",
      ),
      // dot-prop's root suite imports the library; the library does not import it
      "test.js": lines("import {walk} from './index.js'", "walk({}, {})"),
      // nunjucks: its Jinja tests are code; its suite of them is under tests/
      "nunjucks/src/environment.js": lines("const tests = require('./tests')", "module.exports = { tests }"),
      "nunjucks/src/tests.js": lines("function even(n) { return n % 2 === 0 }", "exports.even = even"),
      "tests/tests.js": lines("const env = require('../nunjucks/src/environment')", "env.tests.even(2)"),
      // css-what: fixtures named tests.ts that only the specs import
      "src/parse.ts": lines("export function parse(s: string) { return [s] }"),
      "src/__fixtures__/tests.ts": lines("export const tests = [['a', []]]"),
      "src/parse.spec.ts": lines(
        "import { tests } from './__fixtures__/tests'",
        "import { parse } from './parse'",
        "parse(tests[0][0])",
      ),
      // Python: a root suite, and a package whose __init__ loads its submodule `tests`
      "tests.py": lines("import pkg", "pkg.run()"),
      "pkg/__init__.py": lines("from . import tests", "def run():", "    return tests.even(2)"),
      "pkg/tests.py": lines("def even(n):", "    return n % 2 == 0"),
    });
  });
  afterEach(() => repo.cleanup());

  it("takes the ones the code imports for code and keeps the others as tests", async () => {
    const index = await buildIndex(repo.root, { cache: null });
    expect(flagged(index)).toEqual([
      "src/__fixtures__/tests.ts",
      "src/parse.spec.ts",
      "test.js",
      "test/index.js",
      "tests.py",
      "tests/tests.js",
    ]);
    const lookup = createSymbolLookup(index);
    for (const code of ["lib/test.js", "nunjucks/src/tests.js", "pkg/tests.py"])
      expect(lookup.isTest(code), code).toBe(false);
    // The library's call into it is an edge into code, as for any other module.
    expect(index.calls.find((c) => c.file === "lib/walk.js" && c.calleeName === "test")?.to).toBe(
      "lib/test.js#test@1",
    );
  });

  it("flags the file a test again when the last import of it goes, on an incremental build", async () => {
    const cache = openIndexCache(null, extractorVersion());
    try {
      const before = await buildIndex(repo.root, { cache });
      expect(flagged(before)).not.toContain("lib/test.js");
      repo.write("lib/walk.js", walk(false));
      repo.commitAll("walk tests by itself");
      const after = await buildIndex(repo.root, { cache });
      expect(after.stats?.parsedPaths).toEqual(["lib/walk.js"]);
      expect(flagged(after)).toContain("lib/test.js");
      // The earlier index, whose records the build reused, still says what it said.
      expect(flagged(before)).not.toContain("lib/test.js");
      repo.write("lib/walk.js", walk(true));
      repo.commitAll("import it again");
      expect(flagged(await buildIndex(repo.root, { cache }))).not.toContain("lib/test.js");
    } finally {
      cache.close();
    }
  });
});
