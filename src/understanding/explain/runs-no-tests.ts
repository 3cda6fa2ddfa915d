// Files under test folders that the test run does not run as tests: vitest's type tests and
// benchmarks, and Python files pytest does not collect. The walk records no test in them.

/** Files under test folders that check nothing a change could break: vitest's type tests
 * (`*.test-d.ts`, only type-checked, never executed) and benchmarks (`*.bench.ts`, run by `vitest
 * bench` for timings, not by the test run). */
const notATest = /\.(?:test|spec)-d\.[cm]?tsx?$|\.bench\.[cm]?[jt]sx?$/;

/** Benchmarks and type tests: code of the test side that no test run executes, so neither "no test
 * reaches it" nor "public API" applies to it (a `describe` block of `src/parse.bench.ts`). */
export function isBenchOrTypeTest(path: string): boolean {
  return notATest.test(path);
}

/** A Python file under a test folder that pytest's and unittest's default discovery (`test*.py`,
 * `*_test.py`) does not collect, nor a `conftest.py`: a benchmark script, a data module. */
function notCollectedByPytest(path: string): boolean {
  const name = path.split("/").pop() ?? path;
  return name.endsWith(".py") && !/^(?:test.*|.*_test|conftest)\.py$/.test(name);
}

/** A file under a test folder that the test run does not run as tests (see the two rules above). */
export function runsNoTests(path: string): boolean {
  return notATest.test(path) || notCollectedByPytest(path);
}
