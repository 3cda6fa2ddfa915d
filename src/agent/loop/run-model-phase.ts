// The model phase of the fix loop: localize, then plan → execute → verify rounds until verification
// is green, a person is needed, or a budget (tokens, cost, time, tool calls, rounds) says stop.
import { runStep } from "../../runs/run-step.ts";
import type { ToolContext } from "../../tools/define-tool.ts";
import type { Budget } from "./budget.ts";
import type { CheckRun } from "./check-run.ts";
import type { FixDeps, FixRequest } from "./fix-loop.ts";
import type { FixOutcome } from "./fix-outcome.ts";
import { operationMemo, type RoundRecord } from "./operation-memo.ts";
import { traceEntry, type TraceEntry } from "./reasoning-trace.ts";
import { runModelRound } from "./run-model-round.ts";
import type { Verdict } from "./verify-change.ts";

export interface ModelPhaseInput {
  deps: FixDeps;
  request: FixRequest;
  budget: Budget;
  failing: readonly CheckRun[];
  baseCommit: string;
  verify: (stepId: string) => Promise<Verdict>;
  /** Appended to as the phase runs. */
  trace: TraceEntry[];
  commits: FixOutcome["commits"];
  verdict: Verdict | null;
  timeoutMs: () => number;
}

export type PhaseEnd = Pick<FixOutcome, "status" | "reason"> & Partial<FixOutcome>;

export async function runModelPhase(input: ModelPhaseInput): Promise<PhaseEnd> {
  const { deps, request, budget, failing, trace, commits, timeoutMs } = input;
  const model = deps.model;
  if (!model) return { status: "gave_up", reason: "no model is configured", verdict: input.verdict };
  const { runId } = request;
  const step = { store: deps.store, now: deps.now };
  let verdict = input.verdict;
  const verify = input.verify;
  const { output: located } = await runStep<{ brief: string; suspects: string[] }>(
    step,
    { runId, stepId: "localize", kind: "localize", input: { failing: failing.map((r) => r.command) } },
    async () => (deps.localize ? deps.localize(failing) : { brief: "", suspects: [] }),
  );
  trace.push(
    traceEntry(
      "localize",
      located.suspects.length > 0
        ? `suspects: ${located.suspects.slice(0, 3).join(", ")}`
        : "no suspects ranked",
      located.suspects,
      0.6,
    ),
  );
  const rounds: RoundRecord[] = [];
  const roundDeps = {
    ...step,
    model: model,
    budget,
    tools: deps.tools,
    allowed: ["read", "write", "command"] as const,
    runId,
    maxOutputTokens: request.maxOutputTokens,
    approvals: request.approvals,
    toolContext: (): ToolContext => ({
      root: deps.sandbox.root,
      sandbox: deps.sandbox,
      git: deps.git,
      baseCommit: input.baseCommit,
      index: deps.index,
      checkCommand: deps.checkCommand,
      commandTimeoutMs: timeoutMs(),
    }),
  };
  const totalRounds = 1 + request.limits.maxRepairRounds;
  for (let round = 1; round <= totalRounds; round++) {
    const memo = operationMemo({
      failing,
      latest: verdict?.runs ?? failing,
      rounds,
      diff: await deps.git.diff(input.baseCommit),
      brief: located.brief,
      instructions: request.instructions,
      spend: budget.spend(),
      limits: request.limits,
      round,
    });
    const result = await runModelRound(roundDeps, round, memo);
    trace.push(...result.trace);
    commits.push(...result.commits);
    if (result.end === "needs_input")
      return {
        status: "needs_input",
        reason: "a person must decide before the run continues",
        question: result.question,
        heldStep: result.heldStep,
        rounds: round,
        verdict,
      };
    if (result.end === "budget")
      return {
        status: "gave_up",
        reason: `stopped: ${result.stop?.reason}`,
        budgetStop: result.stop,
        rounds: round,
        verdict,
      };
    verdict = await verify(`round-${round}:verify`);
    trace.push(
      traceEntry(
        `round-${round}:verify`,
        verdict.summary,
        [
          ...verdict.commands.map((c) => `${c.command}: ${c.exitBefore}→${c.exitAfter}`),
          ...verdict.testsFixed.map((t) => `fixed: ${t}`),
          ...verdict.testsBroken.map((t) => `broke: ${t}`),
        ],
        1,
      ),
    );
    rounds.push({ round, actions: result.actions, verdict: verdict.summary });
    if (verdict.green)
      return { status: "done", reason: verdict.summary, verdict, rounds: round, fixedBy: "model" };
  }
  const stop = {
    kind: "rounds" as const,
    reason: `repair-round budget of ${request.limits.maxRepairRounds} used up; verification still fails`,
  };
  return {
    status: "gave_up",
    reason: `stopped: ${stop.reason}`,
    budgetStop: stop,
    rounds: totalRounds,
    verdict,
  };
}
