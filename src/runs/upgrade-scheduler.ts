// The App's `deps.schedule`: which repositories have a schedule is refreshed now and then (it costs
// GitHub calls); whether one is due is checked every second against the store. A slot's time is moved
// to the next one compare-and-set before the run starts, so exactly one process (and one life of a
// process) starts each slot: a restart between two times runs it once, a slot missed while down runs
// once, not once per missed time.
import type { Logger } from "../logger.ts";
import type { Store } from "../store/store.ts";
import { assignJitters, nextScheduledTime, type Schedule } from "./schedule-times.ts";

export interface ScheduledRepo {
  installationId: number;
  /** "owner/name" */
  repo: string;
  defaultBranch: string;
  schedule: Schedule;
  timezone: string;
}

export interface UpgradeSchedulerDeps {
  store: Pick<Store, "getScheduleSlot" | "moveScheduleSlot">;
  /** Every repository of every installation whose default-branch config has a schedule. */
  listScheduled(): Promise<ScheduledRepo[]>;
  /** Queues the upgrade run of a due repository. */
  startUpgrade(repo: ScheduledRepo): Promise<void>;
  now: () => Date;
  log: Pick<Logger, "info" | "warn">;
}

export function createUpgradeScheduler(deps: UpgradeSchedulerDeps) {
  let scheduled: ScheduledRepo[] = [];
  let jitters = new Map<number, number>();
  const keyOf = (r: ScheduledRepo) => `upgrade:${r.repo}`;
  const nextOf = (r: ScheduledRepo, after: Date) =>
    nextScheduledTime(r.schedule, r.timezone, jitters.get(r.installationId) ?? 0, after).toISOString();
  return {
    /** Re-reads which repositories are scheduled; plans the first time of a new one. */
    async refresh(): Promise<void> {
      scheduled = await deps.listScheduled();
      jitters = assignJitters(scheduled.map((r) => r.installationId));
      const now = deps.now();
      for (const r of scheduled)
        if ((await deps.store.getScheduleSlot(keyOf(r))) === null)
          await deps.store.moveScheduleSlot(keyOf(r), null, nextOf(r, now));
    },
    /** Starts every scheduled repository whose slot has come; returns them. */
    async tick(): Promise<string[]> {
      const now = deps.now();
      const started: string[] = [];
      for (const r of scheduled) {
        const slot = await deps.store.getScheduleSlot(keyOf(r));
        if (slot === null || Date.parse(slot) > now.getTime()) continue;
        if (!(await deps.store.moveScheduleSlot(keyOf(r), slot, nextOf(r, now)))) continue;
        try {
          await deps.startUpgrade(r);
          started.push(r.repo);
          deps.log.info({ repo: r.repo, slot }, "scheduled upgrade queued");
        } catch (err) {
          deps.log.warn(
            { err, repo: r.repo, slot },
            "scheduled upgrade could not be queued; the next slot retries",
          );
        }
      }
      return started;
    },
  };
}
