// Errors of the HTTP API as RFC 9457 problem details (application/problem+json): a stable `type`
// per kind of failure, the HTTP status, a title, and a detail that says what to change.
import type { ServerResponse } from "node:http";

export type ProblemKind =
  | "malformed-json"
  | "invalid-request"
  | "unsupported-media-type"
  | "body-too-large"
  | "unauthenticated"
  | "token-expired"
  | "insufficient-scope"
  | "repository-not-allowed"
  | "repository-not-installed"
  | "not-found"
  | "method-not-allowed"
  | "conflict"
  | "idempotency-key-reused"
  | "rate-limited"
  | "upstream-unavailable"
  | "not-implemented"
  | "internal";

const titles: Record<ProblemKind, [number, string]> = {
  "malformed-json": [400, "The request body is not valid JSON"],
  "invalid-request": [422, "The request does not match the schema"],
  "unsupported-media-type": [415, "The request body must be application/json"],
  "body-too-large": [413, "The request body is too large"],
  unauthenticated: [401, "A valid bearer token is required"],
  "token-expired": [401, "The token has expired"],
  "insufficient-scope": [403, "The token's scope does not allow this"],
  "repository-not-allowed": [403, "The token may not act on this repository"],
  "repository-not-installed": [404, "The App is not installed on this repository"],
  "not-found": [404, "Not found"],
  "method-not-allowed": [405, "Method not allowed"],
  conflict: [409, "The run is not in a state that allows this"],
  "idempotency-key-reused": [422, "The Idempotency-Key was used for a different request"],
  "rate-limited": [429, "Too many requests for this token"],
  "upstream-unavailable": [503, "GitHub could not be reached"],
  "not-implemented": [501, "This server does not offer this operation"],
  internal: [500, "Internal error"],
};

// A URN, not a URL: the type names the kind of problem and promises no page behind it.
export const problemTypeBase = "urn:xihe:problem:";

export class ApiProblem extends Error {
  readonly status: number;
  readonly title: string;
  readonly kind: ProblemKind;
  readonly detail: string;
  readonly extra: { headers?: Record<string, string>; fields?: Record<string, unknown> };
  constructor(
    kind: ProblemKind,
    detail: string,
    extra: { headers?: Record<string, string>; fields?: Record<string, unknown> } = {},
  ) {
    super(detail);
    this.kind = kind;
    this.detail = detail;
    this.extra = extra;
    this.name = "ApiProblem";
    [this.status, this.title] = titles[kind];
  }
}

export const problemStatuses = (): number[] => [...new Set(Object.values(titles).map(([s]) => s))];

export function sendProblem(res: ServerResponse, problem: ApiProblem, instance: string): void {
  if (res.headersSent) return void res.end();
  const body = {
    type: `${problemTypeBase}${problem.kind}`,
    title: problem.title,
    status: problem.status,
    detail: problem.detail,
    instance,
    ...problem.extra.fields,
  };
  res.writeHead(problem.status, {
    "content-type": "application/problem+json",
    "cache-control": "no-store",
    ...(problem.status === 401 ? { "www-authenticate": 'Bearer realm="xihe"' } : {}),
    ...problem.extra.headers,
  });
  res.end(JSON.stringify(body));
}
