// One claimed run, start to end: its persisted-step context, the reporter's start and finish, and
// what happens when it cannot go on now (a GitHub rate limit or outage parks it; it resumes at its
// first unfinished step). The worker (worker.ts) decides when and how many.
import { createStep } from "./run-step.ts";
import { mergeRunContext, parseRunContext } from "./run-context.ts";
import { runLifecycleContext } from "./run-lifecycle-context.ts";
import { RateLimitedError } from "./rate-limited-error.ts";
import { isHandedBack } from "./run-handed-back.ts";
import { maxUnreachableRetries, retryBackoffMs } from "./retry-backoff.ts";
import { ServiceUnreachableError } from "./service-unreachable-error.ts";
import type { Logger } from "../logger.ts";
import type { ExecutorTable, RunContext, RunOutcome, RunReporter } from "./run-executor.ts";
import type { RunRecord, Store } from "../store/store.ts";
import { StoreUnavailableError } from "../store/store-unavailable-error.ts";

export interface ExecuteRunDeps {
  store: Store;
  log: Logger;
  now: () => Date;
  executors: ExecutorTable;
  reporterFor: (run: RunRecord) => RunReporter;
  /** Called once a run has ended and its outcome is stored (the archive); must not throw or wait. */
  onEnded?: (runId: string) => void;
  /** Called before each step that has not succeeded yet; throws to stop there (see run-step.ts). */
  beforeStep?: () => void;
  /** Told when GitHub rate-limits a run, so other workers wait too (XIHE_QUEUE); may reject. */
  onRateLimited?: (run: RunRecord, resumeAt: Date) => Promise<void>;
  /** Told each time a rate limit parks a run (the metrics); must not throw. */
  onRateLimitPark?: () => void;
}

export async function executeRun(
  deps: ExecuteRunDeps,
  claimed: RunRecord,
  signal: AbortSignal,
): Promise<void> {
  const log = deps.log.child({ runId: claimed.id, repo: claimed.repo, pr: claimed.pr, verb: claimed.verb });
  let run = claimed;
  // The worker that claimed the run: every conditional write is checked against it, never against
  // `run.workerId`, which a re-read row would set to whoever holds the run now.
  const holder = claimed.workerId;
  const ctx: RunContext = {
    get run() {
      return run;
    },
    signal,
    log,
    step: createStep({ store: deps.store, now: deps.now, beforeStep: deps.beforeStep }, claimed.id),
    remember: async (values) => {
      const context = mergeRunContext(run, values);
      const kept = await deps.store.updateHeldRun(run.id, holder, { context });
      if (kept) run = kept;
      else if ((await deps.store.getRun(run.id))?.status === "cancelled") run = { ...run, context };
      // Taken over after this worker's lease lapsed: its context is the new holder's now.
      else throw new RunTakenOverError(run.id);
    },
    // Progress is a courtesy: a failed update never fails the run.
    progress: (text) =>
      reporter.progress(ctx, text).catch((err: unknown) => log.warn({ err }, "could not show progress")),
  };
  const reporter = deps.reporterFor(run);
  const held: Held = { deps, ctx, reporter, holder };
  try {
    await reporter.started(ctx);
    const executor = deps.executors[run.verb];
    const outcome: RunOutcome = executor
      ? await executor(ctx)
      : { status: "failed", summary: `\`${run.verb}\` is not available in this version of Xihe`, body: "" };
    // Handed back by a worker shutting down: whatever the executor made of the abort, it is no outcome.
    if (isHandedBack(signal)) return handBack(held);
    await finish(held, outcome);
  } catch (err) {
    if (isHandedBack(signal)) return handBack(held);
    if (err instanceof RunTakenOverError) return log.info("run taken over by another worker; this one stops");
    if (isStoreUnavailable(err)) return releaseAfterOutage(held, signal, err);
    if (err instanceof RateLimitedError) return park(held, err);
    if (err instanceof ServiceUnreachableError) return parkUnreachable(held, err);
    log.error({ err }, "run failed");
    const reason = err instanceof Error ? err.message : String(err);
    await finish(held, { status: "failed", summary: reason, body: "" }).catch((e: unknown) =>
      isStoreUnavailable(e)
        ? releaseAfterOutage(held, signal, e)
        : log.error({ err: e }, "could not record the failed run"),
    );
  }
}

/** What the paths that end, park or release a claimed run share. */
interface Held {
  deps: ExecuteRunDeps;
  ctx: RunContext;
  reporter: RunReporter;
  holder: string | null;
}

/** Thrown by `remember` when another worker holds the run now: this one stops without a word. */
class RunTakenOverError extends Error {
  constructor(runId: string) {
    super(`run ${runId} is held by another worker now`);
    this.name = "RunTakenOverError";
  }
}

async function finish(held: Held, outcome: RunOutcome): Promise<void> {
  const { deps, ctx, reporter } = held;
  const current = await deps.store.getRun(ctx.run.id);
  if (current?.status === "cancelled") return reportCancelled(held, current);
  // Taken over after this worker's lease lapsed: the new holder reports the outcome, not this one.
  if (current && (current.status !== "running" || current.workerId !== held.holder))
    return ctx.log.info({ status: outcome.status }, "run ended here, but another worker holds it now");
  try {
    await reporter.finished(ctx, outcome);
  } catch (err) {
    // A rate limit parks the run (its steps replay, so only the report is redone); any other failure
    // to report must not leave the run "running": the outcome is recorded and the problem logged.
    if (err instanceof RateLimitedError) throw err;
    ctx.log.warn({ err }, "could not report the run's outcome; it is recorded in the store");
  }
  // Only while still ours: a run stopped while it was reported keeps its cancelled status.
  const ended = await deps.store.updateHeldRun(ctx.run.id, held.holder, {
    status: outcome.status,
    reason: outcome.status === "succeeded" ? null : outcome.summary,
    endedAt: deps.now().toISOString(),
    workerId: null,
  });
  if (!ended) {
    // Stopped while its outcome was being reported: the stop is what the run ends as.
    const now = await deps.store.getRun(ctx.run.id);
    if (now?.status === "cancelled") return reportCancelled(held, now);
    return ctx.log.info({ status: outcome.status }, "run ended, but was taken over meanwhile");
  }
  ctx.log.info({ status: outcome.status }, "run ended");
  deps.onEnded?.(ctx.run.id);
}

async function reportCancelled(held: Held, current: RunRecord): Promise<void> {
  await held.reporter
    .finished(held.ctx, { status: "cancelled", summary: current.reason ?? "cancelled", body: "" })
    .catch((err: unknown) =>
      held.ctx.log.warn({ err }, "could not report the stop; it is recorded in the store"),
    );
  held.deps.onEnded?.(held.ctx.run.id);
}

/** A run that could not be queued again: if a stop was the reason, it ends as cancelled. */
async function notRequeued(held: Held): Promise<void> {
  const current = await held.deps.store.getRun(held.ctx.run.id);
  if (current?.status === "cancelled") await reportCancelled(held, current);
}

async function park(held: Held, err: RateLimitedError): Promise<void> {
  const { deps, ctx, reporter } = held;
  ctx.log.warn({ resumeAt: err.resumeAt.toISOString() }, "run parked by a GitHub rate limit");
  // The installation's limit holds for other workers whether or not the run is still ours.
  const parked = await requeue(held, err.resumeAt, err.message);
  if (parked) deps.onRateLimitPark?.();
  await deps
    .onRateLimited?.(ctx.run, err.resumeAt)
    .catch((e: unknown) =>
      ctx.log.warn({ err: e }, "could not share the rate-limit park with other workers"),
    );
  if (!parked) return notRequeued(held);
  await reporter
    .progress(ctx, err.message)
    .catch((e: unknown) => ctx.log.warn({ err: e }, "could not show parking"));
}

// GitHub did not answer: the run waits and resumes at its first unfinished step (finished steps
// replay), so the command is not lost; after many tries it fails with the reason.
async function parkUnreachable(held: Held, err: ServiceUnreachableError) {
  const { deps, ctx } = held;
  const parks = parseRunContext(ctx.run, runLifecycleContext).unreachableParks + 1;
  if (parks > maxUnreachableRetries) {
    ctx.log.error({ err, parks }, "run failed: GitHub stayed unreachable");
    await finish(held, { status: "failed", summary: err.message, body: "" }).catch((e: unknown) =>
      ctx.log.error({ err: e }, "could not record the failed run"),
    );
    return;
  }
  const resumeAt = new Date(deps.now().getTime() + retryBackoffMs(parks));
  ctx.log.warn({ err, parks, resumeAt: resumeAt.toISOString() }, "run parked: could not reach GitHub");
  await ctx.remember({ unreachableParks: parks });
  if (!(await requeue(held, resumeAt, err.message))) await notRequeued(held);
}

async function handBack(held: Held): Promise<void> {
  held.ctx.log.info("run handed back by a worker shutting down; it resumes at its first unfinished step");
  if (!(await requeue(held, held.deps.now(), "handed back by a worker that shut down")))
    await notRequeued(held);
}

// The store went away mid-run: nothing it failed to record can be trusted as the run's outcome, so
// the run is not failed. Once the store answers again it is queued (not held by this worker), and
// resumes at its first unfinished step in whichever worker claims it; a step whose end was not
// recorded runs again, and side effects look up what the earlier attempt made first.
async function releaseAfterOutage(held: Held, signal: AbortSignal, err: unknown): Promise<void> {
  const { deps, ctx } = held;
  ctx.log.warn({ err }, "the store is unreachable; the run is released once it answers again");
  for (let attempt = 1; ; attempt++) {
    await sleep(Math.min(storeRetryMaxMs, 250 * 2 ** attempt));
    try {
      const current = await deps.store.getRun(ctx.run.id);
      // Stopped, or already taken by another worker meanwhile: not ours to release.
      if (current?.status !== "running" || current.workerId !== held.holder) return;
      await requeue(
        held,
        deps.now(),
        "released after the store was unreachable; resumes at its first unfinished step",
      );
      ctx.log.info({ attempt }, "run released after the store outage");
      return;
    } catch (e) {
      if (!isStoreUnavailable(e)) throw e;
      // An aborted run (stopped, worker shutting down) waits no longer; recovery finds it later.
      if (signal.aborted) return;
    }
  }
}

const storeRetryMaxMs = 5_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A StoreUnavailableError, also when a step wrapped it as its cause. */
function isStoreUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e instanceof StoreUnavailableError) return true;
  return false;
}

/**
 * Queues the run again (parked until `at`), only while this worker still holds it: a run stopped,
 * ended or taken over meanwhile stays as it is. False then.
 */
async function requeue(held: Held, at: Date, reason: string): Promise<boolean> {
  const { deps, ctx } = held;
  const parked = await deps.store.updateHeldRun(ctx.run.id, held.holder, {
    status: "queued",
    workerId: null,
    notBefore: at.toISOString(),
    reason,
  });
  if (!parked)
    ctx.log.info({ reason }, "run not queued again: it was stopped, ended or taken over meanwhile");
  return parked !== null;
}
