// The port through which POST /v1/execute records a run: the App's implementation
// (github/start-api-run.ts) finds the installation, reads the repository's config from its default
// branch and records the run at the PR's head, exactly as a /xihe command does.
import type { RunRecord, RunVerb } from "../store/store.ts";

export interface RunRequest {
  verb: RunVerb;
  repo: string;
  pr: number;
  args: string;
  /** Who asked, as recorded on the run ("api:<token id>"). */
  requester: string;
}

export type StartRunResult =
  | { ok: true; run: RunRecord; created: boolean }
  | {
      ok: false;
      reason: "not_installed" | "pr_not_found" | "config_invalid" | "refused";
      detail: string;
    };

export interface RunStarter {
  start(request: RunRequest): Promise<StartRunResult>;
}
