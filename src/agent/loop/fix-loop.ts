// The fix loop as an explicit state machine:
//   perceive → (deterministic fixers → verify) → localize → [plan → execute → verify] × (1 + repairs)
//   → done | gave_up | needs_input
// Every step goes through the `step` function it is given (persisted before and after, replayed on
// resume, its output parsed with the schema each step declares). The model only proposes;
// verification (re-running the failing commands) decides.
import { z } from "zod";
import type { Logger } from "../../logger.ts";
import type { Tool, ToolContext } from "../../tools/define-tool.ts";
import type { WorkspaceGit } from "../../tools/workspace-git.ts";
import type { CodeIndex } from "../../understanding/index/code-index.ts";
import type { Sandbox } from "../../workspace/sandbox/sandbox.ts";
import type { Step } from "../step.ts";
import { createBudget, type Budget, type BudgetLimits } from "./budget.ts";
import { isPassing, type CheckRun, type FailureBrief } from "./check-run.ts";
import { endUnreproduced, reproduce } from "./reproduce-before-fixing.ts";
import { storedFixOutcome, type FixOutcome } from "./fix-outcome.ts";
import type { Model } from "../model/model.ts";
import { perceiveFailures, perception as perceptionSchema, type Perception } from "./perceive-failures.ts";
import { traceEntry, type TraceEntry } from "./reasoning-trace.ts";
import { runDeterministicTier } from "./run-deterministic-tier.ts";
import { runModelPhase, type PhaseEnd } from "./run-model-phase.ts";
import { checkoutAttempt, prefixSteps } from "./checkout-attempt.ts";
import { verdict as verdictSchema, verifyChange, type Verdict } from "./verify-change.ts";

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
  /** What CI reported (App runs); the sandbox must reproduce it before anything is fixed. */
  ci?: { failures: FailureBrief[]; declaredDependencies: string[] };
  /**
   * The checkout is fresh and the run's fix is not pushed yet (an App run resumed): loop work an
   * earlier attempt committed in another checkout is done again here (checkout-attempt.ts).
   */
  freshCheckout?: boolean;
}

export interface FixDeps {
  /** The run's persisted steps (runs/run-step.ts implements it). */
  step: Step;
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

/** What every stage of one pass of the loop shares; trace and commits grow as it runs. */
export interface LoopState {
  deps: FixDeps;
  request: FixRequest;
  budget: Budget;
  timeoutMs: () => number;
  trace: TraceEntry[];
  commits: FixOutcome["commits"];
}

const branchStart = z.object({ branch: z.string().nullable(), baseCommit: z.string() });

/**
 * The step-id prefix of the loop's attempt in this checkout ("", or "again-N:" when a fresh
 * checkout lacks an earlier attempt's commits). Steps about the change the loop made (its
 * description, its verification workflows) take the same prefix, so they describe this change.
 */
export function loopAttempt(
  step: FixDeps["step"],
  git: FixDeps["git"],
  request: Pick<FixRequest, "freshCheckout">,
): Promise<string> {
  return request.freshCheckout ? checkoutAttempt(step, git, branchStart) : Promise.resolve("");
}

/** Runs the loop and stores its outcome as the final `result` step (replayed on resume). */
export async function runFixLoop(given: FixDeps, request: FixRequest): Promise<FixOutcome> {
  const attempt = await loopAttempt(given.step, given.git, request);
  if (attempt)
    given.log.info({ attempt }, "the earlier attempt's commits are not in this checkout; fixing again");
  const deps = { ...given, step: prefixSteps(given.step, attempt) };
  // A resume with new approvals is a new ending of the same run, so it gets its own result step.
  const resultStep =
    request.approvals.length > 0 ? `result:approved:${request.approvals.join(",")}` : "result";
  // Looked up first (not a step around the whole pass) so the result stays the run's last step.
  const replayed = await deps.step.replayed(resultStep, storedFixOutcome);
  if (replayed) return replayed;
  const outcome = await advance(deps, request);
  return deps.step(
    resultStep,
    { kind: "result", input: { approvals: request.approvals }, output: storedFixOutcome },
    async () => ({ ...outcome, ...(await changeDiff(deps.git, outcome)) }),
  );
}

/** The run trace page shows the change itself; a huge diff is cut (the branch has all of it). */
const maxStoredDiffChars = 100_000;

async function changeDiff(git: WorkspaceGit, outcome: FixOutcome): Promise<{ diff?: string }> {
  if (outcome.commits.length === 0) return {};
  const diff = await git.diff(outcome.baseCommit);
  return {
    diff:
      diff.length > maxStoredDiffChars
        ? `${diff.slice(0, maxStoredDiffChars)}\n… (cut at ${maxStoredDiffChars} characters)`
        : diff,
  };
}

async function advance(deps: FixDeps, request: FixRequest): Promise<FixOutcome> {
  const budget = createBudget(request.limits, deps.model, deps.now);
  const timeoutMs = () => Math.max(1000, Math.min(request.commandTimeoutMs, budget.remainingMs()));
  const loop: LoopState = { deps, request, budget, timeoutMs, trace: [], commits: [] };
  const perception = await perceive(loop);
  const reproduction = await reproduce({ step: deps.step, trace: loop.trace, ci: request.ci }, perception);
  const unreproduced = reproduction ? endUnreproduced(reproduction) : null;
  const start = await openBranch(loop, !unreproduced && perception.state === "code");
  const outcome = (end: PhaseEnd): FixOutcome => ({
    branch: start.branch,
    baseCommit: start.baseCommit,
    commits: loop.commits,
    perception,
    verdict: null,
    rounds: 0,
    fixedBy: null,
    question: null,
    heldStep: null,
    budgetStop: null,
    spend: budget.spend(),
    trace: loop.trace,
    reproduction,
    ...end,
  });
  const early = unreproduced ?? endBeforeFixing(perception);
  if (early) return outcome(early);
  const failing = perception.runs.filter((r) => !isPassing(r));
  const verify = (stepId: string) =>
    deps.step(
      stepId,
      {
        kind: "verify",
        input: { commands: failing.map((r) => r.command), lint: request.lint },
        output: verdictSchema,
      },
      () =>
        verifyChange(
          { sandbox: deps.sandbox, timeoutMs, git: deps.git },
          { before: failing, lint: request.lint, baseCommit: start.baseCommit },
        ),
    );
  const fixers = await runFixers(loop, failing, verify);
  if ("status" in fixers) return outcome(fixers);
  if (!request.useModel || !deps.model)
    return outcome({
      status: "gave_up",
      reason: `${fixers.ran ? "deterministic fixers did not make it pass" : "no deterministic fixer applies"} and no model is configured`,
      verdict: fixers.verdict,
    });
  const ended = await runModelPhase({
    loop,
    failing,
    baseCommit: start.baseCommit,
    verify,
    verdict: fixers.verdict,
  });
  return outcome(ended);
}

async function perceive(loop: LoopState): Promise<Perception> {
  const { deps, request } = loop;
  const perception = await deps.step(
    "perceive",
    { kind: "perceive", input: { commands: request.commands }, output: perceptionSchema },
    () => perceiveFailures({ sandbox: deps.sandbox, timeoutMs: loop.timeoutMs }, request.commands),
  );
  loop.trace.push(
    traceEntry(
      "perceive",
      perception.state,
      [perception.reason, ...perception.runs.map((r) => `${r.command} → exit ${r.exitCode}`)],
      1,
    ),
  );
  return perception;
}

// The loop's side branch starts at the checkout's head; nothing is branched when there is no
// (reproduced) code failure to fix.
function openBranch(loop: LoopState, fixable: boolean) {
  const { deps, request } = loop;
  const { runId } = request;
  return deps.step("branch", { kind: "git", input: { runId }, output: branchStart }, async () => {
    const baseCommit = await deps.git.head();
    if (!fixable) return { branch: null, baseCommit };
    const branch = `xihe/fix-${runId}`;
    await deps.git.createBranch(branch);
    return { branch, baseCommit };
  });
}

/** Green, flaky, transient and config failures end the run before anything is changed. */
function endBeforeFixing(perception: Perception): PhaseEnd | null {
  switch (perception.state) {
    case "green":
      return { status: "done", reason: "nothing to fix: every command passes" };
    case "flaky":
      return { status: "done", reason: perception.reason };
    case "transient":
      return { status: "gave_up", reason: perception.reason };
    case "config":
      return { status: "needs_input", reason: perception.reason, question: perception.reason };
    case "code":
      return null;
  }
}

// The deterministic tier: formatters and --fix linters, each its own commit, then one verification.
async function runFixers(
  loop: LoopState,
  failing: readonly CheckRun[],
  verify: (stepId: string) => Promise<Verdict>,
): Promise<PhaseEnd | { ran: boolean; verdict: Verdict | null }> {
  const { deps, request } = loop;
  const fixerRuns = await runDeterministicTier(
    {
      step: deps.step,
      sandbox: deps.sandbox,
      git: deps.git,
      runId: request.runId,
      timeoutMs: loop.timeoutMs,
    },
    failing,
  );
  for (const run of fixerRuns) {
    loop.trace.push(run.trace);
    if (run.commit) loop.commits.push({ sha: run.commit, stepId: run.trace.step, summary: run.name });
  }
  const ran = fixerRuns.length > 0;
  if (loop.commits.length === 0) return { ran, verdict: null };
  const verdict = await verify("fixers:verify");
  loop.trace.push(
    traceEntry(
      "fixers:verify",
      verdict.summary,
      verdict.commands.map((c) => `${c.command}: ${c.exitBefore}→${c.exitAfter}`),
      1,
    ),
  );
  if (verdict.green) return { status: "done", reason: verdict.summary, verdict, fixedBy: "deterministic" };
  return { ran, verdict };
}
