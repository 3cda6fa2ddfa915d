// `xihe token create --repo PATTERN --scope read|run|approve [--expires 30d|DATE] [--label TEXT]`:
// a bearer token of the HTTP API, written to the App's store (XIHE_STORE) as a hash; the token is
// printed once on stdout and cannot be shown again.
import { randomBytes } from "node:crypto";
import { newApiToken, repoPatternShape } from "../api/api-token.ts";
import { loadEnv } from "../config.ts";
import { UsageError } from "../errors.ts";
import { createLogger } from "../logger.ts";
import { openStore } from "../store/open-store.ts";
import type { ApiScope } from "../store/store.ts";
import type { CliIo, ExitCode } from "./cli-io.ts";
import type { RegisterCommand } from "./register-command.ts";

interface TokenFlags {
  repo: string;
  scope: string;
  expires?: string;
  label: string;
}

const scopes: readonly string[] = ["read", "run", "approve"] satisfies ApiScope[];

export const registerTokenCommand: RegisterCommand = (program, io, setExit) => {
  const token = program.command("token").description("Bearer tokens of the HTTP API (/v1)");
  token
    .command("create")
    .description("Create a token; it is printed once, and only its hash is stored (XIHE_STORE)")
    .requiredOption(
      "--repo <pattern>",
      "repositories it may act on: owner/name, * within a part (octo/*); * alone: all, local checkouts too",
    )
    .requiredOption("--scope <scope>", "read (see runs, tools) | run (also start and cancel runs) | approve")
    .option("--expires <when>", "a lifetime (30d, 12h) or an ISO date; default: never")
    .option("--label <text>", "who or what holds it, for the audit log", "")
    .action(async (flags: TokenFlags) => setExit(await createToken(flags, io, new Date())));
};

async function createToken(flags: TokenFlags, io: CliIo, now: Date): Promise<ExitCode> {
  if (!repoPatternShape.test(flags.repo))
    throw new UsageError(`--repo takes owner/name, either part may use * (octo/*); got "${flags.repo}"`);
  if (!scopes.includes(flags.scope))
    throw new UsageError(`--scope must be read, run or approve; got "${flags.scope}"`);
  const expiresAt = flags.expires === undefined ? null : expiryOf(flags.expires, now);
  const env = loadEnv(io.env);
  // The App's own store, SQLite file or PostgreSQL, so the App finds the token.
  const store = await openStore(env.XIHE_STORE, {
    poolSize: 1,
    log: createLogger({ level: env.LOG_LEVEL ?? "warn", destination: { write: io.stderr } }),
  });
  try {
    const { token, record } = newApiToken(randomBytes, {
      repoPattern: flags.repo,
      scope: flags.scope as ApiScope,
      label: flags.label.slice(0, 200),
      createdAt: now.toISOString(),
      expiresAt,
    });
    await store.createApiToken(record);
    io.stdout(`${token}\n`);
    io.stderr(
      `token ${record.id}: scope ${record.scope} on ${record.repoPattern}, ${expiresAt ? `expires ${expiresAt}` : "does not expire"}; store it now, it is not shown again\n`,
    );
    return 0;
  } finally {
    await store.close();
  }
}

function expiryOf(text: string, now: Date): string {
  const lifetime = /^(\d{1,5})([dh])$/.exec(text);
  if (lifetime) {
    const hours = Number(lifetime[1]) * (lifetime[2] === "d" ? 24 : 1);
    if (hours > 0) return new Date(now.getTime() + hours * 3_600_000).toISOString();
  }
  const at = /^\d{4}-\d{2}-\d{2}/.test(text) ? new Date(text) : null;
  if (at && !Number.isNaN(at.getTime()) && at > now) return at.toISOString();
  throw new UsageError(`--expires takes a lifetime (30d, 12h) or a future ISO date; got "${text}"`);
}
