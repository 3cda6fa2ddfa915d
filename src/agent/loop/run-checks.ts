// Runs configured command lines in the sandbox and diagnoses their output with perception.
import { diagnoseOffThread } from "../../perception/diagnose-off-thread.ts";
import { parseCommandLine } from "../../workspace/parse-command-line.ts";
import type { Sandbox } from "../../workspace/sandbox/sandbox.ts";
import { UsageError } from "../../errors.ts";
import { briefFailure, type CheckRun } from "./check-run.ts";

const tailChars = 6000;

export interface CheckDeps {
  sandbox: Sandbox;
  timeoutMs: () => number;
  signal?: AbortSignal;
}

export async function runCheck(deps: CheckDeps, command: string): Promise<CheckRun> {
  const parsed = parseCommandLine(command);
  if (!parsed.ok) throw new UsageError(`cannot run ${JSON.stringify(command)}: ${parsed.reason}`);
  const result = await deps.sandbox.run(parsed.argv, {
    timeoutMs: deps.timeoutMs(),
    network: "none",
    // npx must never try to download a missing tool at test time: it fails fast instead (a missing
    // dependency is an environment problem, not a transient network one).
    env: { npm_config_offline: "true" },
    signal: deps.signal,
  });
  const output = `${result.stdout}${result.stderr ? `\n${result.stderr}` : ""}`;
  const passed = result.exitCode === 0 && !result.timedOut;
  const diagnosis = passed ? null : await diagnoseOffThread(output, { repoRoot: deps.sandbox.root });
  return {
    command,
    exitCode: result.exitCode,
    timedOut: result.timedOut,
    durationMs: result.durationMs,
    tail: output.length > tailChars ? output.slice(-tailChars) : output,
    failures: diagnosis ? diagnosis.failures.slice(0, 50).map(briefFailure) : [],
    verdict: passed ? "pass" : result.timedOut ? "code" : (diagnosis?.classification.verdict ?? "code"),
    evidence: diagnosis?.classification.evidence ?? "",
  };
}

export async function runChecks(deps: CheckDeps, commands: readonly string[]): Promise<CheckRun[]> {
  const runs: CheckRun[] = [];
  for (const command of commands) runs.push(await runCheck(deps, command));
  return runs;
}
