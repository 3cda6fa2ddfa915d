// The Octokit class the App uses: Probot's (auth, pagination, REST methods, retry, throttling) with
// our rate-limit decisions and run parking. The function form of `defaults` is needed because Probot
// replaces object-form throttle options with its own.
import type { OctokitOptions } from "@octokit/core";
import { ProbotOctokit } from "probot";
import type { Logger } from "../logger.ts";
import { rateLimitParking, throttleHandlers } from "./rate-limits.ts";

export function createXiheOctokit(log: Logger, options: { retryAndThrottle: boolean }) {
  return ProbotOctokit.plugin(rateLimitParking).defaults((o: OctokitOptions) => ({
    ...o,
    throttle: options.retryAndThrottle
      ? { ...o.throttle, enabled: true, ...throttleHandlers(log) }
      : { enabled: false },
    retry: { enabled: options.retryAndThrottle },
  }));
}
