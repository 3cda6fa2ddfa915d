// `xihe workflow status [name] [--instance ID]` and `xihe workflow run <name> [key=value …]`: the
// DolphinScheduler workflows of the checkout's `integrations.dolphinscheduler` project, on the
// server and token of XIHE_DOLPHINSCHEDULER_URL / _TOKEN. `run` is a run in the local store (its
// steps persisted, `--resume` continues it without a second start) and alerts the `notify:` channels
// when it fails.
import { mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { dirname, resolve } from "node:path";
import type { RegisterCommand } from "./register-command.ts";
import type { CliIo, ExitCode } from "./cli-io.ts";
import { readCheckoutConfig } from "./read-checkout-config.ts";
import { loadEnv, type Env } from "../config.ts";
import { ToolFailure, UsageError } from "../errors.ts";
import { createDsClient } from "../integrations/dolphinscheduler/ds-client.ts";
import { connectDolphinScheduler } from "../integrations/dolphinscheduler/connect-dolphinscheduler.ts";
import { createLogger } from "../logger.ts";
import { openSqliteStore } from "../store/sqlite-store.ts";
import { dsQueryWorkflow } from "../tools/ds-query-workflow.ts";
import { parseWorkflowArgs } from "../verbs/workflow/parse-workflow-args.ts";
import {
  createWorkflowExecutor,
  isDsError,
  type DsSettings,
} from "../verbs/workflow/workflow-run-executor.ts";
import { runWorkflowLocally } from "./workflow-local-run.ts";

interface CommonFlags {
  repo?: string;
}

export const registerWorkflowCommand: RegisterCommand = (program, io, setExit) => {
  const workflow = program
    .command("workflow")
    .description("DolphinScheduler workflows (integrations.dolphinscheduler in .github/xihe.yml)");
  workflow
    .command("status")
    .description("List the project's workflows, show one with its recent instances, or one instance")
    .argument("[name]", "workflow name")
    .option("--instance <id>", "an instance id: its tasks and the log tail of failed ones")
    .option("--repo <dir>", "the checkout whose .github/xihe.yml to read", ".")
    .action(async (name: string | undefined, flags: CommonFlags & { instance?: string }) =>
      setExit(await showStatus(name, flags, io)),
    );
  workflow
    .command("run")
    .description("Start a workflow with parameters and follow it to its end (retries per the green list)")
    .argument("<name>", "workflow name")
    .argument("[params...]", "start parameters as key=value")
    .option("--resume <runId>", "continue a run that stopped (never starts its instance twice)")
    .option("--repo <dir>", "the checkout whose .github/xihe.yml to read", ".")
    .action(async (name: string, params: string[], flags: CommonFlags & { resume?: string }) =>
      setExit(await runWorkflow([name, ...params], flags, io)),
    );
};

function dsSettings(
  io: CliIo,
  repo: string | undefined,
): { env: Env; settings: DsSettings; config: ReturnType<typeof readCheckoutConfig> } {
  const env = loadEnv(io.env);
  const missing = (["XIHE_DOLPHINSCHEDULER_URL", "XIHE_DOLPHINSCHEDULER_TOKEN"] as const).filter(
    (k) => !env[k],
  );
  if (missing.length > 0)
    throw new UsageError(
      `set ${missing.join(" and ")} (the DolphinScheduler API base URL, e.g. http://host:12345/dolphinscheduler, and an access token)`,
    );
  const config = readCheckoutConfig(io.cwd, repo);
  const settings = config.integrations.dolphinscheduler;
  if (!settings)
    throw new UsageError(
      "no integrations.dolphinscheduler in .github/xihe.yml: add `integrations: { dolphinscheduler: { project: <name>, green_list: [...] } }`",
    );
  return { env, settings, config };
}

const connect = (env: Env) => (project: string) =>
  connectDolphinScheduler(
    createDsClient({ baseUrl: env.XIHE_DOLPHINSCHEDULER_URL!, token: env.XIHE_DOLPHINSCHEDULER_TOKEN! }),
    project,
  );

async function showStatus(
  name: string | undefined,
  flags: CommonFlags & { instance?: string },
  io: CliIo,
): Promise<ExitCode> {
  const { env, settings } = dsSettings(io, flags.repo);
  const instanceId = flags.instance === undefined ? undefined : Number(flags.instance);
  if (instanceId !== undefined && !(Number.isInteger(instanceId) && instanceId > 0))
    throw new UsageError(`--instance must be an instance id (a positive integer); got ${flags.instance}`);
  const prepared = dsQueryWorkflow.prepare({ name, instance_id: instanceId }, ["read"]);
  if (!prepared.ok) throw new UsageError(prepared.message);
  try {
    const project = await connect(env)(settings.project);
    const result = await prepared.call.run({
      project,
      greenList: settings.green_list,
      follow: () => Promise.reject(new UsageError("status never starts a workflow")),
    });
    io.stdout(`${result.forModel}\n`);
    return 0;
  } catch (err) {
    if (err instanceof ToolFailure) throw new UsageError(err.message, { cause: err });
    if (isDsError(err)) {
      io.stderr(`xihe: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}

async function runWorkflow(
  words: string[],
  flags: CommonFlags & { resume?: string },
  io: CliIo,
): Promise<ExitCode> {
  const { workflow, params } = parseWorkflowArgs(words);
  const { env, settings, config } = dsSettings(io, flags.repo);
  if (env.XIHE_STORE.startsWith("postgres"))
    throw new UsageError("xihe workflow run uses a SQLite store; set XIHE_STORE to a file path");
  const storePath = resolve(io.cwd, env.XIHE_STORE);
  mkdirSync(dirname(storePath), { recursive: true });
  const store = openSqliteStore(storePath);
  const now = () => new Date();
  try {
    const outcome = await runWorkflowLocally(
      {
        store,
        storePath,
        io,
        now,
        log: createLogger({ level: env.LOG_LEVEL ?? "warn", destination: { write: io.stderr } }),
        newId: () => `wf-${randomBytes(4).toString("hex")}`,
        executor: createWorkflowExecutor({
          settingsFor: async () => settings,
          connect: connect(env),
          now,
          sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
        }),
      },
      {
        root: resolve(io.cwd, flags.repo ?? "."),
        workflow,
        params,
        resume: flags.resume,
        notify: config.notify,
      },
    );
    return outcome === "succeeded" ? 0 : 1;
  } finally {
    await store.close();
  }
}
