// The route table of the HTTP API (/v1): every operation the server answers, and the OpenAPI
// document generated from exactly this table.
import type { Store } from "../store/store.ts";
import type { ApiRoute } from "./api-route.ts";
import { approveRoute, type RunApprover } from "./approve-route.ts";
import { executeRoute } from "./execute-route.ts";
import { openApiDocument } from "./openapi-document.ts";
import type { ProjectPort } from "./project-port.ts";
import { projectRoutes } from "./project-routes.ts";
import type { RunStarter } from "./run-starter.ts";
import { runRoutes } from "./run-routes.ts";
import { toolsRoute, type ToolDescription } from "./tools-route.ts";

export interface ApiRoutesDeps {
  store: Store;
  now: () => Date;
  starter: RunStarter;
  wakeWorker: () => void;
  cancelRun: (runId: string) => void;
  tools: readonly ToolDescription[];
  /** How often an event stream looks at the store for news. */
  eventPollMs: number;
  version: string;
  /** Resumes a run with its held changes approved (POST /v1/runs/{id}/approve). */
  approver: RunApprover;
  /** The projects POST /v1/plan and GET /v1/projects/{owner}/{repo}/context read. */
  projects: ProjectPort;
}

export function apiRoutes(deps: ApiRoutesDeps): ApiRoute[] {
  const routes: ApiRoute[] = [
    executeRoute(deps),
    ...runRoutes(deps),
    approveRoute(deps),
    toolsRoute(deps.tools),
    ...projectRoutes(deps),
  ];
  const document = openApiDocument(
    [...routes, { ...openApiRoute, handle: async () => ({ status: 200, json: null }) }],
    deps.version,
  );
  return [...routes, { ...openApiRoute, handle: async () => ({ status: 200, json: document }) }];
}

const openApiRoute: Omit<ApiRoute, "handle"> = {
  operationId: "getOpenApi",
  method: "GET",
  path: "/v1/openapi.json",
  summary: "This document (OpenAPI 3.1)",
  scope: null,
  responses: { 200: { description: "The OpenAPI document" } },
};
