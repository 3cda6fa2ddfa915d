// The worker: takes queued runs from the store with bounded concurrency and owns their lifecycle
// (queued -> running -> succeeded | failed | cancelled | needs_input). Rate-limited runs are parked,
// cancelled runs are aborted, and everything an executor does goes through persisted steps. It also
// drains the triage queue (triage-loop.ts) that webhook deliveries fill.
import type { Logger } from "../logger.ts";
import { createStep } from "./run-step.ts";
import { mergeRunContext, parseRunContext } from "./run-context.ts";
import { runLifecycleContext } from "./run-lifecycle-context.ts";
import { RateLimitedError } from "./rate-limited-error.ts";
import { maxUnreachableRetries, retryBackoffMs } from "./retry-backoff.ts";
import { ServiceUnreachableError } from "./service-unreachable-error.ts";
import { createTriageLoop, type TriageHandler } from "./triage-loop.ts";
import type { ExecutorTable, RunContext, RunOutcome, RunReporter } from "./run-executor.ts";
import type { RunRecord, Store } from "../store/store.ts";

export interface WorkerDeps {
  store: Store;
  log: Logger;
  now: () => Date;
  workerId: string;
  concurrency: number;
  executors: ExecutorTable;
  reporterFor: (run: RunRecord) => RunReporter;
  /** Triage of webhook deliveries (config, permission, replies); none in the CLI. */
  triage?: { handle: TriageHandler; concurrency: number };
}

export interface Worker {
  /** Claims and starts runs until the concurrency limit; returns immediately. */
  wake(): void;
  /** Aborts a run this worker holds (its sandbox processes get the abort signal). */
  cancel(runId: string): void;
  /** Resolves when no triage job and no run is active and none is claimable. */
  drain(): Promise<void>;
  /** Resolves when no triage job is active or claimable; runs it queued stay queued. */
  drainTriage(): Promise<void>;
  /** Polls for parked and newly queued runs. */
  start(pollMs?: number): void;
  stop(): Promise<void>;
}

export function createWorker(deps: WorkerDeps): Worker {
  const active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let filling: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const triage = deps.triage
    ? createTriageLoop({ ...deps, concurrency: deps.triage.concurrency, handle: deps.triage.handle })
    : null;

  async function fill(): Promise<void> {
    while (active.size < deps.concurrency) {
      const run = await deps.store.claimNextRun(deps.workerId, deps.now().toISOString());
      if (!run) return;
      const controller = new AbortController();
      const done = execute(run, controller.signal).finally(() => active.delete(run.id));
      active.set(run.id, { controller, done });
    }
  }

  function wake(): void {
    triage?.wake();
    filling ??= fill()
      .catch((err: unknown) => deps.log.error({ err }, "worker could not claim runs"))
      .finally(() => (filling = null));
  }

  async function execute(claimed: RunRecord, signal: AbortSignal): Promise<void> {
    const log = deps.log.child({ runId: claimed.id, repo: claimed.repo, pr: claimed.pr, verb: claimed.verb });
    let run = claimed;
    const ctx: RunContext = {
      get run() {
        return run;
      },
      signal,
      log,
      step: createStep({ store: deps.store, now: deps.now }, claimed.id),
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
      await finish(ctx, reporter, outcome);
    } catch (err) {
      if (err instanceof RateLimitedError) return park(ctx, reporter, err);
      if (err instanceof ServiceUnreachableError) return parkUnreachable(ctx, reporter, err);
      log.error({ err }, "run failed");
      const reason = err instanceof Error ? err.message : String(err);
      await finish(ctx, reporter, { status: "failed", summary: reason, body: "" }).catch((e: unknown) =>
        log.error({ err: e }, "could not record the failed run"),
      );
    }
  }

  async function finish(ctx: RunContext, reporter: RunReporter, outcome: RunOutcome): Promise<void> {
    const current = await deps.store.getRun(ctx.run.id);
    if (current?.status === "cancelled") {
      await reporter.finished(ctx, { status: "cancelled", summary: current.reason ?? "cancelled", body: "" });
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
    await deps.store.updateRun(ctx.run.id, {
      status: outcome.status,
      reason: outcome.status === "succeeded" ? null : outcome.summary,
      endedAt: deps.now().toISOString(),
      workerId: null,
    });
    ctx.log.info({ status: outcome.status }, "run ended");
  }

  async function park(ctx: RunContext, reporter: RunReporter, err: RateLimitedError): Promise<void> {
    ctx.log.warn({ resumeAt: err.resumeAt.toISOString() }, "run parked by a GitHub rate limit");
    await requeue(ctx, err.resumeAt, err.message);
    await reporter
      .progress(ctx, err.message)
      .catch((e: unknown) => ctx.log.warn({ err: e }, "could not show parking"));
  }

  // GitHub did not answer: the run waits and resumes at its first unfinished step (finished steps
  // replay), so the command is not lost; after many tries it fails with the reason.
  async function parkUnreachable(ctx: RunContext, reporter: RunReporter, err: ServiceUnreachableError) {
    const parks = parseRunContext(ctx.run, runLifecycleContext).unreachableParks + 1;
    if (parks > maxUnreachableRetries) {
      ctx.log.error({ err, parks }, "run failed: GitHub stayed unreachable");
      await finish(ctx, reporter, { status: "failed", summary: err.message, body: "" }).catch((e: unknown) =>
        ctx.log.error({ err: e }, "could not record the failed run"),
      );
      return;
    }
    const resumeAt = new Date(deps.now().getTime() + retryBackoffMs(parks));
    ctx.log.warn({ err, parks, resumeAt: resumeAt.toISOString() }, "run parked: could not reach GitHub");
    await ctx.remember({ unreachableParks: parks });
    await requeue(ctx, resumeAt, err.message);
  }

  async function requeue(ctx: RunContext, at: Date, reason: string): Promise<void> {
    await deps.store.updateRun(ctx.run.id, {
      status: "queued",
      workerId: null,
      notBefore: at.toISOString(),
      reason,
    });
  }

  return {
    wake,
    cancel(runId) {
      active.get(runId)?.controller.abort(new Error("cancelled"));
    },
    async drain() {
      for (;;) {
        // Triage first: it is what queues runs (runs never queue triage).
        await triage?.drain();
        wake();
        await filling;
        if (active.size === 0) {
          const next = await deps.store.listRuns({ status: ["queued"], limit: 1 });
          const claimable = next.filter((r) => !r.notBefore || r.notBefore <= deps.now().toISOString());
          if (claimable.length === 0) return;
          continue;
        }
        await Promise.race([...active.values()].map((a) => a.done));
      }
    },
    async drainTriage() {
      await triage?.drain();
    },
    start(pollMs = 2000) {
      timer ??= setInterval(wake, pollMs);
      timer.unref();
      wake();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.allSettled([...active.values()].map((a) => a.done));
      await triage?.stop();
    },
  };
}
