// POST /v1/plan (what a fix run would do, without doing any of it) and
// GET /v1/projects/{owner}/{repo}/context (index, commands, config in force, recent runs). Both
// read only, so a `read` token is enough: the ProjectPort runs none of the project's code, writes
// nothing to it, starts no run and makes no GitHub write.
import type { Store } from "../store/store.ts";
import { problemDocument } from "./api-schemas.ts";
import type { ApiCall, ApiRoute } from "./api-route.ts";
import { ApiProblem } from "./problem.ts";
import type { ProjectPort, ProjectRefusal } from "./project-port.ts";
import { maxPlanLogChars, plan, planRequest, projectContext, type PlanRequest } from "./project-schemas.ts";
import { toRunView } from "./run-view.ts";

const problem = (description: string) => ({
  description,
  schema: problemDocument,
  contentType: "application/problem+json",
});

/** A failing log is the one large body the API takes: its limit, with room for the JSON around it. */
export const maxPlanBodyBytes = maxPlanLogChars * 2 + 64 * 1024;

const recentRunCount = 10;

export function projectRoutes(deps: { store: Store; projects: ProjectPort }): ApiRoute[] {
  return [
    {
      operationId: "planFix",
      method: "POST",
      path: "/v1/plan",
      summary:
        "What a fix run would do, without side effects: perception, the commands it would run, the suspect code, the budget",
      scope: "read",
      body: planRequest,
      maxBodyBytes: maxPlanBodyBytes,
      responses: {
        200: { description: "The plan; nothing was run, written or started", schema: plan },
        404: problem("This server serves no such project, or no such pull request"),
        422: problem("The body or the project's config is invalid"),
        501: problem("This server reads no projects (the App's server: use xihe serve --project)"),
      },
      async handle(call) {
        const request = call.body as PlanRequest;
        call.allowRepo(request.repo);
        const planned = await deps.projects.plan(request);
        if (!planned.ok) throw refusal(planned);
        return { status: 200, json: planned.plan };
      },
    },
    {
      operationId: "getProjectContext",
      method: "GET",
      path: "/v1/projects/{owner}/{repo}/context",
      summary: "A project's code index summary, detected commands, config in force and recent runs",
      scope: "read",
      responses: {
        200: { description: "The project's context", schema: projectContext },
        404: problem("This server serves no such project"),
        422: problem("The project's config is invalid"),
        501: problem("This server reads no projects (the App's server: use xihe serve --project)"),
      },
      async handle(call) {
        const repo = repoOf(call);
        call.allowRepo(repo);
        const found = await deps.projects.context(repo);
        if (!found.ok) throw refusal(found);
        const runs = await deps.store.listRuns({ repo: found.storeRepo, limit: recentRunCount });
        const recentRuns = runs.map((run) => {
          const { steps: _, ...view } = toRunView(run, []);
          return view;
        });
        return { status: 200, json: { ...found.context, recentRuns } };
      },
    },
  ];
}

function repoOf(call: ApiCall): string {
  const repo = `${call.params.owner}/${call.params.repo}`;
  const parsed = planRequest.shape.repo.safeParse(repo);
  if (!parsed.success) throw new ApiProblem("invalid-request", `${repo} is not owner/name, e.g. octo/app`);
  return repo;
}

function refusal(refused: ProjectRefusal): ApiProblem {
  switch (refused.reason) {
    case "unknown_repo":
      return new ApiProblem("repository-not-installed", refused.detail);
    case "pr_not_found":
      return new ApiProblem("not-found", refused.detail);
    case "invalid":
      return new ApiProblem("invalid-request", refused.detail);
    case "unsupported":
      return new ApiProblem("not-implemented", refused.detail);
  }
}
