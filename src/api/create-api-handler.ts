// The HTTP API's request pipeline, the same for every route: find the route, check the bearer token
// (known, not expired, scope), take one request from the token's rate budget, read and parse the
// body with the route's schema, run the handler, and audit the call (who, what, when, outcome) —
// refusals included. Every error leaves as RFC 9457 problem+json and nothing is started.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../logger.ts";
import type { ApiScope, ApiToken, Store } from "../store/store.ts";
import { matchPath, type ApiCall, type ApiRoute } from "./api-route.ts";
import { bearerToken, hashToken, repoMatches, scopeAllows, tokenMatches } from "./api-token.ts";
import { ApiProblem, sendProblem } from "./problem.ts";
import type { RateLimiter } from "./rate-limiter.ts";
import { readJsonBody } from "./read-json-body.ts";

export interface ApiHandlerDeps {
  routes: readonly ApiRoute[];
  store: Store;
  log: Logger;
  now: () => Date;
  rateLimiter: RateLimiter;
  maxBodyBytes: number;
}

export type ApiHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function createApiHandler(deps: ApiHandlerDeps): ApiHandler {
  return async (req, res) => {
    const path = (req.url ?? "").split("?")[0]!;
    const at = deps.now().toISOString();
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    let token: ApiToken | null = null;
    let operation = `${req.method} ${path}`;
    const audit = { repo: "", runId: null as string | null };
    let status: number;
    try {
      const { route, params } = findRoute(deps.routes, req.method ?? "", path);
      operation = route.operationId;
      token = route.scope
        ? await authenticate(deps, req.headers.authorization, route.scope, route.operationId)
        : null;
      const limit = route.maxBodyBytes ?? deps.maxBodyBytes;
      const body = route.body ? parseBody(route, await readJsonBody(req, limit)) : undefined;
      const call: ApiCall = {
        params,
        body,
        token,
        headers: req.headers,
        audit,
        signal: controller.signal,
        allowRepo(repo) {
          audit.repo = repo;
          if (token && !repoMatches(token.repoPattern, repo))
            throw new ApiProblem("repository-not-allowed", `this token may act on ${token.repoPattern} only`);
        },
      };
      const reply = await route.handle(call);
      if ("stream" in reply) {
        status = 200;
        await reply.stream(res);
      } else {
        status = reply.status;
        res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
        res.end(JSON.stringify(reply.json));
      }
    } catch (err) {
      const problem = err instanceof ApiProblem ? err : internal(deps.log, err);
      status = problem.status;
      if (problem.kind === "body-too-large") {
        res.setHeader("connection", "close");
        req.resume();
      }
      sendProblem(res, problem, path);
    }
    await recordAudit(deps, { at, token, operation, path, audit, status, method: req.method ?? "" });
  };
}

function findRoute(routes: readonly ApiRoute[], method: string, path: string) {
  const matching = routes.flatMap((route) => {
    const params = matchPath(route.path, path);
    return params ? [{ route, params }] : [];
  });
  if (matching.length === 0) throw new ApiProblem("not-found", `no API operation at ${path}`);
  const found = matching.find((m) => m.route.method === method);
  if (found) return found;
  const allow = matching.map((m) => m.route.method).join(", ");
  throw new ApiProblem("method-not-allowed", `${path} answers ${allow}`, { headers: { allow } });
}

/** The stored token behind an `Authorization: Bearer` header, checked for expiry, scope and rate. */
export async function authenticate(
  deps: Pick<ApiHandlerDeps, "store" | "now" | "rateLimiter">,
  authorization: string | undefined,
  scope: ApiScope,
  operationId: string,
): Promise<ApiToken> {
  const presented = bearerToken(authorization);
  if (!presented)
    throw new ApiProblem(
      "unauthenticated",
      "send Authorization: Bearer <token>; create one with `xihe token create --repo OWNER/NAME --scope read|run|approve`",
    );
  const token = await deps.store.findApiToken(hashToken(presented));
  if (!token || !tokenMatches(token, presented))
    throw new ApiProblem("unauthenticated", "the token is not known to this Xihe; create a new one");
  if (token.expiresAt && token.expiresAt <= deps.now().toISOString())
    throw new ApiProblem("token-expired", `the token expired at ${token.expiresAt}; create a new one`);
  if (!scopeAllows(token.scope, scope))
    throw new ApiProblem(
      "insufficient-scope",
      `${operationId} needs a token with scope ${scope}; this one has ${token.scope}`,
    );
  const budget = deps.rateLimiter.take(token.id);
  if (!budget.ok)
    throw new ApiProblem("rate-limited", `retry in ${budget.retryAfterS} s`, {
      headers: { "retry-after": String(budget.retryAfterS) },
    });
  return token;
}

function parseBody(route: ApiRoute, raw: unknown): unknown {
  const parsed = route.body!.safeParse(raw);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ path: i.path.join(".") || "(body)", message: i.message }));
  throw new ApiProblem("invalid-request", errors.map((e) => `${e.path}: ${e.message}`).join("; "), {
    fields: { errors },
  });
}

function internal(log: Logger, err: unknown): ApiProblem {
  log.error({ err }, "API request failed");
  return new ApiProblem("internal", "the request failed inside Xihe; it is logged");
}

async function recordAudit(
  deps: ApiHandlerDeps,
  call: {
    at: string;
    token: ApiToken | null;
    operation: string;
    path: string;
    method: string;
    audit: { repo: string; runId: string | null };
    status: number;
  },
): Promise<void> {
  try {
    await deps.store.addAudit({
      at: call.at,
      actor: call.token ? `api-token:${call.token.id}` : "anonymous",
      action: `api.${call.operation}`,
      repo: call.audit.repo,
      runId: call.audit.runId,
      params: { method: call.method, path: call.path.slice(0, 300) },
      result: { status: call.status },
    });
  } catch (err) {
    deps.log.warn({ err }, "could not audit an API call");
  }
}
