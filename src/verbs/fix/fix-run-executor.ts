// `/xihe fix` on a pull request, as one run: re-authorise the asker, read the failing checks, check
// out the approved head SHA in an ephemeral workspace, run the fix loop in the sandbox, and deliver a
// verified fix to a side branch. Every stage that costs or has a side effect is a persisted step, and
// every stage that cannot run says why in the outcome: a run never ends silently.
import { fixAlert } from "./fix-alert.ts";
import { existsSync } from "node:fs";
import { z } from "zod";
import { join } from "node:path";
import { briefFailure } from "../../agent/loop/check-run.ts";
import type { FixRunOutcome } from "./verify-with-workflows.ts";
import type { Env, RepoConfig } from "../../config.ts";
import type { Logger } from "../../logger.ts";
import { redactText } from "../../redact.ts";
import type { RunContext, RunExecutor, RunOutcome } from "../../runs/run-executor.ts";
import type { Store } from "../../store/store.ts";
import { stripInvisible } from "../../workspace/strip-invisible.ts";
import type { WorkspaceFactory } from "../../workspace/workspace-factory.ts";
import { fixInWorkspace } from "./fix-in-workspace.ts";
import { canWrite, getAccess } from "../../github/collaborator-permission.ts";
import type { RunTokenSource } from "../../github/mint-run-token.ts";
import type { GitHubClient } from "../../github/github-client.ts";
import { splitRepo } from "../../github/github-client.ts";
import { prepareRunWorkspace, type RunWorkspace } from "../prepare-run-workspace.ts";
import {
  perceivePrChecks,
  prChecksPerception,
  type PrChecksPerception,
} from "../diagnose/perceive-pr-checks.ts";
import { notePrLocalConfig, readTrustedConfig, type TrustedConfig } from "../read-trusted-config.ts";
import type { DeliverFix, DeliveryResult } from "./deliver-fix-types.ts";
import { deliveryGit } from "../../delivery/delivery-git.ts";
import { describeChange, describedChange } from "./describe-change.ts";
import { renderFixBody, toFixReport } from "./render-fix-body.ts";
import { renderFixComment } from "../../delivery/render-fix-comment.ts";
import { unfixedAnnotations } from "../../delivery/unfixed-annotations.ts";

export interface FixRunDeps {
  env: Env;
  /** The environment Xihe was started with: the host's package-manager config for installs. */
  hostEnv: Readonly<Record<string, string | undefined>>;
  store: Store;
  log: Logger;
  now: () => Date;
  newId: () => string;
  random: () => number;
  installationOctokit: (installationId: number) => Promise<GitHubClient>;
  runTokens: RunTokenSource;
  workspaces: WorkspaceFactory;
  tmpRoot: string;
  fetch: typeof globalThis.fetch;
  deliver: DeliverFix;
  /** The empty hooks directory of the workspace factory (no repository hook ever runs). */
  hooksDir: string;
  /** A verb that delivers once per head and failing checks (`suggest`) ends here when it already did. */
  alreadyDelivered?: (ctx: RunContext, perception: PrChecksPerception) => Promise<RunOutcome | null>;
}

export function createFixRunExecutor(deps: FixRunDeps): RunExecutor {
  return async (ctx) => {
    const started = await authorise(deps, ctx);
    if (!started.ok) return started.outcome;
    await ctx.progress("Checking out the pull request in a sandbox…");
    const prepared = await prepareRunWorkspace(deps, ctx.run);
    if ("error" in prepared) return failed(prepared.error);
    try {
      // threat model A14: the PR's own config never widens the policy; say so when it has one.
      notePrLocalConfig(ctx.log, prepared.workspace.dir, started.config.policyHash);
      await ctx.progress("Reading the failing checks…");
      const perception = await perceive(deps, ctx, started.octokit, prepared.workspace.dir);
      const done = await deps.alreadyDelivered?.(ctx, perception);
      if (done) return done;
      const verdict = perception.classification.verdict;
      if (verdict === "transient" || verdict === "flaky")
        return {
          status: "needs_input",
          summary: `not a code failure (${verdict}): re-run the failed jobs instead of changing code`,
          body: renderFixBody({ run: ctx.run, perception, outcome: null, delivery: null }),
        };
      await ctx.progress("Fixing: deterministic fixers first, then the model if one is configured…");
      return await fixAndDeliver(deps, ctx, { prepared, config: started.config.config, perception });
    } finally {
      await prepared.workspace.dispose();
    }
  };
}

type Authorised =
  | { ok: true; octokit: GitHubClient; config: Extract<TrustedConfig, { ok: true }> }
  | { ok: false; outcome: RunOutcome };

// The run's preconditions, re-read at start: the repository config from the default branch, and
// the asker's write access (threat model A08: it may have been removed since the command was queued).
async function authorise(deps: FixRunDeps, ctx: RunContext): Promise<Authorised> {
  const { run } = ctx;
  if (run.pr === null || run.installationId === null)
    return { ok: false, outcome: failed("a pull-request fix needs a PR and an installation") };
  const ref = splitRepo(run.repo);
  const octokit = await deps.installationOctokit(run.installationId);
  const config = await readTrustedConfig(octokit, run);
  if (!config.ok) return config;
  if (run.trigger === "comment" || run.trigger === "label") {
    const access = await getAccess(octokit, ref, run.requester);
    if (!canWrite(access))
      return {
        ok: false,
        outcome: failed(`@${run.requester} no longer has write access; the run was not started`),
      };
  }
  return { ok: true, octokit, config };
}

function perceive(deps: FixRunDeps, ctx: RunContext, octokit: GitHubClient, dir: string) {
  const { run } = ctx;
  return ctx.step(
    "perceive:ci",
    { kind: "perceive", input: { headSha: run.headSha }, output: prChecksPerception },
    () =>
      perceivePrChecks(octokit, {
        ...splitRepo(run.repo),
        headSha: run.headSha,
        tmpRoot: deps.tmpRoot,
        fetchBlob: deps.fetch,
        // Logs print paths of the CI machine; the checkout tells which suffix is the repo path.
        fileExists: (path) => existsSync(join(dir, path)),
      }),
  );
}

async function fixAndDeliver(
  deps: FixRunDeps,
  ctx: RunContext,
  input: { prepared: RunWorkspace; config: RepoConfig; perception: PrChecksPerception },
): Promise<RunOutcome> {
  const { run } = ctx;
  const { workspace, cloneUrl, token } = input.prepared;
  // Every attempt clones anew: until the fix is pushed, the loop's commits live only in the checkout.
  const pushed = await ctx.step.replayed("deliver:push", z.unknown());
  const outcome: FixRunOutcome = await fixInWorkspace(
    {
      store: deps.store,
      now: deps.now,
      log: ctx.log,
      fetch: deps.fetch,
      hostEnv: deps.hostEnv,
      newId: () => `${run.id}-${deps.newId()}`,
      random: deps.random,
      // A cancel (/xihe stop, POST /v1/runs/{id}/cancel) kills the sandboxed command under way.
      signal: ctx.signal,
    },
    {
      runId: run.id,
      root: workspace.dir,
      config: input.config,
      env: deps.env,
      useModel: true,
      source: "github",
      trustLocal: false,
      readOnlyDirs: workspace.readOnlyDirs,
      redact: (t) => redactText(t, [token]),
      extraInstructions: stripInvisible(run.args).text,
      // Reproduction before fixing: the sandbox must show what CI reported.
      ciFailures: input.perception.failures.map(briefFailure),
      freshCheckout: pushed === null,
    },
  );
  const hasCommits = outcome.branch !== null && outcome.commits.length > 0;
  // A step, so a resumed run (whose fresh workspace lacks the loop's commits) replays it. Before
  // delivery: the risk decides whether `fix.auto_apply_low_risk` may push to the PR branch.
  const change =
    hasCommits && outcome.branch
      ? await ctx.step(
          // Under the loop attempt's prefix: a fresh checkout's new attempt made a different change.
          `${outcome.attempt ?? ""}describe:change`,
          { kind: "describe", input: null, output: describedChange },
          () =>
            describeChange(
              deliveryGit({ dir: workspace.dir, hooksDir: deps.hooksDir }),
              outcome.baseCommit,
              outcome.branch!,
            ),
        )
      : null;
  const delivery =
    outcome.status === "done" && hasCommits
      ? await deps.deliver(ctx, {
          workspaceDir: workspace.dir,
          cloneUrl,
          token,
          outcome,
          config: input.config,
          change,
          failedChecks: input.perception.jobs.map((j) => j.name),
          failures: input.perception.failures,
        })
      : null;
  return toOutcome(ctx, { perception: input.perception, outcome, delivery, change });
}

export function toOutcome(
  ctx: RunContext,
  parts: {
    perception: PrChecksPerception;
    outcome: FixRunOutcome;
    delivery: DeliveryResult | null;
    change: Awaited<ReturnType<typeof describeChange>>;
  },
): RunOutcome {
  const report = toFixReport({ run: ctx.run, ...parts });
  const body = renderFixComment(report);
  // Log text is untrusted: unfixedAnnotations cleans it, caps the count and drops flipped tests.
  const annotations = unfixedAnnotations(report);
  const alert = fixAlert(parts.outcome, Boolean(parts.delivery?.refused));
  if (parts.delivery?.refused)
    return { status: "failed", summary: parts.delivery.refused.message, body, annotations, alert };
  if (parts.outcome.status === "done")
    return { status: "succeeded", summary: parts.outcome.reason, body, annotations, alert };
  if (parts.outcome.status === "needs_input")
    return { status: "needs_input", summary: parts.outcome.reason, body, annotations, alert };
  return { status: "failed", summary: parts.outcome.reason, body, annotations, alert };
}

function failed(summary: string, body = ""): RunOutcome {
  return { status: "failed", summary, body };
}
