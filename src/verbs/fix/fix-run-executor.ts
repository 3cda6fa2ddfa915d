// `/xihe fix` on a pull request, as one run: re-authorise the asker, read the failing checks, check
// out the approved head SHA in an ephemeral workspace, run the fix loop in the sandbox, and deliver a
// verified fix to a side branch. Every stage that costs or has a side effect is a persisted step, and
// every stage that cannot run says why in the outcome: a run never ends silently.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FixOutcome } from "../../agent/loop/fix-outcome.ts";
import type { Env } from "../../config.ts";
import type { Logger } from "../../logger.ts";
import { redactText } from "../../redact.ts";
import type { RunContext, RunExecutor, RunOutcome } from "../../runs/run-executor.ts";
import type { Json } from "../../store/store.ts";
import type { Store } from "../../store/store.ts";
import { stripInvisible } from "../../workspace/strip-invisible.ts";
import type { WorkspaceFactory } from "../../workspace/workspace-factory.ts";
import { fixInWorkspace } from "./fix-in-workspace.ts";
import { toJson } from "../../store/to-json.ts";
import { canWrite, getAccess } from "../../github/collaborator-permission.ts";
import type { GitHubClient } from "../../github/github-client.ts";
import { splitRepo } from "../../github/github-client.ts";
import { prepareRunWorkspace } from "../prepare-run-workspace.ts";
import { perceivePrChecks, type PrChecksPerception } from "../diagnose/perceive-pr-checks.ts";
import { notePrLocalConfig, readTrustedConfig } from "../read-trusted-config.ts";
import type { DeliverFix, DeliveryResult } from "./deliver-fix-types.ts";
import { deliveryGit } from "../../delivery/delivery-git.ts";
import { describeChange } from "./describe-change.ts";
import { renderFixBody } from "./render-fix-body.ts";

export interface FixRunDeps {
  env: Env;
  /** The environment Xihe was started with: the host's package-manager config for installs. */
  hostEnv: Readonly<Record<string, string | undefined>>;
  store: Store;
  log: Logger;
  now: () => Date;
  installationOctokit: (installationId: number) => Promise<GitHubClient>;
  appOctokit: () => Promise<GitHubClient>;
  workspaces: WorkspaceFactory;
  tmpRoot: string;
  fetch: typeof globalThis.fetch;
  deliver: DeliverFix;
  /** The empty hooks directory of the workspace factory (no repository hook ever runs). */
  hooksDir: string;
}

export function createFixRunExecutor(deps: FixRunDeps): RunExecutor {
  return async (ctx) => {
    const { run } = ctx;
    if (run.pr === null || run.installationId === null)
      return failed("a pull-request fix needs a PR and an installation");
    const ref = splitRepo(run.repo);
    const octokit = await deps.installationOctokit(run.installationId);
    const config = await readTrustedConfig(octokit, run);
    if (!config.ok) return config.outcome;
    if (run.trigger === "comment" || run.trigger === "label") {
      // Re-checked at start (THREATS A08): access may have been removed since the command was queued.
      const access = await getAccess(octokit, ref, run.requester);
      if (!canWrite(access))
        return failed(`@${run.requester} no longer has write access; the run was not started`);
    }

    await ctx.progress("Checking out the pull request in a sandbox…");
    const prepared = await prepareRunWorkspace(deps, run);
    if ("error" in prepared) return failed(prepared.error);
    const { workspace, cloneUrl } = prepared;
    const { token } = prepared;
    // THREATS A14: the PR's own config never widens the policy; say so when it has one.
    notePrLocalConfig(ctx.log, workspace.dir, config.policyHash);
    await ctx.progress("Reading the failing checks…");
    const perception = await ctx.step<PrChecksPerception & Json>(
      "perceive:ci",
      "perceive",
      { headSha: run.headSha },
      async () =>
        toJson(
          await perceivePrChecks(octokit, {
            ...ref,
            headSha: run.headSha,
            tmpRoot: deps.tmpRoot,
            fetchBlob: deps.fetch,
            // Logs print paths of the CI machine; the checkout tells which suffix is the repo path.
            fileExists: (path) => existsSync(join(workspace.dir, path)),
          }),
        ),
    );
    const verdict = perception.classification.verdict;
    if (verdict === "transient" || verdict === "flaky") {
      await workspace.dispose();
      return {
        status: "needs_input",
        summary: `not a code failure (${verdict}): re-run the failed jobs instead of changing code`,
        body: renderFixBody({ run, perception, outcome: null, delivery: null }),
      };
    }

    try {
      await ctx.progress("Fixing: deterministic fixers first, then the model if one is configured…");
      const outcome: FixOutcome = await fixInWorkspace(
        { store: deps.store, now: deps.now, log: ctx.log, fetch: deps.fetch, hostEnv: deps.hostEnv },
        {
          runId: run.id,
          root: workspace.dir,
          config: config.config,
          env: deps.env,
          useModel: true,
          source: "github",
          trustLocal: false,
          readOnlyDirs: workspace.readOnlyDirs,
          redact: (t) => redactText(t, [token]),
          extraInstructions: stripInvisible(run.args).text,
        },
      );
      // A step, so a resumed run (whose fresh workspace lacks the loop's commits) replays it. Before
      // delivery: the risk decides whether `fix.auto_apply_low_risk` may push to the PR branch.
      const change =
        outcome.branch && outcome.commits.length > 0
          ? await ctx.step("describe:change", "describe", null, async () =>
              toJson(
                await describeChange(
                  deliveryGit({ dir: workspace.dir, hooksDir: deps.hooksDir }),
                  outcome.baseCommit,
                  outcome.branch!,
                ),
              ),
            )
          : null;
      const delivery =
        outcome.status === "done" && outcome.branch && outcome.commits.length > 0
          ? await deps.deliver(ctx, {
              workspaceDir: workspace.dir,
              cloneUrl,
              token: token,
              outcome,
              config: config.config,
              change,
            })
          : null;
      return toOutcome(ctx, { perception, outcome, delivery, change });
    } finally {
      await workspace.dispose();
    }
  };
}

function toOutcome(
  ctx: RunContext,
  parts: {
    perception: PrChecksPerception;
    outcome: FixOutcome;
    delivery: DeliveryResult | null;
    change: Awaited<ReturnType<typeof describeChange>>;
  },
): RunOutcome {
  const body = renderFixBody({ run: ctx.run, ...parts });
  const unfixed = parts.perception.failures.filter((f) => f.file && f.line);
  const annotations =
    parts.outcome.status === "done" && parts.delivery?.refused === null
      ? []
      : unfixed.map((f) => ({
          path: f.file!,
          line: f.line!,
          message: `${f.tool}: ${f.message}`,
          level: "failure" as const,
        }));
  if (parts.delivery?.refused)
    return { status: "failed", summary: parts.delivery.refused.message, body, annotations };
  if (parts.outcome.status === "done")
    return { status: "succeeded", summary: parts.outcome.reason, body, annotations };
  if (parts.outcome.status === "needs_input")
    return { status: "needs_input", summary: parts.outcome.reason, body, annotations };
  return { status: "failed", summary: parts.outcome.reason, body, annotations };
}

function failed(summary: string, body = ""): RunOutcome {
  return { status: "failed", summary, body };
}
