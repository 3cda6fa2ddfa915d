// Test-file detection by the conventions of each ecosystem (paths only, no content).
const testDirs = new Set(["test", "tests", "__tests__", "spec", "specs", "testing", "e2e"]);
const testNames = [
  /\.(test|spec)\.[cm]?[jt]sx?$/,
  // A single-file suite: `test.js`, `tests.js`, `spec.ts`, `test.py` (common in small packages).
  // Not `spec.py`: no Python runner collects it (unittest's default is `test*.py`), and packages
  // name modules so (pathspec's `patterns/gitignore/spec.py`), which then vanished from the index.
  /^(tests?|specs?)\.[cm]?[jt]sx?$/,
  /^tests?\.py$/,
  /^test_.*\.py$/,
  /_test\.py$/,
  /^conftest\.py$/,
  /_test\.go$/,
  /(Test|Tests|IT)\.java$/,
];

export function isTestPath(path: string): boolean {
  const segments = path.split("/");
  const name = segments[segments.length - 1] ?? path;
  if (testNames.some((re) => re.test(name))) return true;
  // Underscores around a test folder's name are a spelling, not another meaning: csstree keeps its
  // tests in `lib/__tests/`, others use `_tests/` or `__spec__/`.
  return segments.slice(0, -1).some((s) => testDirs.has(s) || testDirs.has(s.replace(/^_+|_+$/g, "")));
}
