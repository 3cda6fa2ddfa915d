// Which executor runs each verb of a GitHub run. Verbs without an executor end with a clear
// "not available in this version" outcome from the worker.
import type { Probot } from "probot";
import type { Env } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { ExecutorTable } from "../runs/run-executor.ts";

export interface ExecutorDeps {
  env: Env;
  probot: Probot;
  log: Logger;
  now: () => Date;
}

export function buildGitHubExecutors(_deps: ExecutorDeps): ExecutorTable {
  return {};
}
