// The bench's own check of a fix, independent of the loop's verdict: on the committed state of the
// checkout, every failing command must pass and the whole suite must pass again.
import { runCheck } from "../agent/loop/run-checks.ts";
import { isPassing, type CheckRun } from "../agent/loop/check-run.ts";
import type { Sandbox } from "../workspace/sandbox/sandbox.ts";
import { runGit } from "../workspace/git/run-git.ts";
import type { BenchRecord } from "./bench-record.ts";

export type Judgement = NonNullable<BenchRecord["judge"]> & {
  failingPass: boolean;
  suitePass: boolean;
};

export async function judgeFix(
  input: { root: string; sandbox: Sandbox; timeoutMs: number },
  commands: { failing: readonly string[]; suite: readonly string[] },
): Promise<Judgement> {
  // What the fix left uncommitted is not part of it.
  await runGit(["reset", "-q", "--hard", "HEAD"], { cwd: input.root, allowFileProtocol: false });
  const check = (command: string) =>
    runCheck({ sandbox: input.sandbox, timeoutMs: () => input.timeoutMs }, command);
  const failing: CheckRun[] = [];
  for (const command of commands.failing) failing.push(await check(command));
  const suite: CheckRun[] = [];
  for (const command of commands.suite)
    suite.push(failing.find((r) => r.command === command) ?? (await check(command)));
  const brokenTests = [
    ...new Set(suite.flatMap((r) => r.failures.map((f) => f.test ?? f.file ?? f.message.slice(0, 80)))),
  ];
  const exits = (runs: CheckRun[]) => runs.map((r) => ({ command: r.command, exitCode: r.exitCode }));
  return {
    failing: exits(failing),
    suite: exits(suite),
    brokenTests,
    failingPass: failing.every(isPassing),
    suitePass: suite.every(isPassing),
  };
}
