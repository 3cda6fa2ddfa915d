// `xihe fix --pr OWNER/REPO#N` without hosting an App: the same run the App's `/xihe fix` starts
// (failing checks read from GitHub, the PR head cloned into a sandboxed workspace, the fix loop,
// a side branch, a fix PR and one sticky comment), driven from a terminal or an Actions job with one
// token (GITHUB_TOKEN). The run is recorded in the local store and executed by the same worker.
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Env } from "../config.ts";
import { UsageError } from "../errors.ts";
import { createPrRun } from "../github/create-pr-run.ts";
import { createPermissionCache } from "../github/collaborator-permission.ts";
import { createGitHubReporter, reporterContext } from "../github/github-reporter.ts";
import { githubUrls } from "../github/github-urls.ts";
import { readRepoConfig } from "../github/read-repo-config.ts";
import { tokenClient } from "../github/token-client.ts";
import type { Logger } from "../logger.ts";
import { modelFromEnv } from "../model-from-env.ts";
import { parseRunContext } from "../runs/run-context.ts";
import { createWorker } from "../runs/worker.ts";
import { buildGitHubExecutors } from "../server/github-executors.ts";
import { openSqliteStore } from "../store/sqlite-store.ts";
import type { RunRecord } from "../store/store.ts";
import type { CliIo, ExitCode } from "./cli-io.ts";

/** A token run has no App installation; the one token client answers for this id. */
const tokenInstallationId = 0;
const githubRequestTimeoutMs = 20_000;

export interface PrTarget {
  owner: string;
  repo: string;
  pr: number;
}

export function parsePrTarget(text: string): PrTarget {
  const m = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})#([1-9][0-9]{0,9})$/.exec(text);
  if (!m || m[2] === "." || m[2] === "..")
    throw new UsageError(
      `--pr takes OWNER/REPO#NUMBER, e.g. octo/app#12; got ${JSON.stringify(text.slice(0, 120))}`,
    );
  return { owner: m[1]!, repo: m[2]!, pr: Number(m[3]) };
}

export async function runPrFix(
  target: PrTarget,
  deps: { env: Env; io: CliIo; log: Logger; json: boolean },
): Promise<ExitCode> {
  const { env, io, log } = deps;
  if (!env.GITHUB_TOKEN)
    throw new UsageError(
      "--pr needs GITHUB_TOKEN: a token that may write contents, pull requests, issues and checks of the repository (in Actions: the job's token)",
    );
  const github = githubUrls(env);
  const client = tokenClient(log, {
    token: env.GITHUB_TOKEN,
    github,
    requestTimeoutMs: githubRequestTimeoutMs,
  });
  const ref = { owner: target.owner, repo: target.repo };
  const { data: repository } = await client.octokit.rest.repos.get(ref);
  const config = await readRepoConfig(client.octokit, { ...ref, defaultBranch: repository.default_branch });
  if (!config.ok) throw config.error;
  mkdirSync(dirname(env.XIHE_STORE), { recursive: true });
  const store = openSqliteStore(env.XIHE_STORE);
  const now = () => new Date();
  try {
    const created = await createPrRun(
      client.octokit,
      {
        ref,
        installationId: tokenInstallationId,
        prNumber: target.pr,
        verb: "fix",
        args: "",
        trigger: "cli",
        requester: env.GITHUB_ACTOR ?? "xihe-cli",
        defaultBranch: repository.default_branch,
        policyHash: config.policyHash,
      },
      {
        store,
        log,
        now,
        newRunId: () => `r${randomBytes(5).toString("hex")}`,
        permissions: createPermissionCache(),
        wakeWorker: () => undefined,
        cancelRun: () => undefined,
        github,
      },
    );
    if (!created.created)
      throw new UsageError(
        "existing" in created
          ? `a ${created.existing.verb} run of this PR is already active in ${env.XIHE_STORE} (${created.existing.id}); wait for it or use another XIHE_STORE`
          : `the run was refused: ${created.refused}`,
      );
    const worker = createWorker({
      store,
      log,
      now,
      workerId: `cli-${process.pid}`,
      concurrency: 1,
      executors: buildGitHubExecutors({
        env,
        installationOctokit: async () => client.octokit,
        runTokens: client.runTokens,
        store,
        log,
        now,
        newId: () => randomBytes(4).toString("hex"),
        random: Math.random,
        complete: modelFromEnv(env, 1200),
        hostEnv: io.env,
        github,
      }),
      reporterFor: () => createGitHubReporter(async () => client.octokit, now),
    });
    await worker.drain();
    const run = await store.getRun(created.run.id);
    return report(run ?? created.run, deps);
  } finally {
    await store.close();
  }
}

function report(run: RunRecord, deps: { io: CliIo; json: boolean }): ExitCode {
  const statusUrl = parseRunContext(run, reporterContext).statusUrl ?? null;
  if (deps.json)
    deps.io.stdout(
      `${JSON.stringify({ runId: run.id, status: run.status, reason: run.reason, statusUrl })}\n`,
    );
  else
    deps.io.stdout(
      `xihe fix ${run.repo}#${run.pr}: ${run.status}${run.reason ? ` (${run.reason})` : ""}${statusUrl ? `\n${statusUrl}\n` : "\n"}`,
    );
  return run.status === "succeeded" ? 0 : 1;
}
