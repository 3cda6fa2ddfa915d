// GitHub with one token instead of an App (`xihe fix --pr` in a terminal, the Action with its job's
// GITHUB_TOKEN): the App's Octokit (retry, throttling, timeouts) authenticated by the token, and that
// same token as the run's clone-and-push token. Nothing is minted: the token's holder decides its
// scope (the Action's `permissions:`), so Xihe cannot narrow it the way it narrows an App token.
import type { Logger } from "../logger.ts";
import type { GitHubClient } from "./github-client.ts";
import type { GitHubUrls } from "./github-urls.ts";
import type { RunTokenSource } from "./mint-run-token.ts";
import type { Fetch } from "./timed-fetch.ts";
import { createXiheOctokit } from "./xihe-octokit.ts";

export interface TokenClient {
  octokit: GitHubClient;
  runTokens: RunTokenSource;
}

export function tokenClient(
  log: Logger,
  options: { token: string; github: GitHubUrls; requestTimeoutMs: number; fetch?: Fetch },
): TokenClient {
  const Octokit = createXiheOctokit(log, {
    retryAndThrottle: true,
    requestTimeoutMs: options.requestTimeoutMs,
    fetch: options.fetch,
  });
  const octokit: GitHubClient = new Octokit({ auth: { token: options.token }, baseUrl: options.github.api });
  return {
    octokit,
    runTokens: async () => ({ token: options.token, expiresAt: "" }),
  };
}
