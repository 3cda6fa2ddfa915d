// The instance a start created, found by the idempotency key Xihe put in its startParams. The start
// answer does not name the instance (the master creates it from a queued command), so the newest
// instances of the workflow are read until one carries the key in its command or global parameters.
import type { DsInstance } from "./ds-client.ts";
import type { DsProjectHandle } from "./connect-dolphinscheduler.ts";

/** The startParams entry that carries the key; visible in DolphinScheduler's instance parameters. */
export const idempotencyParam = "xihe_run_key";

const recent = 20;

export async function findInstanceByKey(
  deps: {
    project: DsProjectHandle;
    now: () => Date;
    sleep: (ms: number) => Promise<void>;
    locateMs: number;
    pollMs: number;
  },
  definitionCode: number,
  key: string,
): Promise<DsInstance | null> {
  const { client, projectCode } = deps.project;
  const until = deps.now().getTime() + deps.locateMs;
  for (;;) {
    for (const summary of await client.listInstances(projectCode, definitionCode, recent)) {
      const instance = summary.commandParam ? summary : await client.getInstance(projectCode, summary.id);
      if (carriesKey(instance, key)) return instance;
    }
    if (deps.now().getTime() >= until) return null;
    await deps.sleep(Math.min(deps.pollMs, 5_000));
  }
}

function carriesKey(instance: DsInstance, key: string): boolean {
  const params = `${instance.commandParam ?? ""}${instance.globalParams ?? ""}`;
  return params.includes(JSON.stringify(key).slice(1, -1));
}
