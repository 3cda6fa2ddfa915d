// The Octokit class the App uses: Probot's (auth, pagination, REST methods, retry, throttling) with
// our rate-limit decisions, run parking, a timeout on every request and "GitHub did not answer" as
// a retryable error. The function form of `defaults` is needed because Probot replaces object-form
// throttle options with its own.
import type { OctokitOptions } from "@octokit/core";
import { ProbotOctokit } from "probot";
import type { Logger } from "../logger.ts";
import { rateLimitParking, throttleHandlers } from "./rate-limits.ts";
import { timedFetch, type Fetch } from "./timed-fetch.ts";
import { unreachableGitHub } from "./unreachable-github.ts";

export interface XiheOctokitOptions {
  retryAndThrottle: boolean;
  /** Bound on each HTTP request to GitHub, token minting included. */
  requestTimeoutMs: number;
  fetch?: Fetch;
}

export function createXiheOctokit(log: Logger, options: XiheOctokitOptions) {
  return ProbotOctokit.plugin(unreachableGitHub, rateLimitParking).defaults((o: OctokitOptions) => ({
    ...o,
    request: { ...o.request, fetch: timedFetch(options.requestTimeoutMs, options.fetch ?? o.request?.fetch) },
    throttle: options.retryAndThrottle
      ? { ...o.throttle, enabled: true, ...throttleHandlers(log) }
      : { enabled: false },
    retry: { enabled: options.retryAndThrottle },
  }));
}
