// What Xihe tells people about, as plain parameters: a message is a template filled with these,
// never free model text (issue 17), so an alert can't be talked into saying something else.
import type { alertKinds } from "../config.ts";

export type AlertKind = (typeof alertKinds)[number];

/** What a person should do next; each key has fixed wording per language (alert-templates.ts). */
export const suggestionKeys = [
  "read_log",
  "raise_budget",
  "fix_by_hand",
  "review_fix",
  "approve_change",
  "check_workflow",
  "fix_workflow",
] as const;
export type SuggestionKey = (typeof suggestionKeys)[number];

export interface AlertEvent {
  kind: AlertKind;
  runId: string;
  /** "fix owner/repo#12", shown as the run's name. */
  runName: string;
  repo: string;
  pr: number | null;
  /** The step the run stopped at, 1-based, out of the steps it recorded. */
  stage: { index: number; total: number; name: string } | null;
  /** A stable label of why it failed ("permanent", "budget_exceeded", "repairs_exhausted", ...). */
  failureClass: string;
  /** One line from the run's outcome (a log excerpt at most: it is neutralised before rendering). */
  summary: string;
  retries: number;
  /** Kinds of the steps the run went through, in order. */
  toolChain: string[];
  suggestion: SuggestionKey;
  links: { pr: string | null; trace: string | null };
  triggeredBy: string;
  at: string;
}

/**
 * Alerts with the same cause are aggregated into one message and deduplicated per run: the cause is
 * what a person would fix once (the repository, the kind and the failure class), not the run.
 */
export function alertCause(event: Pick<AlertEvent, "kind" | "repo" | "failureClass">): string {
  return `${event.kind}|${event.repo}|${event.failureClass}`;
}
