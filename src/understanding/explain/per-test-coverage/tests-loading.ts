// The test files worth running for a diff: those that load a changed file, directly or through the
// repository's own imports (a test that never loads it cannot execute it). Read from the index's
// resolved imports; a file whose imports do not resolve is not selected, nor one under a test folder
// that the test run does not run as tests (a Python helper module or `__init__.py` pytest does not
// collect: run alone it runs no test, and what its import executes is no test's doing). pytest loads
// every `conftest.py` above a test file before it: a test that reaches the change only through a
// fixture there (`def test_x(version):`) imports nothing of it, and runs it all the same. Python
// loads a module's packages before the module: importing `pkg/tests/test_x.py` as
// `pkg.tests.test_x` (pytest and unittest do, when the folders have `__init__.py`) runs
// `pkg/__init__.py`, and what that imports, though the test imports nothing of the package.
import type { CodeIndex } from "../../index/code-index.ts";
import { runsNoTests } from "../runs-no-tests.ts";

const conftest = /(^|\/)conftest\.py$/;

export function testsLoading(index: CodeIndex, changedFiles: ReadonlySet<string>): string[] {
  const importers = new Map<string, Set<string>>();
  for (const ref of index.imports) {
    if (!ref.resolved || ref.resolved === ref.file) continue;
    const set = importers.get(ref.resolved) ?? new Set<string>();
    set.add(ref.file);
    importers.set(ref.resolved, set);
  }
  const paths = new Set(index.files.map((f) => f.path));
  for (const file of paths)
    for (const init of enclosingPackageInits(file, paths)) {
      const set = importers.get(init) ?? new Set<string>();
      set.add(file);
      importers.set(init, set);
    }
  const reached = new Set<string>();
  let frontier = [...changedFiles];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const file of frontier)
      for (const importer of importers.get(file) ?? [])
        if (!reached.has(importer)) {
          reached.add(importer);
          next.push(importer);
        }
    frontier = next;
  }
  const tests = new Set(index.files.filter((f) => f.isTest && !runsNoTests(f.path)).map((f) => f.path));
  for (const f of changedFiles) reached.add(f);
  for (const f of [...reached].filter((r) => conftest.test(r))) {
    const folder = f.slice(0, f.length - "conftest.py".length);
    for (const test of tests) if (test.startsWith(folder)) reached.add(test);
  }
  return [...reached].filter((f) => tests.has(f)).sort();
}

/** The `__init__.py` files Python runs before `file` (`a/b/c.py`: `a/b/__init__.py`, then
 * `a/__init__.py`), up to the first folder that is not a package. */
function enclosingPackageInits(file: string, paths: ReadonlySet<string>): string[] {
  if (!file.endsWith(".py")) return [];
  const out: string[] = [];
  let folder = file.slice(0, Math.max(0, file.lastIndexOf("/")));
  if (file.endsWith("/__init__.py") || file === "__init__.py")
    folder = folder.slice(0, Math.max(0, folder.lastIndexOf("/")));
  while (folder !== "") {
    const init = `${folder}/__init__.py`;
    if (!paths.has(init)) break;
    out.push(init);
    folder = folder.slice(0, Math.max(0, folder.lastIndexOf("/")));
  }
  return out;
}
