// Drains the triage queue: each verified webhook delivery is triaged here (config, permission,
// replies, queuing a run), never on the webhook path. A delivery whose triage could not reach
// GitHub is retried with backoff, a rate-limited one waits for the reset, and side effects already
// done are remembered per delivery, so a retry never repeats a reply or a reaction.
import type { z } from "zod";
import type { Logger } from "../logger.ts";
import type { Json, Store, TriageJob } from "../store/store.ts";
import { RateLimitedError } from "./rate-limited-error.ts";
import { maxUnreachableRetries, retryBackoffMs } from "./retry-backoff.ts";
import { StoredStepMismatch } from "./run-step.ts";
import { ServiceUnreachableError } from "./service-unreachable-error.ts";
import { describeZodIssues } from "./zod-issues.ts";

/** Runs fn once per delivery: a retried triage gets the stored output, parsed with `output`. */
export type TriageOnce = <T extends Json>(
  key: string,
  output: z.ZodType<T>,
  fn: () => Promise<T>,
) => Promise<T>;

export type TriageHandler = (job: TriageJob, once: TriageOnce) => Promise<void>;

export interface TriageLoopDeps {
  store: Store;
  log: Logger;
  now: () => Date;
  workerId: string;
  concurrency: number;
  handle: TriageHandler;
}

export function createTriageLoop(deps: TriageLoopDeps) {
  const active = new Set<Promise<void>>();
  let filling: Promise<void> | null = null;

  async function fill(): Promise<void> {
    while (active.size < deps.concurrency) {
      const job = await deps.store.claimNextTriage(deps.workerId, deps.now().toISOString());
      if (!job) return;
      const done: Promise<void> = triage(job).finally(() => active.delete(done));
      active.add(done);
    }
  }

  function wake(): void {
    filling ??= fill()
      .catch((err: unknown) => deps.log.error({ err }, "worker could not claim triage jobs"))
      .finally(() => (filling = null));
  }

  async function triage(claimed: TriageJob): Promise<void> {
    await runTriageJob(deps, claimed);
    wake();
  }

  return {
    wake,
    /** Resolves when no triage job is active and none is claimable now. */
    async drain(): Promise<void> {
      for (;;) {
        wake();
        await filling;
        if (active.size === 0) {
          const queued = await deps.store.listTriage({ status: ["queued"], limit: 1000 });
          const now = deps.now().toISOString();
          if (!queued.some((j) => !j.notBefore || j.notBefore <= now)) return;
          continue;
        }
        await Promise.race(active);
      }
    },
    async stop(): Promise<void> {
      await Promise.allSettled(active);
    },
  };
}

/** Triages one claimed delivery: done, failed with the reason, or queued again to retry later. */
export async function runTriageJob(
  deps: Pick<TriageLoopDeps, "store" | "log" | "now" | "handle">,
  claimed: TriageJob,
): Promise<void> {
  const log = deps.log.child({ deliveryId: claimed.deliveryId, event: claimed.event });
  let steps = claimed.steps;
  const once: TriageOnce = async (key, output, fn) => {
    if (key in steps) return parseDone(claimed.deliveryId, key, output, steps[key] ?? null);
    const out = await fn();
    steps = (await deps.store.updateTriage(claimed.deliveryId, { steps: { ...steps, [key]: out } })).steps;
    return out;
  };
  try {
    await deps.handle(claimed, once);
    await deps.store.updateTriage(claimed.deliveryId, done(deps, "done", null));
  } catch (err) {
    await retryOrFail(deps, claimed, err, log).catch((e: unknown) =>
      log.error({ err: e }, "could not record the triage failure"),
    );
  }
}

/** A side effect's stored output, read back with its schema (a retry after an upgrade fails loudly). */
function parseDone<T>(deliveryId: string, key: string, output: z.ZodType<T>, stored: Json): T {
  const parsed = output.safeParse(stored);
  if (parsed.success) return parsed.data;
  throw new StoredStepMismatch(
    `triage step ${key} of delivery ${deliveryId}: its stored output does not fit the current shape (${describeZodIssues(parsed.error)})`,
    { cause: parsed.error },
  );
}

const done = (deps: Pick<TriageLoopDeps, "now">, status: "done" | "failed", error: string | null) => ({
  status,
  error,
  workerId: null,
  notBefore: null,
  endedAt: deps.now().toISOString(),
});

// A rate limit waits for its reset; an unreachable GitHub is retried with backoff a few times; any
// other failure ends the delivery's triage with the reason.
async function retryOrFail(
  deps: Pick<TriageLoopDeps, "store" | "now">,
  job: TriageJob,
  err: unknown,
  log: Logger,
): Promise<void> {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof RateLimitedError) {
    log.warn({ resumeAt: err.resumeAt.toISOString() }, "triage parked by a GitHub rate limit");
    await deps.store.updateTriage(job.deliveryId, requeue(err.resumeAt, message));
    return;
  }
  const attempts = job.attempts + 1;
  if (!(err instanceof ServiceUnreachableError) || attempts >= maxUnreachableRetries) {
    log.error({ err, attempts }, "triage failed; the delivery is not retried");
    await deps.store.updateTriage(job.deliveryId, { ...done(deps, "failed", message), attempts });
    return;
  }
  const retryAt = new Date(deps.now().getTime() + retryBackoffMs(attempts));
  log.warn({ err, attempts, retryAt: retryAt.toISOString() }, "triage could not reach GitHub; will retry");
  await deps.store.updateTriage(job.deliveryId, { ...requeue(retryAt, message), attempts });
}

const requeue = (at: Date, error: string) => ({
  status: "queued" as const,
  workerId: null,
  notBefore: at.toISOString(),
  error,
});
