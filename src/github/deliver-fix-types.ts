// The two edges of a fix run the executor is given: delivering a verified fix (side branch, fix PR
// or compare link) and rendering the run's comment body.
import type { FixOutcome } from "../agent/fix-outcome.ts";
import type { RepoConfig } from "../config.ts";
import type { RunContext } from "../runs/run-executor.ts";
import type { RunRecord } from "../store/store.ts";
import type { PrChecksPerception } from "./perceive-pr-checks.ts";

export interface DeliveryResult {
  branch: string;
  pushedSha: string | null;
  fixPr: { number: number; url: string } | null;
  compareUrl: string | null;
  patch: string | null;
  /** Set when the change was not pushed (workflow files, secrets in the diff, ...). */
  refused: { code: string; message: string } | null;
}

export type DeliverFix = (
  ctx: RunContext,
  input: { workspaceDir: string; cloneUrl: string; token: string; outcome: FixOutcome; config: RepoConfig },
) => Promise<DeliveryResult>;

export type RenderFixBody = (input: {
  run: RunRecord;
  perception: PrChecksPerception;
  outcome: FixOutcome | null;
  delivery: DeliveryResult | null;
}) => string;
