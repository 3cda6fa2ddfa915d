// A bare `test.js` or `tests.py` is taken for a single-file suite, and in most repositories it is
// one (dot-prop's and normalize-url's root `test.js`, python-json-pointer's `tests.py`). Some
// projects give the name to code: hast-util-select's `lib/test.js` is the selector test that
// `lib/walk.js` imports, nunjucks' `src/tests.js` holds its built-in Jinja tests. A suite is run,
// never imported by the code it tests, so such a file that a non-test file imports is code.
import type { ImportRef } from "./code-index.ts";
import { filesImportLoads } from "./import-loads.ts";
import { isTestByBareName, isTestPath } from "./test-files.ts";

/** The files that are tests by their bare name only and that some non-test file imports. */
export function codeNamedLikeSuites(imports: Iterable<ImportRef>, files: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const ref of imports) {
    // The importer by its path: a bare-named file imported only by another one stays a test.
    if (isTestPath(ref.file)) continue;
    for (const loaded of filesImportLoads(ref, files)) if (isTestByBareName(loaded)) out.add(loaded);
  }
  return out;
}
