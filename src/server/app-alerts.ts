// Alerts in the App process: on when the operator defined at least one XIHE_NOTIFY_<NAME> channel.
// Runs of a repository alert the channels its default-branch `notify:` config names.
import type { Probot } from "probot";
import type { Env } from "../config.ts";
import type { Logger } from "../logger.ts";
import { reporterContext } from "../github/github-reporter.ts";
import type { GitHubUrls } from "../github/github-urls.ts";
import { alertChannelsFromEnv } from "../notify/alert-channels-from-env.ts";
import { alertSubscription } from "../notify/alert-subscription.ts";
import { createAlertNotifier } from "../notify/create-alert-notifier.ts";
import { parseRunContext } from "../runs/run-context.ts";
import { withAlerts } from "../runs/alerting-reporter.ts";
import type { RunReporter } from "../runs/run-executor.ts";
import { isPostgresUrl } from "../store/open-store.ts";
import { openPostgresAlertOutbox } from "../store/postgres-alert-outbox.ts";
import { openSqliteAlertOutbox } from "../store/sqlite-alert-outbox.ts";
import type { RunRecord, Store } from "../store/store.ts";
import { readTrustedConfig } from "../verbs/read-trusted-config.ts";

const tickMs = 5_000;

export interface AppAlerts {
  reporter(run: RunRecord, base: RunReporter): RunReporter;
  stop(): Promise<void>;
}

export function startAppAlerts(parts: {
  env: Env;
  processEnv: NodeJS.ProcessEnv;
  store: Store;
  probot: Probot;
  log: Logger;
  now: () => Date;
  github: GitHubUrls;
}): AppAlerts {
  const channels = alertChannelsFromEnv(parts.processEnv);
  if (channels.size === 0) return { reporter: (_run, base) => base, stop: async () => {} };
  // The outbox lives beside the store: the same SQLite file, or the same PostgreSQL database (shared by
  // every App and worker process; its tables come with the store's migrations, already run).
  const outbox = isPostgresUrl(parts.env.XIHE_STORE)
    ? openPostgresAlertOutbox(parts.env.XIHE_STORE, { log: parts.log })
    : openSqliteAlertOutbox(parts.env.XIHE_STORE);
  const notifier = createAlertNotifier({ outbox, channels, now: parts.now, log: parts.log });
  const stopTimer = notifier.start(tickMs);
  const web = parts.github.web;
  parts.log.info({ channels: [...channels.keys()] }, "alerts on");
  const deps = {
    notifier,
    store: parts.store,
    now: parts.now,
    subscriptionFor: async (run: RunRecord) => {
      const trusted = await readTrustedConfig(await parts.probot.auth(run.installationId ?? undefined), run);
      return trusted.ok ? alertSubscription(trusted.config.notify) : null;
    },
    linksFor: (run: RunRecord) => ({
      pr: run.pr === null ? null : `${web}/${run.repo}/pull/${run.pr}`,
      trace: parseRunContext(run, reporterContext).statusUrl ?? null,
    }),
  };
  return {
    reporter: (_run, base) => withAlerts(base, deps),
    async stop() {
      stopTimer();
      await outbox.close();
    },
  };
}
