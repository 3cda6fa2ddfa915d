// What a fix run produced, as plain data: stored as the run's result, printed by the CLI and
// rendered in the PR comment.
import type { BudgetKind, Spend } from "./budget.ts";
import type { Perception } from "./perceive-failures.ts";
import type { TraceEntry } from "./reasoning-trace.ts";
import type { InstallEvidence } from "../../workspace/install/run-install-phase.ts";
import type { Verdict } from "./verify-change.ts";

export type FixStatus = "done" | "gave_up" | "needs_input";

export type FixOutcome = {
  status: FixStatus;
  reason: string;
  branch: string | null;
  baseCommit: string;
  commits: Array<{ sha: string; stepId: string; summary: string }>;
  perception: Perception;
  verdict: Verdict | null;
  rounds: number;
  fixedBy: "deterministic" | "model" | null;
  question: string | null;
  /** The exec step holding a high-risk change; approving it resumes the run with the change. */
  heldStep: string | null;
  budgetStop: { kind: BudgetKind; reason: string } | null;
  spend: Spend;
  trace: TraceEntry[];
  /** What the install phase did before the failing commands ran (absent in older stored runs). */
  install?: InstallEvidence;
};
