// The fix loop as an explicit state machine:
//   perceive → (deterministic fixers → verify) → localize → [plan → execute → verify] × (1 + repairs)
//   → done | gave_up | needs_input
// Every step goes through runStep (persisted before and after, replayed on resume). The model only
// proposes; verification (re-running the failing commands) decides.
import type { Logger } from "../../logger.ts";
import { runStep } from "../../runs/run-step.ts";
import type { Store } from "../../store/store.ts";
import type { Tool, ToolContext } from "../../tools/define-tool.ts";
import type { WorkspaceGit } from "../../tools/workspace-git.ts";
import type { CodeIndex } from "../../understanding/index/code-index.ts";
import type { Sandbox } from "../../workspace/sandbox/sandbox.ts";
import { createBudget, type BudgetLimits } from "./budget.ts";
import { isPassing, type CheckRun } from "./check-run.ts";
import type { FixOutcome } from "./fix-outcome.ts";
import type { Model } from "../model/model.ts";
import { perceiveFailures, type Perception } from "./perceive-failures.ts";
import { traceEntry, type TraceEntry } from "./reasoning-trace.ts";
import { runDeterministicTier } from "./run-deterministic-tier.ts";
import { runModelPhase } from "./run-model-phase.ts";
import { verifyChange, type Verdict } from "./verify-change.ts";

export interface FixRequest {
  runId: string;
  /** The commands that fail and must pass afterwards. */
  commands: string[];
  /** Configured lint, run after the failing commands during verification. */
  lint: string[];
  useModel: boolean;
  limits: BudgetLimits;
  instructions: string;
  commandTimeoutMs: number;
  maxOutputTokens: number;
  /** Held high-risk changes (exec step ids) a person approved; the run is resumed with them. */
  approvals: string[];
}

export interface FixDeps {
  store: Store;
  now: () => Date;
  sandbox: Sandbox;
  git: WorkspaceGit;
  model: Model | null;
  tools: readonly Tool[];
  /** The workspace command policy, bound to the repository's configured commands. */
  checkCommand: ToolContext["checkCommand"];
  index: CodeIndex | null;
  /** The understanding layer's brief for these failures; absent means no brief. */
  localize?: (failing: readonly CheckRun[]) => Promise<{ brief: string; suspects: string[] }>;
  log: Logger;
}

/** Runs the loop and stores its outcome as the final `result` step (replayed on resume). */
export async function runFixLoop(deps: FixDeps, request: FixRequest): Promise<FixOutcome> {
  const step = { store: deps.store, now: deps.now };
  // A resume with new approvals is a new ending of the same run, so it gets its own result step.
  const resultStep =
    request.approvals.length > 0 ? `result:approved:${request.approvals.join(",")}` : "result";
  const existing = await deps.store.getStep(request.runId, resultStep);
  // Written by this function on an earlier pass of the same run.
  if (existing?.status === "succeeded") return existing.output as unknown as FixOutcome;
  const outcome = await advance(deps, request);
  await runStep<FixOutcome>(
    step,
    { runId: request.runId, stepId: resultStep, kind: "result", input: { approvals: request.approvals } },
    async () => outcome,
  );
  return outcome;
}

async function advance(deps: FixDeps, request: FixRequest): Promise<FixOutcome> {
  const budget = createBudget(request.limits, deps.model, deps.now);
  const { runId } = request;
  const step = { store: deps.store, now: deps.now };
  const timeoutMs = () => Math.max(1000, Math.min(request.commandTimeoutMs, budget.remainingMs()));
  const checks = { sandbox: deps.sandbox, timeoutMs };
  const trace: TraceEntry[] = [];
  const commits: FixOutcome["commits"] = [];

  const { output: perception } = await runStep<Perception>(
    step,
    { runId, stepId: "perceive", kind: "perceive", input: { commands: request.commands } },
    () => perceiveFailures(checks, request.commands),
  );
  trace.push(
    traceEntry(
      "perceive",
      perception.state,
      [perception.reason, ...perception.runs.map((r) => `${r.command} → exit ${r.exitCode}`)],
      1,
    ),
  );
  const { output: start } = await runStep<{ branch: string | null; baseCommit: string }>(
    step,
    { runId, stepId: "branch", kind: "git", input: { runId } },
    async () => {
      const baseCommit = await deps.git.head();
      if (perception.state !== "code") return { branch: null, baseCommit };
      const branch = `xihe/fix-${runId}`;
      await deps.git.createBranch(branch);
      return { branch, baseCommit };
    },
  );
  const outcome = (partial: Pick<FixOutcome, "status" | "reason"> & Partial<FixOutcome>): FixOutcome => ({
    branch: start.branch,
    baseCommit: start.baseCommit,
    commits,
    perception,
    verdict: null,
    rounds: 0,
    fixedBy: null,
    question: null,
    heldStep: null,
    budgetStop: null,
    spend: budget.spend(),
    trace,
    ...partial,
  });
  if (perception.state === "green")
    return outcome({ status: "done", reason: "nothing to fix: every command passes" });
  if (perception.state === "flaky") return outcome({ status: "done", reason: perception.reason });
  if (perception.state === "transient") return outcome({ status: "gave_up", reason: perception.reason });
  if (perception.state === "config")
    return outcome({ status: "needs_input", reason: perception.reason, question: perception.reason });
  const failing = perception.runs.filter((r) => !isPassing(r));
  const verify = (stepId: string) =>
    runStep<Verdict>(
      step,
      {
        runId,
        stepId,
        kind: "verify",
        input: { commands: failing.map((r) => r.command), lint: request.lint },
      },
      () =>
        verifyChange(
          { ...checks, git: deps.git },
          { before: failing, lint: request.lint, baseCommit: start.baseCommit },
        ),
    ).then((r) => r.output);

  const fixerRuns = await runDeterministicTier(
    { ...step, sandbox: deps.sandbox, git: deps.git, runId, timeoutMs },
    failing,
  );
  for (const run of fixerRuns) {
    trace.push(run.trace);
    if (run.commit) commits.push({ sha: run.commit, stepId: run.trace.step, summary: run.name });
  }
  let verdict: Verdict | null = null;
  if (commits.length > 0) {
    verdict = await verify("fixers:verify");
    trace.push(
      traceEntry(
        "fixers:verify",
        verdict.summary,
        verdict.commands.map((c) => `${c.command}: ${c.exitBefore}→${c.exitAfter}`),
        1,
      ),
    );
    if (verdict.green)
      return outcome({ status: "done", reason: verdict.summary, verdict, fixedBy: "deterministic" });
  }
  if (!request.useModel || !deps.model)
    return outcome({
      status: "gave_up",
      reason: `${fixerRuns.length > 0 ? "deterministic fixers did not make it pass" : "no deterministic fixer applies"} and no model is configured`,
      verdict,
    });

  const ended = await runModelPhase({
    deps,
    request,
    budget,
    failing,
    baseCommit: start.baseCommit,
    verify,
    trace,
    commits,
    verdict,
    timeoutMs,
  });
  return outcome(ended);
}
