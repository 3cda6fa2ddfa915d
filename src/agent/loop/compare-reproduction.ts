// Reproduction before fixing: do the failures CI reported show up when the failing commands run in
// the sandbox at the same head? Only a reproduced failure is worth changing code for; one the sandbox
// doesn't have (stale CI, a CI-only setup) or can't run (a missing tool or dependency) is reported
// with both evidences and nothing is changed.
//
// The matching rule, kept simple on purpose:
// - A CI failure counts when it is a code failure (test, lint, type, build) that names a test or a file.
// - It is reproduced when a sandbox failure of the same tool family has the same test name (equal, or
//   one is the other's last segments: reporters differ in how much of the suite path they print), or,
//   when either lacks a test name, the same file (paths equal or one a suffix of the other) and, when
//   both give one, the same line.
// - A run is reproduced when at least one CI code failure is.
// - Environment comes first: a failing sandbox command that exited 127, printed `command not found`,
//   or could not load a declared dependency means the sandbox cannot show anything about the code.
import { z } from "zod";
import { checkRun, failureBrief, isPassing, type CheckRun, type FailureBrief } from "./check-run.ts";
import type { Perception } from "./perceive-failures.ts";

export const reproductionOutcome = z.enum(["reproduced", "not_reproduced", "environment", "sandbox_only"]);

export const reproduction = z.object({
  /** sandbox_only: CI named no failure to compare with; the sandbox run is the only evidence. */
  outcome: reproductionOutcome,
  reason: z.string(),
  /** CI's code failures, each marked reproduced or not (at most `shownFailures`). */
  ci: z.array(failureBrief.extend({ reproduced: z.boolean() })),
  ciTotal: z.number(),
  /** The sandbox's runs of the failing commands, with what perception found in each. */
  sandbox: z.array(
    checkRun.pick({ command: true, exitCode: true, timedOut: true, evidence: true, failures: true }),
  ),
});
export type Reproduction = z.infer<typeof reproduction>;

const shownFailures = 20;
const codeKinds = new Set(["test", "lint", "type", "build"]);

// Tools whose logs look different in CI and in a terminal (reporters) but are the same check.
const families: Record<string, string> = {
  jest: "js-test",
  vitest: "js-test",
  mocha: "js-test",
  ava: "js-test",
  tap: "js-test",
  "node:test": "js-test",
  pytest: "py-test",
  unittest: "py-test",
  rustc: "rust",
  cargo: "rust",
  javac: "java",
  maven: "java",
};
const family = (tool: string) => families[tool] ?? tool;

export function compareReproduction(
  ciFailures: readonly FailureBrief[],
  sandbox: Perception,
  declaredDependencies: readonly string[],
): Reproduction {
  const ci = ciFailures.filter((f) => codeKinds.has(f.kind) && (f.test || f.file));
  const failing = sandbox.runs.filter((r) => !isPassing(r) && stillFails(r, sandbox));
  const sandboxFailures = failing.flatMap((r) => r.failures);
  const marked = ci.map((f) => ({ ...f, reproduced: sandboxFailures.some((s) => sameFailure(f, s)) }));
  const base = {
    ci: marked.slice(0, shownFailures),
    ciTotal: ci.length,
    sandbox: sandbox.runs.map(({ command, exitCode, timedOut, evidence, failures }) => ({
      command,
      exitCode,
      timedOut,
      evidence,
      failures: failures.slice(0, shownFailures),
    })),
  };
  const missing = environmentProblem(failing, declaredDependencies);
  if (missing) return { ...base, outcome: "environment", reason: missing };
  if (sandbox.state === "transient" || sandbox.state === "config")
    // The sandbox has no network: what looks transient there is a tool reaching for one.
    return { ...base, outcome: "environment", reason: sandbox.reason };
  if (ci.length === 0)
    return {
      ...base,
      outcome: "sandbox_only",
      reason: "CI's logs named no test or file to compare with; the sandbox run is the only evidence",
    };
  const reproduced = marked.filter((f) => f.reproduced).length;
  if (reproduced > 0)
    return {
      ...base,
      outcome: "reproduced",
      reason: `${reproduced} of ${ci.length} CI failure(s) reproduced`,
    };
  return { ...base, outcome: "not_reproduced", reason: notReproducedReason(marked[0]!, sandbox) };
}

// A command that passed on its re-run (flaky) shows nothing the code must answer for.
function stillFails(run: CheckRun, perception: Perception): boolean {
  return !perception.reruns.some((again) => again.command === run.command && isPassing(again));
}

function sameFailure(ci: FailureBrief, local: FailureBrief): boolean {
  if (family(ci.tool) !== family(local.tool)) return false;
  if (ci.test && local.test) return sameTest(ci.test, local.test);
  if (!ci.file || !local.file || !samePath(ci.file, local.file)) return false;
  return ci.line === null || local.line === null || ci.line === local.line;
}

function sameTest(a: string, b: string): boolean {
  const [x, y] = [a, b].map((t) => t.replace(/\s+/g, " ").trim());
  if (x === y) return true;
  const [short, long] = x!.length < y!.length ? [x!, y!] : [y!, x!];
  return /(?: > | › |::|\.|\/)$/.test(long.slice(0, long.length - short.length)) && long.endsWith(short);
}

function samePath(a: string, b: string): boolean {
  const [x, y] = [a, b].map((p) => p.replace(/^\.\//, ""));
  return x === y || x!.endsWith(`/${y}`) || y!.endsWith(`/${x}`);
}

// Shells say "command not found"/"not found"; bubblewrap "execvp X: No such file or directory"; Node
// "spawn X ENOENT"; Go's exec "executable file not found".
const notFound =
  /command not found|: not found$|execvp [^:\n]+: No such file or directory|spawn \S+ ENOENT|executable file not found/m;
// eslint-disable-next-line no-control-regex -- terminal colour codes are what is being removed
const ansi = /\x1b\[[0-9;]*m/g;
const missingModule = [
  /Cannot find (?:module|package) '([^']+)'/,
  /ERR_MODULE_NOT_FOUND[^\n]*?(?:package|module) '([^']+)'/,
  /ModuleNotFoundError: No module named '([^']+)'/,
];

/** Why the sandbox cannot run the checks, or null when it can. */
export function environmentProblem(
  failing: readonly CheckRun[],
  declaredDependencies: readonly string[],
): string | null {
  for (const run of failing) {
    const tail = run.tail.replace(ansi, "");
    if (run.exitCode === 127 || notFound.test(tail))
      return `a tool is missing in the sandbox: ${run.command} exited ${run.exitCode ?? "without a code"} (command not found)`;
    for (const pattern of missingModule) {
      const name = pattern.exec(tail)?.[1];
      const dependency = name ? packageOf(name) : null;
      if (dependency && declaredDependencies.some((d) => d === dependency || d === dependency.split(".")[0]))
        return `a declared dependency is missing in the sandbox: ${run.command} could not load ${dependency}`;
    }
  }
  return null;
}

// "@scope/pkg/sub" → "@scope/pkg", "pkg/sub" → "pkg" (a Python "pkg.sub" is matched on "pkg" by the
// caller); relative paths are the repository's own files, never a dependency.
function packageOf(specifier: string): string | null {
  if (specifier.startsWith(".") || specifier.startsWith("/")) return null;
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
  return name || null;
}

function notReproducedReason(first: FailureBrief, sandbox: Perception): string {
  const said = `CI said ${describe(first)}`;
  const failing = sandbox.runs.filter((r) => !isPassing(r));
  const shown = failing.length > 0 ? failing : sandbox.runs;
  const runs = shown
    .map((r) => {
      const found = r.failures[0] ? ` with ${describe(r.failures[0])}` : "";
      return `\`${r.command}\` exited ${r.timedOut ? "by timeout" : (r.exitCode ?? "without a code")}${found}`;
    })
    .join("; ");
  return `${said}, but the sandbox run of ${runs || "no command"}${sandbox.state === "flaky" ? " (then passed on re-run)" : ""}`;
}

function describe(f: FailureBrief): string {
  const where = f.file ? ` in ${f.file}${f.line === null ? "" : `:${f.line}`}` : "";
  return `${f.tool} ${f.kind} failure${f.test ? ` "${f.test}"` : ""}${where}`;
}
