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
  const ctx: RunContext = {
    get run() {
      return run;
    },
    signal,
    log,
    step: createStep({ store: deps.store, now: deps.now, beforeStep: deps.beforeStep }, claimed.id),
    remember: async (values) => {
      run = await deps.store.updateRun(run.id, { context: mergeRunContext(run, values) });
    },
    // Progress is a courtesy: a failed update never fails the run.
    progress: (text) =>
      reporter.progress(ctx, text).catch((err: unknown) => log.warn({ err }, "could not show progress")),
  };
  const reporter = deps.reporterFor(run);
  try {
    await reporter.started(ctx);
    const executor = deps.executors[run.verb];
    const outcome: RunOutcome = executor
      ? await executor(ctx)
      : { status: "failed", summary: `\`${run.verb}\` is not available in this version of Xihe`, body: "" };
    // Handed back by a worker shutting down: whatever the executor made of the abort, it is no outcome.
    if (isHandedBack(signal)) return handBack(deps, ctx);
    await finish(deps, ctx, reporter, outcome);
  } catch (err) {
    if (isHandedBack(signal)) return handBack(deps, ctx);
    if (isStoreUnavailable(err)) return releaseAfterOutage(deps, ctx, signal, err);
    if (err instanceof RateLimitedError) return park(deps, ctx, reporter, err);
    if (err instanceof ServiceUnreachableError) return parkUnreachable(deps, ctx, reporter, err);
    log.error({ err }, "run failed");
    const reason = err instanceof Error ? err.message : String(err);
    await finish(deps, ctx, reporter, { status: "failed", summary: reason, body: "" }).catch((e: unknown) =>
      isStoreUnavailable(e)
        ? releaseAfterOutage(deps, ctx, signal, e)
        : log.error({ err: e }, "could not record the failed run"),
    );
  }
}

async function finish(
  deps: ExecuteRunDeps,
  ctx: RunContext,
  reporter: RunReporter,
  outcome: RunOutcome,
): Promise<void> {
  const current = await deps.store.getRun(ctx.run.id);
  if (current?.status === "cancelled") {
    await reporter.finished(ctx, { status: "cancelled", summary: current.reason ?? "cancelled", body: "" });
    deps.onEnded?.(ctx.run.id);
    return;
  }
  try {
    await reporter.finished(ctx, outcome);
  } catch (err) {
    // A rate limit parks the run (its steps replay, so only the report is redone); any other failure
    // to report must not leave the run "running": the outcome is recorded and the problem logged.
    if (err instanceof RateLimitedError) throw err;
    ctx.log.warn({ err }, "could not report the run's outcome; it is recorded in the store");
  }
  // Only while still ours: a run stopped while it was reported keeps its cancelled status.
  const ended = await deps.store.updateHeldRun(ctx.run.id, ctx.run.workerId, {
    status: outcome.status,
    reason: outcome.status === "succeeded" ? null : outcome.summary,
    endedAt: deps.now().toISOString(),
    workerId: null,
  });
  if (!ended)
    return ctx.log.info({ status: outcome.status }, "run ended, but was stopped or taken over meanwhile");
  ctx.log.info({ status: outcome.status }, "run ended");
  deps.onEnded?.(ctx.run.id);
}

async function park(
  deps: ExecuteRunDeps,
  ctx: RunContext,
  reporter: RunReporter,
  err: RateLimitedError,
): Promise<void> {
  ctx.log.warn({ resumeAt: err.resumeAt.toISOString() }, "run parked by a GitHub rate limit");
  // The installation's limit holds for other workers whether or not the run is still ours.
  const parked = await requeue(deps, ctx, err.resumeAt, err.message);
  if (parked) deps.onRateLimitPark?.();
  await deps
    .onRateLimited?.(ctx.run, err.resumeAt)
    .catch((e: unknown) =>
      ctx.log.warn({ err: e }, "could not share the rate-limit park with other workers"),
    );
  if (!parked) return;
  await reporter
    .progress(ctx, err.message)
    .catch((e: unknown) => ctx.log.warn({ err: e }, "could not show parking"));
}

// GitHub did not answer: the run waits and resumes at its first unfinished step (finished steps
// replay), so the command is not lost; after many tries it fails with the reason.
async function parkUnreachable(
  deps: ExecuteRunDeps,
  ctx: RunContext,
  reporter: RunReporter,
  err: ServiceUnreachableError,
) {
  const parks = parseRunContext(ctx.run, runLifecycleContext).unreachableParks + 1;
  if (parks > maxUnreachableRetries) {
    ctx.log.error({ err, parks }, "run failed: GitHub stayed unreachable");
    await finish(deps, ctx, reporter, { status: "failed", summary: err.message, body: "" }).catch(
      (e: unknown) => ctx.log.error({ err: e }, "could not record the failed run"),
    );
    return;
  }
  const resumeAt = new Date(deps.now().getTime() + retryBackoffMs(parks));
  ctx.log.warn({ err, parks, resumeAt: resumeAt.toISOString() }, "run parked: could not reach GitHub");
  await ctx.remember({ unreachableParks: parks });
  await requeue(deps, ctx, resumeAt, err.message);
}

async function handBack(deps: ExecuteRunDeps, ctx: RunContext): Promise<void> {
  ctx.log.info("run handed back by a worker shutting down; it resumes at its first unfinished step");
  await requeue(deps, ctx, deps.now(), "handed back by a worker that shut down");
}

// The store went away mid-run: nothing it failed to record can be trusted as the run's outcome, so
// the run is not failed. Once the store answers again it is queued (not held by this worker), and
// resumes at its first unfinished step in whichever worker claims it; a step whose end was not
// recorded runs again, and side effects look up what the earlier attempt made first.
async function releaseAfterOutage(
  deps: ExecuteRunDeps,
  ctx: RunContext,
  signal: AbortSignal,
  err: unknown,
): Promise<void> {
  ctx.log.warn({ err }, "the store is unreachable; the run is released once it answers again");
  for (let attempt = 1; ; attempt++) {
    await sleep(Math.min(storeRetryMaxMs, 250 * 2 ** attempt));
    try {
      const current = await deps.store.getRun(ctx.run.id);
      // Stopped, or already taken by another worker meanwhile: not ours to release.
      if (current?.status !== "running" || current.workerId !== ctx.run.workerId) return;
      await requeue(
        deps,
        ctx,
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
async function requeue(deps: ExecuteRunDeps, ctx: RunContext, at: Date, reason: string): Promise<boolean> {
  const parked = await deps.store.updateHeldRun(ctx.run.id, ctx.run.workerId, {
    status: "queued",
    workerId: null,
    notBefore: at.toISOString(),
    reason,
  });
  if (!parked)
    ctx.log.info({ reason }, "run not queued again: it was stopped, ended or taken over meanwhile");
  return parked !== null;
}
