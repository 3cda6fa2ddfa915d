// An Octokit plugin: a request that got no answer (timeout, refused or reset connection) or a
// server error left after the retry plugin gave up becomes a ServiceUnreachableError, so the
// worker waits and retries instead of failing the command (issue 19). 4xx errors pass unchanged.
import type { Octokit } from "@octokit/core";
import { ServiceUnreachableError } from "../runs/service-unreachable-error.ts";

interface RequestFailure {
  status?: number;
  response?: unknown;
  message?: string;
  request?: { method?: string; url?: string };
}

export function unreachableGitHub(octokit: Octokit): void {
  octokit.hook.error("request", (error: unknown) => {
    const e = error as RequestFailure;
    const noAnswer = e.response === undefined && e.status === 500;
    const serverError = typeof e.status === "number" && e.status >= 500 && e.response !== undefined;
    if (!noAnswer && !serverError) throw error;
    // Method and path only: never the headers (they carry the token).
    const where = `${e.request?.method ?? "request"} ${(e.request?.url ?? "").split("?")[0]}`;
    const detail = noAnswer
      ? `no answer to ${where} (${e.message ?? "network error"})`
      : `${e.status} on ${where}`;
    throw new ServiceUnreachableError("GitHub", detail, { cause: error });
  });
}
