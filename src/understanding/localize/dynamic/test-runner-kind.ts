// Which test runner a command line starts, so a single test can be selected with that runner's own
// filter flags. Recognised by the program or package name in argv (`npx vitest run`, `python -m pytest`,
// `python3 -m unittest discover`).
export type TestRunnerKind =
  "jest" | "vitest" | "mocha" | "node_test" | "tap" | "ava" | "tape" | "uvu" | "pytest" | "unittest";

const byName: Record<string, TestRunnerKind> = {
  jest: "jest",
  vitest: "vitest",
  mocha: "mocha",
  _mocha: "mocha",
  tap: "tap",
  ava: "ava",
  tape: "tape",
  uvu: "uvu",
  pytest: "pytest",
  "py.test": "pytest",
};

export function testRunnerKind(argv: readonly string[]): TestRunnerKind | null {
  for (const [i, word] of argv.entries()) {
    const base = word.split("/").pop() ?? word;
    const kind = byName[base];
    if (kind) return kind;
    if (isJestScript(word)) return "jest";
    if (word === "--test" && /(^|\/)node$/.test(argv[0] ?? "")) return "node_test";
    if (word === "-m" && argv[i + 1] === "pytest") return "pytest";
    if (word === "-m" && argv[i + 1] === "unittest") return "unittest";
  }
  return null;
}

/**
 * jest's own script run by node (`node --experimental-vm-modules node_modules/jest/bin/jest.js` or jest-cli's, jest's
 * documented way to run ESM tests); by its path, so a project's `scripts/jest.js` wrapper is not jest.
 */
export function isJestScript(word: string): boolean {
  return /(?:^|\/)jest(?:-cli)?\/bin\/jest\.js$/.test(word);
}
