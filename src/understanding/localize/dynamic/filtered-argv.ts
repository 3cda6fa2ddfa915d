// One test (or one test file) selected with the runner's own flags: jest/vitest `-t`, mocha `--grep`,
// node:test `--test-name-pattern`, pytest node ids or `-k`; tap, ava and tape run the file alone.
import type { TestRunnerKind } from "./test-runner-kind.ts";

export interface TestTarget {
  /** The test's own (leaf) name as the runner prints it; null when only the file is known. */
  name: string | null;
  /** Repository-relative test file, when known. */
  file: string | null;
  /** pytest node id (`tests/test_x.py::test_y`), when perception gave one. */
  nodeId?: string;
}

/** argv for running only `target`, or null when this runner cannot select it. */
export function filteredArgv(
  kind: TestRunnerKind,
  argv: readonly string[],
  target: TestTarget,
): string[] | null {
  const pattern = target.name === null ? null : `${escapeRegex(target.name)}`;
  switch (kind) {
    case "jest":
    case "vitest": {
      // vitest's default fork workers are killed before V8 writes their coverage; threads exit cleanly.
      const base = kind === "vitest" ? [...argv, "--pool=threads"] : [...argv];
      if (pattern === null) return target.file ? [...base, target.file] : null;
      return [...base, ...(target.file ? [target.file] : []), "-t", pattern];
    }
    case "mocha":
      return pattern === null ? null : [...argv, "--grep", pattern];
    case "node_test": {
      if (pattern === null) return null;
      // Options must precede the files node --test runs.
      const at = argv.indexOf("--test");
      return [...argv.slice(0, at + 1), `--test-name-pattern=${pattern}`, ...argv.slice(at + 1)];
    }
    case "tap":
    case "ava":
    case "tape":
      return target.file ? [...withoutPositionals(argv, kind), target.file] : null;
    case "pytest":
      return pytestArgv(argv, target);
  }
}

function pytestArgv(argv: readonly string[], target: TestTarget): string[] | null {
  const base = withoutPositionals(argv, "pytest");
  if (target.nodeId) return [...base, target.nodeId];
  if (target.name === null) return target.file ? [...base, target.file] : null;
  return [...base, ...(target.file ? [target.file] : []), "-k", target.name];
}

// Drops the path/glob operands after the runner's name so only the selected file runs; options stay.
function withoutPositionals(argv: readonly string[], kind: TestRunnerKind): string[] {
  const at = argv.findIndex(
    (w, i) => (w.split("/").pop() ?? w) === kind || (w === "-m" && argv[i + 1] === kind),
  );
  const head = argv.slice(0, at + (argv[at] === "-m" ? 2 : 1));
  const rest = argv.slice(head.length).filter((w) => w.startsWith("-") || !looksLikePath(w));
  return [...head, ...rest];
}

function looksLikePath(word: string): boolean {
  return /[/*]|\.(m|c)?[jt]sx?$|\.py$/.test(word) || /^(test|tests|spec)$/.test(word);
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
