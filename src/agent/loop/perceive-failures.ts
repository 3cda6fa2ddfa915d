// The perceive step: run the failing commands and classify what failed. Failures are re-run before
// anything is fixed: one that passes on a re-run was flaky, one that stays transient (infra, network)
// is reported; neither is "fixed".
import { z } from "zod";
import { checkRun, isPassing, type CheckRun } from "./check-run.ts";
import { runCheck, type CheckDeps } from "./run-checks.ts";

export const perception = z.object({
  state: z.enum(["green", "code", "flaky", "transient", "config"]),
  runs: z.array(checkRun),
  reruns: z.array(checkRun),
  reason: z.string(),
});
export type Perception = z.infer<typeof perception>;

const maxTransientReruns = 2;

export async function perceiveFailures(deps: CheckDeps, commands: readonly string[]): Promise<Perception> {
  const runs: CheckRun[] = [];
  for (const command of commands) runs.push(await runCheck(deps, command));
  const failing = runs.filter((r) => !isPassing(r));
  if (failing.length === 0) return { state: "green", runs, reruns: [], reason: "every command passes" };
  // Every failure is re-run once (a flaky test passes then); transient ones (infra, network) up to
  // twice. Only what still fails goes on to be fixed.
  const reruns: CheckRun[] = [];
  for (const run of failing) {
    const attempts = run.verdict === "transient" ? maxTransientReruns : 1;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const again = await runCheck(deps, run.command);
      reruns.push(again);
      if (isPassing(again)) break;
    }
  }
  const stillFailing = failing.filter(
    (r) => !reruns.some((again) => again.command === r.command && isPassing(again)),
  );
  if (stillFailing.length === 0)
    return {
      state: "flaky",
      runs,
      reruns,
      reason: `failed, then passed on re-run: ${failing.map((r) => r.command).join(", ")}; not a code problem, nothing to fix`,
    };
  const transient = stillFailing.find((r) => r.verdict === "transient");
  if (transient && stillFailing.every((r) => r.verdict === "transient"))
    return {
      state: "transient",
      runs,
      reruns,
      reason: `transient failure in ${transient.command} (${transient.evidence}); re-run it later`,
    };
  const config = stillFailing.find((r) => r.verdict === "config");
  if (config && stillFailing.every((r) => r.verdict === "config"))
    return {
      state: "config",
      runs,
      reruns,
      reason: `configuration problem in ${config.command} (${config.evidence}); a person must fix it`,
    };
  return {
    state: "code",
    runs,
    reruns,
    reason: `${stillFailing.length} command(s) fail: ${stillFailing.map((r) => `${r.command} (exit ${r.exitCode})`).join(", ")}`,
  };
}
