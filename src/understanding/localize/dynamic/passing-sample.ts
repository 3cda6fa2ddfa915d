// Passing executions for the spectrum: tests declared in the failing tests' files first (they share
// setup with the failure, so what they run too is less suspect), then in other test files.
import type { TestTarget } from "./filtered-argv.ts";

const jsTest = /\b(?:it|test)(?:\.only)?\s*\(\s*(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g;
const pyTest = /^\s*def (test_\w+)\s*\(/gm;

export interface PassingSampleInput {
  testFiles: readonly string[];
  readText: (file: string) => string | null;
  failing: readonly TestTarget[];
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
  const ordered = [
    ...input.testFiles.filter((f) => failingFiles.has(f)),
    ...input.testFiles.filter((f) => !failingFiles.has(f)),
  ];
  const out: TestTarget[] = [];
  for (const file of ordered) {
    for (const name of declaredTests(input.readText(file) ?? "", file)) {
      if (failingNames.has(name) || out.some((t) => t.name === name)) continue;
      out.push({ name, file });
      if (out.length >= input.max) return out;
    }
  }
  return out;
}

function declaredTests(text: string, file: string): string[] {
  const pattern = file.endsWith(".py") ? pyTest : jsTest;
  const group = file.endsWith(".py") ? 1 : 2;
  return [...text.matchAll(pattern)].map((m) => m[group] ?? "").filter((n) => n !== "" && !n.includes("${"));
}

function isRunnable(file: string): boolean {
  return /\.(m|c)?[jt]sx?$|\.py$/.test(file);
}
