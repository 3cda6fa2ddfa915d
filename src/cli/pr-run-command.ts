// `xihe fix|diagnose|explain --pr OWNER/REPO#N` without hosting an App: the same run the App's
// `/xihe fix` (or an `on_failure: diagnose` check failure, or `/xihe explain`) starts, driven from a
// terminal or an Actions job with one token (GITHUB_TOKEN): the same executors, sandbox, sticky
// comment, check run and delivery. The run is recorded in the local store and executed by the same
// worker; its outcome is also printed.
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { loadEnv, type Env } from "../config.ts";
import { UsageError } from "../errors.ts";
import { createPrRun } from "../github/create-pr-run.ts";
import { createPermissionCache } from "../github/collaborator-permission.ts";
import { createGitHubReporter, reporterContext } from "../github/github-reporter.ts";
import { githubUrls } from "../github/github-urls.ts";
import { readRepoConfig } from "../github/read-repo-config.ts";
import { tokenClient } from "../github/token-client.ts";
import { createLogger, type Logger } from "../logger.ts";
import { modelFromEnv } from "../model-from-env.ts";
import { parseRunContext } from "../runs/run-context.ts";
import { createWorker } from "../runs/worker.ts";
import { buildGitHubExecutors } from "../server/github-executors.ts";
import { openSqliteStore } from "../store/sqlite-store.ts";
import type { RunOutcome, RunReporter } from "../runs/run-executor.ts";
import type { RunRecord, RunVerb } from "../store/store.ts";
import type { CliIo, ExitCode } from "./cli-io.ts";

/** A token run has no App installation; the one token client answers for this id. */
const tokenInstallationId = 0;
const githubRequestTimeoutMs = 20_000;

/** The verbs a token run can do: each is a run the App also starts on a pull request. */
export type PrVerb = Extract<RunVerb, "fix" | "diagnose" | "explain">;

// What the token must be allowed, per verb (an Actions job's `permissions:`).
const tokenNeeds: Record<PrVerb, string> = {
  fix: "write contents, pull requests, issues and checks of the repository and read its actions",
  diagnose: "write issues and checks of the repository and read its actions",
  explain: "read contents and write pull requests, issues and checks of the repository",
};

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

export interface PrRunRequest {
  verb: PrVerb;
  target: PrTarget;
  /** What a comment would carry after the verb: fix instructions, an explain focus. */
  args: string;
}

/**
 * `--pr` of a command that reads no environment of its own: `given` names the flags that only apply
 * to a local checkout or log, refused with the reason.
 */
export async function runPrFromCli(
  request: { verb: PrVerb; pr: string; args: string; json: boolean; given: string[] },
  io: CliIo,
): Promise<ExitCode> {
  if (request.given.length > 0)
    throw new UsageError(
      `--pr runs the App's ${request.verb} on the pull request; ${request.given.join(", ")} cannot be combined with it`,
    );
  const target = parsePrTarget(request.pr);
  const env = loadEnv(io.env);
  // A CLI shows only what went wrong unless LOG_LEVEL asks for more.
  const log = createLogger({ level: env.LOG_LEVEL ?? "warn", destination: { write: io.stderr } });
  return runPrVerb({ verb: request.verb, target, args: request.args }, { env, io, log, json: request.json });
}

export async function runPrVerb(
  { verb, target, args }: PrRunRequest,
  deps: { env: Env; io: CliIo; log: Logger; json: boolean },
): Promise<ExitCode> {
  const { env, io, log } = deps;
  if (!env.GITHUB_TOKEN)
    throw new UsageError(
      `--pr needs GITHUB_TOKEN: a token that may ${tokenNeeds[verb]} (in Actions: the job's token)`,
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
        verb,
        args,
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
    let outcome: Pick<RunOutcome, "summary" | "body"> | null = null;
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
      reporterFor: () =>
        keepingOutcome(
          createGitHubReporter(async () => client.octokit, now),
          (o) => (outcome = o),
        ),
    });
    await worker.drain();
    const run = await store.getRun(created.run.id);
    return report(run ?? created.run, outcome, deps);
  } finally {
    await store.close();
  }
}

/** The reporter as is, also handing the run's outcome to `keep` (the terminal prints it). */
function keepingOutcome(
  reporter: RunReporter,
  keep: (outcome: Pick<RunOutcome, "summary" | "body">) => void,
): RunReporter {
  return {
    started: (ctx) => reporter.started(ctx),
    progress: (ctx, text) => reporter.progress(ctx, text),
    async finished(ctx, outcome) {
      keep(outcome);
      await reporter.finished(ctx, outcome);
    },
  };
}

function report(
  run: RunRecord,
  outcome: Pick<RunOutcome, "summary" | "body"> | null,
  deps: { io: CliIo; json: boolean },
): ExitCode {
  const statusUrl = parseRunContext(run, reporterContext).statusUrl ?? null;
  const summary = outcome?.summary ?? null;
  if (deps.json)
    deps.io.stdout(
      `${JSON.stringify({ runId: run.id, verb: run.verb, status: run.status, reason: run.reason, summary, statusUrl, body: outcome?.body ?? null })}\n`,
    );
  else {
    const why = run.reason ?? (run.verb === "fix" ? null : summary);
    // A fix's report is its PR comment; a diagnosis or an explanation is read here too.
    const body = run.verb !== "fix" && outcome?.body ? `\n${outcome.body}\n` : "";
    deps.io.stdout(
      `xihe ${run.verb} ${run.repo}#${run.pr}: ${run.status}${why ? ` (${why})` : ""}\n${statusUrl ? `${statusUrl}\n` : ""}${body}`,
    );
  }
  return run.status === "succeeded" ? 0 : 1;
}
