// POST /v1/execute: records a run through the same RunStarter path as a /xihe command, so the App's
// worker runs it like any other. An Idempotency-Key binds the first run it started: the same key
// with the same body answers that run again; with another body it is refused (422).
import { createHash } from "node:crypto";
import type { Store } from "../store/store.ts";
import { executeRequest, executeResponse, problemDocument, type ExecuteRequest } from "./api-schemas.ts";
import type { ApiCall, ApiReply, ApiRoute } from "./api-route.ts";
import { ApiProblem } from "./problem.ts";
import type { RunStarter, StartRunResult } from "./run-starter.ts";
import { toRunView } from "./run-view.ts";

export interface ExecuteRouteDeps {
  store: Store;
  now: () => Date;
  starter: RunStarter;
  wakeWorker: () => void;
}

const idempotencyKey = /^[\x21-\x7e]{1,200}$/;
const problem = (description: string) => ({
  description,
  schema: problemDocument,
  contentType: "application/problem+json",
});

export function executeRoute(deps: ExecuteRouteDeps): ApiRoute {
  return {
    operationId: "execute",
    method: "POST",
    path: "/v1/execute",
    summary: "Start a run (fix, diagnose, explain, ask) on a pull request; answers 202 with the run",
    scope: "run",
    body: executeRequest,
    headers: [
      {
        name: "Idempotency-Key",
        description: "The same key (per token) always answers the run it first started",
      },
    ],
    responses: {
      202: {
        description: "The run is recorded and queued (or an active one reused)",
        schema: executeResponse,
      },
      403: problem("The token may not act on this repository"),
      404: problem("The App is not installed on this repository, or no such pull request"),
      422: problem("The body or the repository's config is invalid, or the key was used for another body"),
    },
    async handle(call) {
      const request = call.body as ExecuteRequest;
      call.allowRepo(request.repo);
      const key = keyOf(call);
      const requestHash = createHash("sha256").update(JSON.stringify(request)).digest("hex");
      if (key) {
        const earlier = await deps.store.getIdempotentRequest(call.token!.id, key);
        if (earlier) return replay(deps.store, call, earlier.runId, earlier.requestHash === requestHash);
      }
      const started = await deps.starter.start({ ...request, requester: `api:${call.token!.id}` });
      if (!started.ok) throw refusal(started);
      call.audit.runId = started.run.id;
      if (key) {
        const bound = await deps.store.bindIdempotentRequest({
          tokenId: call.token!.id,
          key,
          requestHash,
          runId: started.run.id,
          createdAt: deps.now().toISOString(),
        });
        if (bound.runId !== started.run.id)
          return replay(deps.store, call, bound.runId, bound.requestHash === requestHash);
      }
      if (started.created) deps.wakeWorker();
      return accepted(deps.store, started.run.id, started.created);
    },
  };
}

function keyOf(call: ApiCall): string | null {
  const raw = call.headers["idempotency-key"];
  if (raw === undefined) return null;
  if (typeof raw !== "string" || !idempotencyKey.test(raw))
    throw new ApiProblem("invalid-request", "Idempotency-Key must be 1-200 visible ASCII characters");
  return raw;
}

async function replay(store: Store, call: ApiCall, runId: string, sameBody: boolean): Promise<ApiReply> {
  if (!sameBody)
    throw new ApiProblem(
      "idempotency-key-reused",
      "this Idempotency-Key started a run with another body; use a new key",
    );
  call.audit.runId = runId;
  return accepted(store, runId, false, { "idempotent-replayed": "true" });
}

async function accepted(
  store: Store,
  runId: string,
  created: boolean,
  headers: Record<string, string> = {},
): Promise<ApiReply> {
  const run = await store.getRun(runId);
  if (!run) throw new Error(`run ${runId} vanished from the store`);
  return {
    status: 202,
    json: { run: toRunView(run, await store.listSteps(runId)), created },
    headers: { location: `/v1/runs/${runId}`, ...headers },
  };
}

function refusal(result: Extract<StartRunResult, { ok: false }>): ApiProblem {
  switch (result.reason) {
    case "not_installed":
      return new ApiProblem("repository-not-installed", result.detail);
    case "pr_not_found":
      return new ApiProblem("not-found", result.detail);
    case "config_invalid":
    case "refused":
      return new ApiProblem("invalid-request", result.detail);
  }
}
