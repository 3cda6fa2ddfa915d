// One operation of the HTTP API: where it lives, what scope it needs, the zod schemas of its body
// and answers (the OpenAPI document is generated from these), and its handler.
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import type { z } from "zod";
import type { ApiScope, ApiToken } from "../store/store.ts";

export interface ApiCall {
  params: Record<string, string>;
  /** The body, already parsed with the route's schema. */
  body: unknown;
  /** Null only on routes without a scope. */
  token: ApiToken | null;
  headers: IncomingHttpHeaders;
  /** Throws repository-not-allowed unless the token's pattern covers the repository. */
  allowRepo(repo: string): void;
  /** What the audit record names: filled in by the handler as it learns them. */
  audit: { repo: string; runId: string | null };
  /** Aborted when the client goes away. */
  signal: AbortSignal;
}

export type ApiReply =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { stream: (res: ServerResponse) => Promise<void> };

export interface ApiResponseSpec {
  description: string;
  schema?: z.ZodType;
  /** application/json unless said otherwise. */
  contentType?: string;
}

export interface ApiRoute {
  operationId: string;
  method: "GET" | "POST";
  /** An OpenAPI path template, e.g. /v1/runs/{id}. */
  path: string;
  summary: string;
  scope: ApiScope | null;
  body?: z.ZodType;
  /** The body's byte limit when it is not the server's (a plan carries a failing log). */
  maxBodyBytes?: number;
  /** Request headers the operation reads (documented as parameters). */
  headers?: { name: string; description: string }[];
  responses: Record<number, ApiResponseSpec>;
  handle(call: ApiCall): Promise<ApiReply>;
}

/** The path parameters of `template` in `path`, or null when it does not match. */
export function matchPath(template: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const source = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  const m = new RegExp(`^${source}$`).exec(path);
  if (!m) return null;
  try {
    return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
  } catch {
    return null;
  }
}
