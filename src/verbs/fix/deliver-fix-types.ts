// The delivery edge of a fix run: a verified fix -> side branch, fix PR or compare link.
import type { FixOutcome } from "../../agent/loop/fix-outcome.ts";
import type { RepoConfig } from "../../config.ts";
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
}

export interface DeliverFixInput {
  workspaceDir: string;
  cloneUrl: string;
  token: string;
  outcome: FixOutcome;
  config: RepoConfig;
}

export type DeliverFix = (ctx: RunContext, input: DeliverFixInput) => Promise<DeliveryResult>;
