// The port through which POST /v1/plan and GET /v1/projects/{owner}/{repo}/context see a project's
// code. `xihe serve` implements it over the local checkouts it was started with (verbs/plan/
// local-projects.ts). An implementation runs none of the project's code and writes nothing to it:
// both operations only read (the token's `read` scope is what they need).
import type { Plan, PlanRequest, ProjectContext } from "./project-schemas.ts";

export type ProjectRefusal = {
  ok: false;
  /**
   * unknown_repo: this server serves no such project; invalid: the request or the project's config;
   * unsupported: this server cannot read projects at all (the App's server, for now).
   */
  reason: "unknown_repo" | "pr_not_found" | "invalid" | "unsupported";
  detail: string;
};

export interface ProjectPort {
  plan(request: PlanRequest): Promise<{ ok: true; plan: Plan } | ProjectRefusal>;
  /** The context without its recent runs, and the repository key the store records its runs under. */
  context(
    repo: string,
  ): Promise<{ ok: true; context: Omit<ProjectContext, "recentRuns">; storeRepo: string } | ProjectRefusal>;
}
