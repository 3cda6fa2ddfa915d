// vitest and jest collect only files named `*.test.*` / `*.spec.*` (jest also anything under
// `__tests__/`). A JS/TS file beside such tests but named like none of them is a script or helper
// the test run never loads as tests: hookable's `test/bench.ts` (a mitata benchmark run by `node`)
// was listed as reaching every method it timed. Mocha and tape suites name their files freely and
// run them all (picomatch's `test/` holds one `bash.spec.js` among 33 plain files), so a folder counts
// as following the convention only when most of its JS/TS test files do.
import { posix } from "node:path";

const conventional = /\.(?:test|spec)\.[cm]?[jt]sx?$/;
const ecmascript = /\.[cm]?[jt]sx?$/;

/** Test-side JS/TS files (helpers that tests import left out by the caller) that do not follow the
 * `.test.`/`.spec.` naming in a folder where most of them do. */
export function unconventionalTestFiles(testPaths: Iterable<string>): Set<string> {
  const byDir = new Map<string, string[]>();
  for (const path of testPaths) {
    if (!ecmascript.test(path) || path.split("/").includes("__tests__")) continue;
    const dir = posix.dirname(path);
    const list = byDir.get(dir);
    if (list) list.push(path);
    else byDir.set(dir, [path]);
  }
  const out = new Set<string>();
  for (const paths of byDir.values())
    if (paths.filter((p) => conventional.test(p)).length * 2 > paths.length)
      for (const p of paths) if (!conventional.test(p)) out.add(p);
  return out;
}
