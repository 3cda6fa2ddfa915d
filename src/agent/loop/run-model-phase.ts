// The model phase of the fix loop: localize, then plan → execute → verify rounds until verification
// is green, a person is needed, or a budget (tokens, cost, time, tool calls, rounds) says stop.
import { z } from "zod";
import type { ToolContext } from "../../tools/define-tool.ts";
import type { Model } from "../model/model.ts";
import type { CheckRun } from "./check-run.ts";
import type { LoopState } from "./fix-loop.ts";
import type { FixOutcome } from "./fix-outcome.ts";
import { operationMemo, type RoundRecord } from "./operation-memo.ts";
import { traceEntry } from "./reasoning-trace.ts";
import type { RoundDeps, RoundResult } from "./model-round-state.ts";
import { runModelRound } from "./run-model-round.ts";
import type { Verdict } from "./verify-change.ts";

export interface ModelPhaseInput {
  /** The loop's shared state; its trace and commits are appended to as the phase runs. */
  loop: LoopState;
  failing: readonly CheckRun[];
  baseCommit: string;
  verify: (stepId: string) => Promise<Verdict>;
  /** The deterministic tier's verdict, if it ran one. */
  verdict: Verdict | null;
}

export type PhaseEnd = Pick<FixOutcome, "status" | "reason"> & Partial<FixOutcome>;

const localized = z.object({ brief: z.string(), suspects: z.array(z.string()) });

export async function runModelPhase(input: ModelPhaseInput): Promise<PhaseEnd> {
  const { loop, failing } = input;
  const model = loop.deps.model;
  if (!model) return { status: "gave_up", reason: "no model is configured", verdict: input.verdict };
  const located = await localize(loop, failing);
  const roundDeps = roundDepsFor(loop, model, input.baseCommit);
  const { limits } = loop.request;
  const rounds: RoundRecord[] = [];
  let verdict = input.verdict;
  const totalRounds = 1 + limits.maxRepairRounds;
  for (let round = 1; round <= totalRounds; round++) {
    const memo = operationMemo({
      failing,
      latest: verdict?.runs ?? failing,
      rounds,
      diff: await loop.deps.git.diff(input.baseCommit),
      brief: located.brief,
      instructions: loop.request.instructions,
      spend: loop.budget.spend(),
      limits,
      round,
    });
    const result = await runModelRound(roundDeps, round, memo);
    loop.trace.push(...result.trace);
    loop.commits.push(...result.commits);
    const stopped = endOfRound(result, round, verdict);
    if (stopped) return stopped;
    verdict = await verifyRound(input, round);
    rounds.push({ round, actions: result.actions, verdict: verdict.summary });
    if (verdict.green)
      return { status: "done", reason: verdict.summary, verdict, rounds: round, fixedBy: "model" };
  }
  const stop = {
    kind: "rounds" as const,
    reason: `repair-round budget of ${limits.maxRepairRounds} used up; verification still fails`,
  };
  return {
    status: "gave_up",
    reason: `stopped: ${stop.reason}`,
    budgetStop: stop,
    rounds: totalRounds,
    verdict,
  };
}

async function localize(loop: LoopState, failing: readonly CheckRun[]) {
  const { deps } = loop;
  const located = await deps.step(
    "localize",
    { kind: "localize", input: { failing: failing.map((r) => r.command) }, output: localized },
    async () => (deps.localize ? deps.localize(failing) : { brief: "", suspects: [] }),
  );
  loop.trace.push(
    traceEntry(
      "localize",
      located.suspects.length > 0
        ? `suspects: ${located.suspects.slice(0, 3).join(", ")}`
        : "no suspects ranked",
      located.suspects,
      0.6,
    ),
  );
  return located;
}

function roundDepsFor(loop: LoopState, model: Model, baseCommit: string): RoundDeps {
  const { deps, request } = loop;
  return {
    step: deps.step,
    model,
    budget: loop.budget,
    tools: deps.tools,
    allowed: ["read", "write", "command"],
    runId: request.runId,
    maxOutputTokens: request.maxOutputTokens,
    approvals: request.approvals,
    toolContext: (): ToolContext => ({
      root: deps.sandbox.root,
      sandbox: deps.sandbox,
      git: deps.git,
      baseCommit,
      index: deps.index,
      checkCommand: deps.checkCommand,
      commandTimeoutMs: loop.timeoutMs(),
    }),
  };
}

/** A round that ended for a person or a budget ends the phase; one that ended to verify does not. */
function endOfRound(result: RoundResult, round: number, verdict: Verdict | null): PhaseEnd | null {
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
  return null;
}

async function verifyRound(input: ModelPhaseInput, round: number): Promise<Verdict> {
  const verdict = await input.verify(`round-${round}:verify`);
  input.loop.trace.push(
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
  return verdict;
}
