// `xihe serve [--host H] [--port N]`: the HTTP API and run trace pages without the GitHub App
// (server/start-serve.ts), until SIGINT or SIGTERM. The first line on stdout is the URL it listens on.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadEnv } from "../config.ts";
import { UsageError } from "../errors.ts";
import { createLogger } from "../logger.ts";
import { isPostgresUrl } from "../store/open-store.ts";
import { startServe } from "../server/start-serve.ts";
import type { CliIo, ExitCode } from "./cli-io.ts";
import type { RegisterCommand } from "./register-command.ts";

interface ServeFlags {
  host: string;
  port?: string;
  project?: string[];
}

export const registerServeCommand: RegisterCommand = (program, io, setExit) => {
  program
    .command("serve")
    .description("Serve the HTTP API (/v1) and run trace pages over XIHE_STORE, without the GitHub App")
    .option("--host <address>", "the address to listen on", "127.0.0.1")
    .option("--port <n>", "the port (0: any free one; default: PORT, else 3000)")
    .option(
      "--project <dir>",
      "a checkout that POST /v1/plan and /v1/projects/…/context read (repeatable; default: the current directory when it is a checkout)",
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .action(async (flags: ServeFlags) => setExit(await serve(flags, io)));
};

async function serve(flags: ServeFlags, io: CliIo): Promise<ExitCode> {
  const env = loadEnv(io.env);
  const port = flags.port === undefined ? env.PORT : Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port takes a number from 0 to 65535; got "${flags.port}"`);
  const storePath = isPostgresUrl(env.XIHE_STORE) ? env.XIHE_STORE : resolve(io.cwd, env.XIHE_STORE);
  if (!isPostgresUrl(storePath) && !existsSync(storePath))
    throw new UsageError(
      `no store at ${storePath}: set XIHE_STORE to the store \`xihe fix\` or the App writes (create tokens with \`xihe token create\`)`,
    );
  const log = createLogger({ level: env.LOG_LEVEL ?? "warn", destination: { write: io.stderr } });
  const projects = (flags.project ?? (existsSync(join(io.cwd, ".git")) ? ["."] : [])).map((p) =>
    resolve(io.cwd, p),
  );
  const server = await startServe({ env, storePath, hostEnv: io.env, log, host: flags.host, port, projects });
  io.stdout(`xihe serve: listening on ${server.url}\n`);
  await new Promise<void>((done) => {
    process.once("SIGINT", done);
    process.once("SIGTERM", done);
  });
  await server.close();
  return 0;
}
