// What the end-to-end run tests share: the real executors wired for a temp work dir, and the token
// replies GitHub gives (the App's installation token, and the narrowed per-run token).
import type { Probot } from "probot";
import { pino } from "pino";
import { loadEnv } from "../../src/config.ts";
import { githubUrls } from "../../src/github/github-urls.ts";
import { appRunTokens } from "../../src/github/mint-run-token.ts";
import { buildGitHubExecutors } from "../../src/server/github-executors.ts";
import type { Store } from "../../src/store/store.ts";
import type { CompleteText } from "../../src/understanding/ask/answer-question.ts";

/** The real executor table for a run whose mirrors and workspaces live under `workDir`. */
export function realExecutors(
  workDir: string,
  options: {
    env?: Record<string, string>;
    complete?: CompleteText | null;
    /** The host environment the install phase reads registry settings from (default: this process's). */
    hostEnv?: Readonly<Record<string, string | undefined>>;
  } = {},
) {
  const env = loadEnv({ XIHE_WORK_DIR: workDir, ...options.env });
  return (probot: Probot, store: Store) =>
    buildGitHubExecutors({
      env,
      installationOctokit: (id) => probot.auth(id),
      runTokens: appRunTokens(() => probot.auth()),
      store,
      log: pino({ level: "silent" }),
      now: () => new Date(),
      newId: () => Math.random().toString(16).slice(2, 10),
      random: Math.random,
      fetch: globalThis.fetch,
      complete: options.complete ?? null,
      hostEnv: options.hostEnv ?? process.env,
      github: githubUrls(env),
    });
}

export const installationTokenReply = {
  token: "ghs_installationtoken0000000000",
  expires_at: "2099-01-01T00:00:00Z",
  permissions: {},
};

/** Probot's own token request carries no body; the run token names one repository. */
export const isInstallationTokenRequest = (b: unknown) =>
  typeof b !== "object" || b === null || !("repositories" in b);

export const runTokenReply = {
  token: "ghs_runtoken00000000000000000000",
  expires_at: "2099-01-01T00:00:00Z",
  permissions: { contents: "write", pull_requests: "write", metadata: "read" },
  repositories: [{ name: "Hello-World" }],
};
