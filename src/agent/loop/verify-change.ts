// Verification never asks the model: re-run exactly the commands that failed, then the configured
// lint, then `git diff --check`. The verdict keeps before/after exit codes and the tests that flipped.
import { z } from "zod";
import type { WorkspaceGit } from "../../tools/workspace-git.ts";
import { checkRun, isPassing, type CheckRun } from "./check-run.ts";
import { runCheck, type CheckDeps } from "./run-checks.ts";

const commandVerdict = z.object({
  command: z.string(),
  exitBefore: z.number().nullable(),
  exitAfter: z.number().nullable(),
  passed: z.boolean(),
});
export type CommandVerdict = z.infer<typeof commandVerdict>;

export const verdict = z.object({
  green: z.boolean(),
  commands: z.array(commandVerdict),
  lint: z.array(commandVerdict),
  diffCheck: z.object({ ok: z.boolean(), output: z.string() }),
  /** Failing before, not failing after. */
  testsFixed: z.array(z.string()),
  /** Not failing before, failing after: a regression the change introduced. */
  testsBroken: z.array(z.string()),
  /** The after-runs, for the next round's memo. */
  runs: z.array(checkRun),
  summary: z.string(),
});
export type Verdict = z.infer<typeof verdict>;

export async function verifyChange(
  deps: CheckDeps & { git: WorkspaceGit },
  input: { before: readonly CheckRun[]; lint: readonly string[]; baseCommit: string },
): Promise<Verdict> {
  const runs: CheckRun[] = [];
  for (const run of input.before) runs.push(await runCheck(deps, run.command));
  const commands = input.before.map((before, i) => verdictOf(before.command, before.exitCode, runs[i]!));
  const lint: CommandVerdict[] = [];
  for (const command of input.lint.filter((c) => !input.before.some((b) => b.command === c))) {
    const run = await runCheck(deps, command);
    runs.push(run);
    lint.push(verdictOf(command, null, run));
  }
  const diffCheck = await deps.git.diffCheck(input.baseCommit);
  const failingBefore = new Set(input.before.flatMap(testNames));
  const failingAfter = new Set(runs.flatMap(testNames));
  const testsFixed = [...failingBefore].filter((t) => !failingAfter.has(t));
  const testsBroken = [...failingAfter].filter((t) => !failingBefore.has(t));
  const green = commands.every((c) => c.passed) && lint.every((c) => c.passed) && diffCheck.ok;
  const failed = [...commands, ...lint]
    .filter((c) => !c.passed)
    .map((c) => `${c.command} exit ${c.exitAfter}`);
  const summary = green
    ? `verified: ${commands.map((c) => `${c.command} ${c.exitBefore}→${c.exitAfter}`).join(", ")}${lint.length > 0 ? `; lint ok` : ""}; git diff --check clean`
    : `still failing: ${[...failed, ...(diffCheck.ok ? [] : ["git diff --check"])].join(", ")}`;
  return { green, commands, lint, diffCheck, testsFixed, testsBroken, runs, summary };
}

function verdictOf(command: string, exitBefore: number | null, after: CheckRun): CommandVerdict {
  return { command, exitBefore, exitAfter: after.exitCode, passed: isPassing(after) };
}

function testNames(run: CheckRun): string[] {
  return run.failures.map(
    (f) => f.test ?? `${f.tool}:${f.file ?? "?"}:${f.line ?? "?"}:${f.message.split("\n")[0] ?? ""}`,
  );
}
