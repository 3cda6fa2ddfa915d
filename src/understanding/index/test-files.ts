// Test-file detection by the conventions of each ecosystem (paths only, no content). The index
// overrides one case by its imports (code-named-like-suites.ts).
const testDirs = new Set(["test", "tests", "__tests__", "spec", "specs", "testing", "e2e"]);
// A single-file suite: `test.js`, `tests.js`, `spec.ts`, `test.py` (common in small packages).
// Not `spec.py`: no Python runner collects it (unittest's default is `test*.py`), and packages
// name modules so (pathspec's `patterns/gitignore/spec.py`), which then vanished from the index.
const suiteNames = [/^(tests?|specs?)\.[cm]?[jt]sx?$/, /^tests?\.py$/];
const testNames = [
  /\.(test|spec)\.[cm]?[jt]sx?$/,
  ...suiteNames,
  /^test_.*\.py$/,
  /_test\.py$/,
  /^conftest\.py$/,
  /_test\.go$/,
  /(Test|Tests|IT)\.java$/,
];

export function isTestPath(path: string): boolean {
  return testNames.some((re) => re.test(fileName(path))) || inTestFolder(path);
}

/**
 * A test by its bare name only (`lib/test.js`, `src/tests.py`), outside every test folder: the one
 * kind of test path that projects also give to code (assemble-index.ts asks who imports it).
 */
export function isTestByBareName(path: string): boolean {
  return suiteNames.some((re) => re.test(fileName(path))) && !inTestFolder(path);
}

function fileName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

// Underscores around a test folder's name are a spelling, not another meaning: csstree keeps its
// tests in `lib/__tests/`, others use `_tests/` or `__spec__/`.
function inTestFolder(path: string): boolean {
  return path
    .split("/")
    .slice(0, -1)
    .some((s) => testDirs.has(s) || testDirs.has(s.replace(/^_+|_+$/g, "")));
}
