// A reporter that also raises the run's alert when it finishes. Alerting is a courtesy next to the
// run's own report: a failure to record one is logged and never fails or repeats the run.
import type { AlertNotifier, AlertSubscription } from "../notify/create-alert-notifier.ts";
import type { RunRecord, Store } from "../store/store.ts";
import { alertFromRun } from "./alert-from-run.ts";
import type { RunReporter } from "./run-executor.ts";

export interface AlertingDeps {
  notifier: AlertNotifier;
  store: Pick<Store, "listSteps">;
  now: () => Date;
  /** The repository's subscription (its trusted config), or null when it alerts nobody. */
  subscriptionFor: (run: RunRecord) => Promise<AlertSubscription | null>;
  linksFor: (run: RunRecord) => { pr: string | null; trace: string | null };
}

export function withAlerts(reporter: RunReporter, deps: AlertingDeps): RunReporter {
  return {
    started: (ctx) => reporter.started(ctx),
    progress: (ctx, text) => reporter.progress(ctx, text),
    async finished(ctx, outcome) {
      await reporter.finished(ctx, outcome);
      if (outcome.status === "cancelled") return;
      try {
        const subscription = await deps.subscriptionFor(ctx.run);
        if (!subscription || subscription.channels.length === 0) return;
        const steps = await deps.store.listSteps(ctx.run.id);
        const event = alertFromRun(ctx.run, steps, outcome, deps.linksFor(ctx.run), deps.now());
        if (event) await deps.notifier.record(event, subscription);
      } catch (err) {
        ctx.log.warn({ err }, "could not record the run's alert");
      }
    },
  };
}
