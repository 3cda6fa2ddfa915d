// Starts the GitHub App in one process: webhook server + worker + SQLite. This is the only place
// that reads the environment and constructs the App's adapters.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { Probot } from "probot";
import { createXiheApp } from "../app.ts";
import { modelFromEnv } from "../cli/model-from-env.ts";
import { loadEnv, requireAppEnv } from "../config.ts";
import { createPermissionCache } from "../github/collaborator-permission.ts";
import { createGitHubReporter } from "../github/github-reporter.ts";
import { createXiheOctokit } from "../github/xihe-octokit.ts";
import { createLogger } from "../logger.ts";
import { checkGitVersion } from "../runs/check-git-version.ts";
import { recoverInterruptedRuns } from "../runs/recover-interrupted.ts";
import { createWorker } from "../runs/worker.ts";
import { openStore } from "../store/open-store.ts";
import { buildGitHubExecutors } from "./github-executors.ts";
import { createWebhookServer } from "./webhook-server.ts";

export async function startApp(
  processEnv: NodeJS.ProcessEnv = process.env,
): Promise<{ close(): Promise<void> }> {
  const env = loadEnv(processEnv);
  const appEnv = requireAppEnv(env);
  const log = createLogger({ level: env.LOG_LEVEL });
  const gitVersion = checkGitVersion(execFileSync("git", ["--version"], { encoding: "utf8" }));
  const privateKey = appEnv.privateKey ?? readFileSync(env.PRIVATE_KEY_PATH!, "utf8");
  const store = openStore(env.XIHE_STORE);
  const Octokit = createXiheOctokit(log, { retryAndThrottle: true });
  const probot = new Probot({
    appId: appEnv.appId,
    privateKey,
    secret: appEnv.secret,
    Octokit,
    log: log.child({ name: "probot" }),
  });
  const now = () => new Date();
  const workerId = `worker-${process.pid}-${randomBytes(3).toString("hex")}`;
  const worker = createWorker({
    store,
    log,
    now,
    workerId,
    concurrency: env.XIHE_WORKER_CONCURRENCY,
    executors: buildGitHubExecutors({
      env,
      probot,
      store,
      log,
      now,
      newId: () => randomBytes(4).toString("hex"),
      complete: modelFromEnv(processEnv, 1200),
      hostEnv: processEnv,
    }),
    reporterFor: (run) => createGitHubReporter(() => probot.auth(run.installationId ?? undefined), now),
  });
  const recovered = await recoverInterruptedRuns({ store, now, workerId });
  await probot.load(
    createXiheApp({
      appId: Number(appEnv.appId),
      store,
      log,
      now,
      newRunId: () => `r${randomBytes(5).toString("hex")}`,
      permissions: createPermissionCache(),
      wakeWorker: () => worker.wake(),
      cancelRun: (id) => worker.cancel(id),
    }),
  );
  const server = createWebhookServer({
    webhooks: probot.webhooks,
    webhooksPath: "/api/github/webhooks",
    log,
  });
  const port = Number(processEnv.PORT ?? 3000);
  await new Promise<void>((resolve) => server.listen(port, processEnv.HOST ?? "0.0.0.0", resolve));
  worker.start();
  log.info({ port, gitVersion, store: env.XIHE_STORE, ...recovered }, "xihe app listening");
  return {
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await worker.stop();
      await store.close();
    },
  };
}
