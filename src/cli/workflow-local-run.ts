// A workflow run on the command line: recorded in the local store (or, with --resume, the stored run
// continued at its first unfinished step), executed with the same executor and lifecycle as the App's,
// reported on the terminal, and its alert sent at once to the `notify:` channels the environment
// defines (a one-run process has nothing to aggregate with).
import { UsageError } from "../errors.ts";
import { alertChannelsFromEnv } from "../notify/alert-channels-from-env.ts";
import { alertSubscription } from "../notify/alert-subscription.ts";
import { createAlertNotifier } from "../notify/create-alert-notifier.ts";
import type { RepoConfig } from "../config.ts";
import type { Logger } from "../logger.ts";
import { withAlerts } from "../runs/alerting-reporter.ts";
import { executeRun } from "../runs/execute-run.ts";
import type { RunExecutor, RunReporter } from "../runs/run-executor.ts";
import { openSqliteAlertOutbox } from "../store/sqlite-alert-outbox.ts";
import type { RunRecord, Store } from "../store/store.ts";
import type { CliIo } from "./cli-io.ts";

export interface LocalWorkflowDeps {
  store: Store;
  storePath: string;
  io: CliIo;
  now: () => Date;
  log: Logger;
  newId: () => string;
  executor: RunExecutor;
}

export async function runWorkflowLocally(
  deps: LocalWorkflowDeps,
  req: {
    root: string;
    workflow: string;
    params: Record<string, string>;
    resume?: string;
    notify: RepoConfig["notify"];
  },
): Promise<RunRecord["status"]> {
  const run = req.resume ? await resumable(deps.store, req.resume) : await record(deps, req);
  deps.io.stderr(`workflow run ${run.id}${req.resume ? " (resumed)" : ""}\n`);
  const claimed = await deps.store.updateRun(run.id, {
    status: "running",
    startedAt: deps.now().toISOString(),
  });
  const channels = alertChannelsFromEnv(deps.io.env);
  const outbox = channels.size > 0 ? openSqliteAlertOutbox(deps.storePath) : null;
  const notifier = outbox ? createAlertNotifier({ outbox, channels, now: deps.now, log: deps.log }) : null;
  const subscription = alertSubscription(req.notify);
  const reporter = notifier
    ? withAlerts(terminalReporter(deps.io), {
        notifier,
        store: deps.store,
        now: deps.now,
        subscriptionFor: async () => ({
          ...subscription,
          policy: { ...subscription.policy, aggregateSeconds: 0 },
        }),
        linksFor: () => ({ pr: null, trace: null }),
      })
    : terminalReporter(deps.io);
  try {
    await executeRun(
      {
        store: deps.store,
        log: deps.log,
        now: deps.now,
        executors: { workflow: deps.executor },
        reporterFor: () => reporter,
      },
      claimed,
      new AbortController().signal,
    );
    if (notifier) {
      const sent = await notifier.tick();
      if (sent.sent > 0) deps.io.stderr(`alert sent (${sent.sent} message(s))\n`);
      if (sent.failed > 0) deps.io.stderr(`xihe: the alert could not be delivered; see the error above\n`);
    }
  } finally {
    await outbox?.close();
  }
  return (await deps.store.getRun(run.id))!.status;
}

async function record(
  deps: LocalWorkflowDeps,
  req: { root: string; workflow: string; params: Record<string, string> },
): Promise<RunRecord> {
  const id = deps.newId();
  const created = await deps.store.createRun(
    {
      installationId: null,
      repo: req.root,
      pr: null,
      headSha: id,
      verb: "workflow",
      args: [req.workflow, ...Object.entries(req.params).map(([k, v]) => `${k}=${v}`)].join(" "),
      trigger: "cli",
      requester: "cli",
      budget: {},
      context: {},
    },
    { id, now: deps.now().toISOString() },
  );
  if (!created.created) throw new UsageError(`a workflow run is already active: ${created.existing.id}`);
  return created.run;
}

async function resumable(store: Store, id: string): Promise<RunRecord> {
  const run = await store.getRun(id);
  if (!run || run.verb !== "workflow")
    throw new UsageError(`no workflow run ${id} in this store; check the id printed when it started`);
  if (run.status === "succeeded") throw new UsageError(`workflow run ${id} already succeeded`);
  return run;
}

function terminalReporter(io: CliIo): RunReporter {
  return {
    started: async () => {},
    progress: async (_ctx, text) => io.stderr(`  ${text}\n`),
    finished: async (_ctx, outcome) => {
      io.stdout(`${outcome.summary}\n`);
      if (outcome.body) io.stdout(`\n${outcome.body}\n`);
    },
  };
}
