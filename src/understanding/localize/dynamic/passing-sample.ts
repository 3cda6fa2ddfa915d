// Passing executions for the spectrum: tests declared in the failing tests' files first (they share
// setup with the failure, so what they run too is less suspect), then in other test files.
import type { TestTarget } from "./filtered-argv.ts";

const jsTest = /\b(?:it|test)(?:\.only)?\s*\(\s*(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g;
const pyTest = /^(\s*)def (test_\w+)\s*\(/;
const pyClass = /^(\s*)class (\w+)\s*(?:\(([^)]*)\))?/;

export interface PassingSampleInput {
  testFiles: readonly string[];
  readText: (file: string) => string | null;
  failing: readonly TestTarget[];
  /**
   * Full names of every failing test the log names (not only those re-run): a sampled name inside one
   * of them would select that failing test too (mocha's --grep and jest's -t match the full title,
   * pytest's -k a substring), and a failing batch is not a passing execution.
   */
  failingNames: readonly string[];
  byFileOnly: boolean;
  max: number;
}

export function passingSample(input: PassingSampleInput): TestTarget[] {
  const failingFiles = new Set(input.failing.map((t) => t.file).filter((f) => f !== null));
  if (input.byFileOnly)
    return input.testFiles
      .filter((f) => !failingFiles.has(f) && isRunnable(f))
      .slice(0, input.max)
      .map((file) => ({ name: null, file }));
  const failingNames = new Set(input.failing.map((t) => t.name));
  // A failing file named without a test failed as a whole (a module that does not load: pytest's
  // collection error, a jest suite that failed to run): none of its tests can pass alone.
  const wholeFiles = new Set(input.failing.flatMap((t) => (t.name === null && t.file ? [t.file] : [])));
  const ordered = [
    ...input.testFiles.filter((f) => failingFiles.has(f) && !wholeFiles.has(f)),
    ...input.testFiles.filter((f) => !failingFiles.has(f)),
  ];
  const out: TestTarget[] = [];
  for (const file of ordered) {
    for (const { name, className } of declaredTests(input.readText(file) ?? "", file)) {
      if (failingNames.has(name) || out.some((t) => t.name === name)) continue;
      if (input.failingNames.some((full) => full.includes(name))) continue;
      out.push(className === undefined ? { name, file } : { name, file, className });
      if (out.length >= input.max) return out;
    }
  }
  return out;
}

function declaredTests(text: string, file: string): { name: string; className?: string }[] {
  // pytest collects `test_*.py` / `*_test.py`, unittest `test*.py`: a `def test_x` in another file
  // (a package's __init__.py, a helper) is no collected test, and its node id makes pytest exit 4.
  if (file.endsWith(".py")) return /(^|\/)test[^/]*\.py$|_test\.py$/.test(file) ? pythonTests(text) : [];
  return [...text.matchAll(jsTest)]
    .map((m) => ({ name: m[2] ?? "" }))
    .filter((t) => t.name !== "" && !t.name.includes("${"));
}

// `def test_x` at module level, or inside a class (by indentation): unittest selects methods by class.
// Methods of a class no runner collects (a mixin: not `Test*`, no `TestCase` base) run only under
// its subclasses, so their node ids select nothing (pytest exits 4): they are not sampled. Classes
// nest (a helper class defined inside a test method): a stack, so the method after a nested class
// still belongs to the class around it, not to the module. A method of a nested class (pytest's
// `TestA::TestB::test_x`) is not sampled: its class name alone selected nothing (pytest exit 4, the
// whole passing batch lost), and unittest does not load nested classes at all.
function pythonTests(text: string): { name: string; className?: string }[] {
  const out: { name: string; className?: string }[] = [];
  const classes: { name: string; indent: number; collected: boolean }[] = [];
  const enclosing = (indent: number) => {
    while (classes.length > 0 && classes[classes.length - 1]!.indent >= indent) classes.pop();
    return classes[classes.length - 1] ?? null;
  };
  for (const line of text.split("\n")) {
    const c = pyClass.exec(line);
    if (c) {
      const name = c[2] ?? "";
      const indent = (c[1] ?? "").length;
      enclosing(indent);
      classes.push({ name, indent, collected: name.startsWith("Test") || /TestCase\b/.test(c[3] ?? "") });
      continue;
    }
    const d = pyTest.exec(line);
    if (!d) continue;
    const cls = enclosing((d[1] ?? "").length);
    if (cls !== null && (!cls.collected || classes.length > 1)) continue;
    out.push(cls === null ? { name: d[2] ?? "" } : { name: d[2] ?? "", className: cls.name });
  }
  return out;
}

function isRunnable(file: string): boolean {
  return /\.(m|c)?[jt]sx?$|\.py$/.test(file);
}
