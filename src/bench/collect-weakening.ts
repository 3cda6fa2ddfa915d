// Test-weakening findings of a fix run, from its stored tool steps: a change the risk gate held
// for approval and one that was applied (after approval) both count, marked apart.
import { execRecord } from "../agent/loop/execute-call.ts";
import type { Store } from "../store/store.ts";
import type { BenchRecord } from "./bench-record.ts";

export async function collectWeakening(store: Store, runId: string): Promise<BenchRecord["testWeakening"]> {
  const found: BenchRecord["testWeakening"] = [];
  for (const step of await store.listSteps(runId)) {
    if (step.kind !== "tool" || step.status !== "succeeded") continue;
    const exec = execRecord.safeParse(step.output);
    if (!exec.success || !exec.data.weakening) continue;
    const held = exec.data.status === "held";
    if (!held && exec.data.status !== "ok") continue;
    for (const w of exec.data.weakening) found.push({ path: w.path, kind: w.kind, held });
  }
  return found;
}
