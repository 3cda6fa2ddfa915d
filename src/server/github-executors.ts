// Which executor runs each verb of a GitHub run, wired to real adapters. Verbs without an executor
// end with a clear "not available in this version" outcome from the worker.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Env } from "../config.ts";
import type { GitHubClient } from "../github/github-client.ts";
import { noreplyEmail, type GitHubUrls } from "../github/github-urls.ts";
import type { RunTokenSource } from "../github/mint-run-token.ts";
import { createDeliverFix } from "../verbs/fix/deliver-fix.ts";
import { createApplyRunExecutor, createUndoRunExecutor } from "../verbs/apply-undo/apply-undo-executors.ts";
import { createAskRunExecutor } from "../verbs/ask/ask-run-executor.ts";
import { createDiagnoseRunExecutor } from "../verbs/diagnose/diagnose-run-executor.ts";
import { createExplainRunExecutor } from "../verbs/explain/explain-run-executor.ts";
import type { CompleteText } from "../understanding/ask/answer-question.ts";
import { createFixRunExecutor, type FixRunDeps } from "../verbs/fix/fix-run-executor.ts";
import { readTrustedConfig } from "../verbs/read-trusted-config.ts";
import { createUpgradeRunExecutor } from "../verbs/upgrade/upgrade-run-executor.ts";
import { createWorkflowExecutor } from "../verbs/workflow/workflow-run-executor.ts";
import { connectFromEnv } from "../integrations/dolphinscheduler/connect-from-env.ts";
import { createDeliverSuggestions } from "../verbs/suggest/deliver-suggestions.ts";
import { createReverifyRunExecutor } from "../verbs/suggest/reverify-run-executor.ts";
import { createSuggestRunExecutor } from "../verbs/suggest/suggest-run-executor.ts";
import type { Logger } from "../logger.ts";
import type { ExecutorTable } from "../runs/run-executor.ts";
import type { Store } from "../store/store.ts";
import { createWorkspaceFactory } from "../workspace/workspace-factory.ts";

export interface ExecutorDeps {
  env: Env;
  /** The client a run reads and writes GitHub with (the App's installation client, or a token's). */
  installationOctokit: (installationId: number) => Promise<GitHubClient>;
  /** The token a run clones and pushes with. */
  runTokens: RunTokenSource;
  store: Store;
  log: Logger;
  now: () => Date;
  newId: () => string;
  random: () => number;
  fetch?: typeof globalThis.fetch;
  /** The configured model as a text completion (for `/xihe ask` and `/xihe explain`), or null. */
  complete: CompleteText | null;
  /** The environment Xihe was started with: the host's package-manager config for installs. */
  hostEnv: Readonly<Record<string, string | undefined>>;
  /** github.com or the GitHub Enterprise Server (GHE_HOST) the App talks to. */
  github: GitHubUrls;
}

export function buildGitHubExecutors(deps: ExecutorDeps): ExecutorTable {
  const workDir = resolve(deps.env.XIHE_WORK_DIR);
  // Checkouts are many small files: tmpfs is several times faster than a disk for them. The tmpfs
  // directory belongs to this work dir only, because start-up removes every leftover in it.
  const scope = createHash("sha256").update(workDir).digest("hex").slice(0, 12);
  const workspacesDir = existsSync("/dev/shm")
    ? join("/dev/shm", `xihe-workspaces-${scope}`)
    : join(workDir, "workspaces");
  const workspaces = createWorkspaceFactory({ workDir, workspacesDir, newId: deps.newId });
  const removed = workspaces.removeLeftoverWorkspaces();
  if (removed > 0) deps.log.info({ removed }, "removed workspaces left by an earlier process");
  const { installationOctokit, runTokens } = deps;
  const login = deps.env.XIHE_BOT_LOGIN;
  const botIdentity = { name: login, email: noreplyEmail(deps.github, login) };
  const applyUndo = {
    store: deps.store,
    now: deps.now,
    installationOctokit,
    runTokens,
    workspaces,
    botIdentity,
  };
  const fixDeps = fixRunDeps(deps, workspaces);
  const deliverDeps = {
    installationOctokit,
    hooksDir: workspaces.hooksDir,
    botIdentity,
    github: deps.github,
    now: deps.now,
    store: deps.store,
  };
  return {
    ask: createAskRunExecutor({
      runTokens,
      installationOctokit,
      workspaces,
      complete: deps.complete,
      githubWeb: deps.github.web,
    }),
    diagnose: createDiagnoseRunExecutor({
      env: deps.env,
      hostEnv: deps.hostEnv,
      now: deps.now,
      newId: deps.newId,
      installationOctokit,
      runTokens,
      workspaces,
      tmpRoot: tmpdir(),
      fetch: deps.fetch ?? globalThis.fetch,
    }),
    explain: createExplainRunExecutor({
      runTokens,
      installationOctokit,
      workspaces,
      complete: deps.complete,
    }),
    workflow: createWorkflowExecutor({
      // The default branch's config, like every run's; a run without an installation has none.
      settingsFor: async (run) => {
        if (run.installationId === null) return null;
        const trusted = await readTrustedConfig(await installationOctokit(run.installationId), run);
        return trusted.ok ? (trusted.config.integrations.dolphinscheduler ?? null) : null;
      },
      connect: connectFromEnv(deps.env),
      now: deps.now,
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    }),
    apply: createApplyRunExecutor(applyUndo),
    undo: createUndoRunExecutor(applyUndo),
    fix: createFixRunExecutor({ ...fixDeps, deliver: createDeliverFix(deliverDeps) }),
    upgrade: createUpgradeRunExecutor({
      ...fixDeps,
      registryTimeoutMs: 30_000,
      registryRetries: 2,
      botIdentity,
    }),
    suggest: createSuggestRunExecutor(
      { ...fixDeps, deliver: createDeliverSuggestions(deliverDeps) },
      createReverifyRunExecutor({ ...fixDeps, botIdentity }),
    ),
  };
}

function fixRunDeps(
  deps: ExecutorDeps,
  workspaces: ReturnType<typeof createWorkspaceFactory>,
): Omit<FixRunDeps, "deliver"> {
  return {
    env: deps.env,
    hostEnv: deps.hostEnv,
    store: deps.store,
    log: deps.log,
    now: deps.now,
    newId: deps.newId,
    random: deps.random,
    installationOctokit: deps.installationOctokit,
    runTokens: deps.runTokens,
    workspaces,
    hooksDir: workspaces.hooksDir,
    tmpRoot: tmpdir(),
    fetch: deps.fetch ?? globalThis.fetch,
  };
}
