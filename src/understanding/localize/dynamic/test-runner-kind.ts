// Which test runner a command line starts, so a single test can be selected with that runner's own
// filter flags. Recognised by the program or package name in argv (`npx vitest run`, `python -m pytest`,
// `python3 -m unittest discover`). A reporter's or preload's name is an option's value, not the runner:
// `lab -r tap` is @hapi/lab writing TAP, not node-tap.
export type TestRunnerKind =
  "jest" | "vitest" | "mocha" | "node_test" | "tap" | "ava" | "tape" | "uvu" | "lab" | "pytest" | "unittest";

const byName: Record<string, TestRunnerKind> = {
  jest: "jest",
  vitest: "vitest",
  mocha: "mocha",
  _mocha: "mocha",
  tap: "tap",
  ava: "ava",
  tape: "tape",
  uvu: "uvu",
  lab: "lab",
  pytest: "pytest",
  "py.test": "pytest",
};

// Options whose value names a module or reporter (`-r tap`, `--reporter tap`, `--test-reporter tap`).
const namesAModule = /^(?:-r|-R|--reporter|--test-reporter|--require)$/;

export function testRunnerKind(argv: readonly string[]): TestRunnerKind | null {
  for (const [i, word] of argv.entries()) {
    if (i > 0 && namesAModule.test(argv[i - 1] ?? "")) continue;
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
