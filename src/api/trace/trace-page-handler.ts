// GET /runs/{id}: the run trace page. Allowed with a signed, unexpired link for that run (the sticky
// PR comment carries one) or a bearer token with read scope whose repository pattern covers the run.
// Refusals are problem+json like the API's; a run the caller may not see is answered as missing.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../../logger.ts";
import type { ApiToken, Store } from "../../store/store.ts";
import { repoMatches } from "../api-token.ts";
import { authenticate, type ApiHandler } from "../create-api-handler.ts";
import { ApiProblem, sendProblem } from "../problem.ts";
import type { RateLimiter } from "../rate-limiter.ts";
import { renderTracePage } from "./render-trace-page.ts";
import { checkTraceLink } from "./trace-link.ts";
import { readRunTrace } from "./trace-steps.ts";

export interface TracePageDeps {
  store: Store;
  now: () => Date;
  log: Logger;
  rateLimiter: RateLimiter;
  /** The HMAC key of signed links; null: only bearer tokens are accepted. */
  linkSecret: string | null;
}

export const tracePagePath = /^\/runs\/([A-Za-z0-9_-]{1,64})$/;

export function createTracePageHandler(deps: TracePageDeps): ApiHandler {
  return async (req, res) => {
    const url = new URL(req.url ?? "/", "http://trace.invalid");
    let actor = "anonymous";
    let status = 200;
    let repo = "";
    const runId = tracePagePath.exec(url.pathname)?.[1] ?? null;
    try {
      if (req.method !== "GET")
        throw new ApiProblem("method-not-allowed", `${url.pathname} answers GET`, {
          headers: { allow: "GET" },
        });
      if (!runId) throw new ApiProblem("not-found", `no run trace at ${url.pathname}`);
      const { run, who } = await visibleRun(deps, req, runId, url.searchParams);
      actor = who;
      repo = run.repo;
      const page = renderTracePage(run, readRunTrace(run, await deps.store.listSteps(run.id)));
      send(res, page);
    } catch (err) {
      const problem = err instanceof ApiProblem ? err : internal(deps.log, err);
      status = problem.status;
      sendProblem(res, problem, url.pathname);
    }
    await audit(deps, { actor, repo, runId, status });
  };
}

async function visibleRun(deps: TracePageDeps, req: IncomingMessage, runId: string, query: URLSearchParams) {
  const missing = new ApiProblem("not-found", `no run ${runId} that this link or token may see`);
  if (query.has("sig")) {
    if (!deps.linkSecret)
      throw new ApiProblem("unauthenticated", "signed links are not enabled on this server");
    const check = checkTraceLink(deps.linkSecret, runId, query, deps.now());
    if (check === "expired")
      throw new ApiProblem(
        "token-expired",
        "this trace link has expired; ask for a fresh one (/xihe status)",
      );
    if (check === "invalid")
      throw new ApiProblem("unauthenticated", "this trace link's signature is not valid");
    const run = await deps.store.getRun(runId);
    if (!run) throw missing;
    return { run, who: "trace-link" };
  }
  const token: ApiToken = await authenticate(deps, req.headers.authorization, "read", "getRunTrace");
  const run = await deps.store.getRun(runId);
  if (!run || !repoMatches(token.repoPattern, run.repo)) throw missing;
  return { run, who: `api-token:${token.id}` };
}

function send(res: ServerResponse, page: string): void {
  res.writeHead(200, {
    "content-type": "text/html; charset=utf-8",
    // Defence in depth behind the escaping: the page has no script and may load nothing.
    "content-security-policy":
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
  });
  res.end(page);
}

function internal(log: Logger, err: unknown): ApiProblem {
  log.error({ err }, "trace page failed");
  return new ApiProblem("internal", "the page failed inside Xihe; it is logged");
}

async function audit(
  deps: TracePageDeps,
  call: { actor: string; repo: string; runId: string | null; status: number },
): Promise<void> {
  try {
    await deps.store.addAudit({
      at: deps.now().toISOString(),
      actor: call.actor,
      action: "trace.view",
      repo: call.repo,
      runId: call.runId,
      params: {},
      result: { status: call.status },
    });
  } catch (err) {
    deps.log.warn({ err }, "could not audit a trace page view");
  }
}
