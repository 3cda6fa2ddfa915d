// The delivery edge of a fix run: a verified fix -> side branch, fix PR or compare link.
import { z } from "zod";
import type { FixOutcome } from "../../agent/loop/fix-outcome.ts";
import type { RepoConfig } from "../../config.ts";
import type { FixReport } from "../../delivery/fix-report.ts";
import type { RunContext } from "../../runs/run-executor.ts";

export interface DeliveryResult {
  branch: string;
  pushedSha: string | null;
  fixPr: { number: number; url: string } | null;
  compareUrl: string | null;
  patch: string | null;
  /** The commits as pushed (re-stamped as the App), oldest first. */
  commits: { sha: string; summary: string }[];
  /** Set when the change was not pushed (workflow files, secrets in the diff, ...). */
  refused: { code: string; message: string } | null;
  /** `fix.auto_apply_low_risk`: null when the key is off; else whether the fix went to the PR branch and why. */
  autoApply: AutoApplyResult | null;
  /** Suggestion delivery (`/xihe suggest`): the review that carries the fix as suggested changes. */
  suggestions?: { url: string | null; count: number; leftOut: number; reused: boolean };
}

/** `why` is the reason it was applied, or the reason it was not; before/after are the PR head's SHAs. */
export const autoApplyResult = z.object({
  applied: z.boolean(),
  why: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type AutoApplyResult = z.infer<typeof autoApplyResult>;

export interface DeliverFixInput {
  workspaceDir: string;
  cloneUrl: string;
  token: string;
  outcome: FixOutcome;
  config: RepoConfig;
  /** What the fix changed and its risk (describeChange), for the auto-apply decision. */
  change: FixReport["change"];
  /** The failed checks' names (a suggestion review answers one head and one set of them). */
  failedChecks: string[];
  /** CI's failures, for the one sentence of why on each suggestion. */
  failures: { tool: string; file: string | null; line: number | null; message: string }[];
}

export type DeliverFix = (ctx: RunContext, input: DeliverFixInput) => Promise<DeliveryResult>;
