// When a pytest re-run selected nothing it could run, which targets to run instead, read from its
// output. Pure: coverage-run.ts runs the retry once.
// - A sampled passing file that cannot be imported (it needs a tool the install would have provided:
//   hypothesis, a plugin) stops the whole passing batch: pytest finds no test for its node ids and
//   runs none. The batch runs again without that file's tests.
// - A failing parametrized test whose id pytest does not know (exit 4, `ERROR: not found`): the log
//   came from another pytest (8.2 made duplicate ids `x_0`, `x_1` where 7 printed `x0`, `x1`) or
//   another environment (ids from values a CI matrix sets). The whole test function runs instead:
//   its failing parameters fail, its others pass, and the per-test hook tells them apart.
// - Failing tests that pass when run alone (exit 0, some test passed) may fail only after the tests
//   before them in their file: a module-level cache or global one test fills and the next one reads
//   (a regression test for cache pollution fails only so). Their whole files run instead, in the
//   file's order; the per-test hook again tells the failing tests from the rest.
import type { TestTarget } from "./filtered-argv.ts";

export interface PytestRetry {
  targets: TestTarget[];
  note: string;
}

export function pytestRetryTargets(
  expected: "fail" | "pass",
  targets: readonly TestTarget[],
  exitCode: number | null,
  output: string,
  /** Modules the run could not import that are not the checkout's (named in the note). */
  missingModules: readonly string[],
): PytestRetry | null {
  if (exitCode === null) return null;
  if (exitCode === 0) return expected === "fail" ? wholeFiles(targets, output) : null;
  return expected === "pass"
    ? withoutUncollected(targets, output, missingModules)
    : wholeFunctions(targets, exitCode, output);
}

function withoutUncollected(
  targets: readonly TestTarget[],
  output: string,
  missingModules: readonly string[],
): PytestRetry | null {
  const uncollected = new Set([...output.matchAll(/ERROR collecting (\S+)/g)].map((m) => m[1]!));
  const rest = targets.filter((t) => t.file === null || !uncollected.has(t.file));
  if (rest.length === 0 || rest.length === targets.length) return null;
  const why =
    missingModules.length > 0 ? ` (${missingModules.map((m) => `No module named '${m}'`).join(", ")})` : "";
  return {
    targets: rest,
    note: `${[...uncollected].join(", ")} could not be collected${why}: the sampled tests there were left out`,
  };
}

function wholeFiles(targets: readonly TestTarget[], output: string): PytestRetry | null {
  // All skipped: the sandbox meets a skip condition, which the file's order does not change.
  if (!/\b\d+ passed\b/.test(output)) return null;
  // Targets already without a name are whole files: this is the retry's own run.
  if (targets.some((t) => t.name === null || t.file === null)) return null;
  const files = [...new Set(targets.map((t) => t.file as string))];
  return {
    targets: files.map((file) => ({ name: null, file })),
    note: `the failing tests passed when run alone: re-ran ${files.join(", ")} whole, in case they fail only after the tests before them`,
  };
}

function wholeFunctions(
  targets: readonly TestTarget[],
  exitCode: number,
  output: string,
): PytestRetry | null {
  if (exitCode !== 4 || !output.includes("ERROR: not found:")) return null;
  const out: TestTarget[] = [];
  const renamed: string[] = [];
  for (const t of targets) {
    const id = t.nodeId === undefined ? null : functionId(t.nodeId);
    const target = id === null ? t : { ...t, nodeId: id, name: leaf(id) };
    if (id !== null && !renamed.includes(id)) renamed.push(id);
    if (!out.some((o) => o.nodeId !== undefined && o.nodeId === target.nodeId)) out.push(target);
  }
  if (renamed.length === 0) return null;
  return {
    targets: out,
    note: `pytest found no test by the log's parametrized ids: re-ran ${renamed.join(", ")} with all parameters`,
  };
}

// `path::Class::test[param]` -> `path::Class::test`: the parameters start at the first `[` after the
// file's `.py::` (a parameter may hold `::` or `[`).
function functionId(nodeId: string): string | null {
  const file = nodeId.indexOf(".py::");
  if (file < 0) return null;
  const open = nodeId.indexOf("[", file);
  return open < 0 || !nodeId.endsWith("]") ? null : nodeId.slice(0, open);
}

function leaf(nodeId: string): string {
  return nodeId.split("::").pop() ?? nodeId;
}
