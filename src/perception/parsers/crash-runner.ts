// Which test runner a crashed run belongs to, so the crash is reported under the runner, not under
// `node` or the process. From the command npm printed (`> jest --ci`, `> node --max-old-space-size=4096
// node_modules/.bin/jest`, `> cross-env X=1 vitest run`), else from the crash's frames (a runner's own
// code on the stack: `_pytest/`, `node_modules/mocha/`).
import type { Frame } from "../failure.ts";

const RUNNERS = ["jest", "vitest", "mocha", "ava", "tap", "tape", "pytest"] as const;
/** The runner named by the script command npm printed (`> pkg@1.0.0 test` then `> the command`). */
export function scriptCommand(lines: readonly string[]): string | null {
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!(lines[i] ?? "").startsWith("> ") || !/@\S+ /.test(lines[i] ?? "")) continue;
    const next = lines[i + 1] ?? "";
    return next.startsWith("> ") ? next.slice(2) : null;
  }
  return null;
}

/** A runner anywhere in the command (launchers and flags before it), else the command's program. */
export function commandTool(command: string): string | null {
  const words = command.trim().split(/\s+/);
  for (const word of words) {
    const runner = runnerInPath(word);
    if (runner) return runner;
  }
  const program = words[0]?.split("/").at(-1) ?? "";
  if (program === "node" && words.includes("--test")) return "node:test";
  return program === "" || program === "npx" ? null : program;
}

export function frameRunner(frames: readonly Frame[]): string | null {
  for (const f of frames) {
    if (f.file.includes("/_pytest/") || f.file.startsWith("_pytest/")) return "pytest";
    const runner = runnerInPath(f.file);
    if (runner) return runner;
  }
  return null;
}

// `jest`, `node_modules/.bin/jest`, `node_modules/jest/bin/jest.js`, `node_modules/vitest/vitest.mjs`.
function runnerInPath(word: string): string | null {
  const base = word.split("/").at(-1) ?? "";
  for (const runner of RUNNERS) {
    if (base === runner || base === `${runner}.js` || base === `${runner}.mjs`) return runner;
    if (word.includes(`node_modules/${runner}/`)) return runner;
  }
  return null;
}
