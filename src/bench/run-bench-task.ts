// One bench task end to end: check the repository out, run the same fix as `xihe fix` on it
// (fixInWorkspace: install, reproduce, localize, fix, verify, in the sandbox), then judge the result
// with the bench's own re-run of the failing commands and the whole suite.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { isPassing } from "../agent/loop/check-run.ts";
import type { FixOutcome } from "../agent/loop/fix-outcome.ts";
import { parseRepoConfig, type Env, type RepoConfig } from "../config.ts";
import type { Store } from "../store/store.ts";
import {
  fixInWorkspace,
  sandboxChooser,
  type FixInWorkspaceDeps,
  type FixInWorkspaceRequest,
} from "../verbs/fix/fix-in-workspace.ts";
import { suiteOf, type BenchTask } from "./bench-task.ts";
import type { BenchRecord } from "./bench-record.ts";
import { checkOutCommit } from "./check-out-commit.ts";
import { collectWeakening } from "./collect-weakening.ts";
import { judgeFix, type Judgement } from "./judge-fix.ts";
import { scoreTask } from "./score-task.ts";

export interface BenchTaskDeps extends FixInWorkspaceDeps {
  store: Store;
  env: Env;
  /** Where task checkouts are made (removed after each task). */
  tempDir?: string;
}

export interface BenchOptions {
  useModel: boolean;
  /** Recorded with every result: the planning model, or "none". */
  model: string;
  maxCostUsd?: number;
}

export async function runBenchTask(
  deps: BenchTaskDeps,
  task: BenchTask,
  options: BenchOptions,
): Promise<BenchRecord> {
  const startedAt = deps.now();
  const checkout = await checkOutCommit(task, deps.tempDir);
  try {
    const config = readConfig(checkout.root);
    const runId = deps.newId();
    await deps.store.createRun(
      {
        installationId: null,
        repo: checkout.root,
        pr: null,
        headSha: task.commit,
        verb: "fix",
        args: task.failing.join(" && "),
        trigger: "cli",
        requester: "bench",
        budget: {},
        context: { benchTask: task.id },
      },
      { id: runId, now: startedAt.toISOString() },
    );
    const request: FixInWorkspaceRequest = {
      runId,
      root: checkout.root,
      config,
      env: deps.env,
      commands: task.failing,
      useModel: options.useModel,
      maxCostUsd: options.maxCostUsd,
      source: "local_checkout",
      trustLocal: false,
      cacheScope: projectScope(task.repo),
    };
    const fixed = await runFix(deps, request);
    if ("error" in fixed) return errorRecord(task, options, startedAt, fixed.error);
    const { outcome, wallMs } = fixed;
    const judgeStart = deps.now().getTime();
    const judgement = failedBefore(task, outcome)
      ? await judgeFix(
          {
            root: checkout.root,
            sandbox: sandboxChooser(deps, request)([]),
            timeoutMs: config.sandbox.command_timeout_seconds * 1000,
          },
          { failing: task.failing, suite: suiteOf(task) },
        )
      : null;
    const weakening = await collectWeakening(deps.store, runId);
    return recordOf(task, options, startedAt, {
      outcome,
      wallMs,
      judgeMs: deps.now().getTime() - judgeStart,
      judgement,
      weakening,
    });
  } finally {
    checkout.remove();
  }
}

// A task's checkout is a fresh directory of its own, but tasks of one project are runs of one
// repository and share its dependency-cache entries (the key still holds the lockfile's bytes):
// `xihe bench make` writes one project's bundles into one folder; a checkout is its own project.
function projectScope(repo: string): string {
  return `bench ${statSync(repo).isDirectory() ? repo : dirname(repo)}`;
}

function readConfig(root: string): RepoConfig {
  const path = join(root, ".github", "xihe.yml");
  return parseRepoConfig(existsSync(path) ? readFileSync(path, "utf8") : null);
}

async function runFix(
  deps: BenchTaskDeps,
  request: FixInWorkspaceRequest,
): Promise<{ outcome: FixOutcome; wallMs: number } | { error: string }> {
  const started = deps.now().getTime();
  try {
    const outcome = await fixInWorkspace(deps, request);
    await deps.store.updateRun(request.runId, {
      status:
        outcome.status === "done" ? "succeeded" : outcome.status === "needs_input" ? "needs_input" : "failed",
      reason: outcome.reason,
      endedAt: deps.now().toISOString(),
      spend: { ...outcome.spend },
    });
    return { outcome, wallMs: deps.now().getTime() - started };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    deps.log.warn({ err, runId: request.runId }, "bench task's fix run crashed");
    await deps.store.updateRun(request.runId, {
      status: "failed",
      reason,
      endedAt: deps.now().toISOString(),
    });
    return { error: reason };
  }
}

/** The task is valid only if every failing command failed in the sandbox before anything changed. */
function failedBefore(task: BenchTask, outcome: FixOutcome): boolean {
  return task.failing.every((command) => {
    const run = outcome.perception.runs.find((r) => r.command === command);
    return run !== undefined && !isPassing(run);
  });
}

function recordOf(
  task: BenchTask,
  options: BenchOptions,
  startedAt: Date,
  run: {
    outcome: FixOutcome;
    wallMs: number;
    judgeMs: number;
    judgement: Judgement | null;
    weakening: BenchRecord["testWeakening"];
  },
): BenchRecord {
  const { outcome, judgement } = run;
  const score = scoreTask(outcome, judgement, run.weakening);
  return {
    taskId: task.id,
    kind: task.kind,
    model: options.model,
    startedAt: startedAt.toISOString(),
    ...score,
    loop: { status: outcome.status, reason: outcome.reason, fixedBy: outcome.fixedBy },
    rounds: outcome.rounds,
    repairRounds: Math.max(0, outcome.rounds - 1),
    toolCalls: outcome.spend.toolCalls,
    modelCalls: outcome.spend.modelCalls,
    inputTokens: outcome.spend.inputTokens,
    outputTokens: outcome.spend.outputTokens,
    costUsd: outcome.spend.costUsd,
    wallMs: run.wallMs,
    judgeMs: run.judgeMs,
    heldForApproval: outcome.heldStep !== null,
    testWeakening: run.weakening,
    judge: judgement
      ? { failing: judgement.failing, suite: judgement.suite, brokenTests: judgement.brokenTests }
      : null,
  };
}

function errorRecord(task: BenchTask, options: BenchOptions, startedAt: Date, reason: string): BenchRecord {
  return {
    taskId: task.id,
    kind: task.kind,
    model: options.model,
    startedAt: startedAt.toISOString(),
    outcome: "error",
    solved: false,
    solvedFirstAttempt: false,
    because: `the fix run crashed: ${reason}`,
    loop: { status: "error", reason, fixedBy: null },
    rounds: 0,
    repairRounds: 0,
    toolCalls: 0,
    modelCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    wallMs: 0,
    judgeMs: 0,
    heldForApproval: false,
    testWeakening: [],
    judge: null,
  };
}
