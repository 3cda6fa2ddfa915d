// `xihe upgrade --repo DIR [--manager npm|pip] [--only NAME] [--major] [--dry-run] [--no-llm]
// [--trust-local] [--json]`: dependency upgrades on a local checkout. Each update group ends on
// `xihe/deps/<group>` (a bump commit, then migration commits when the update broke the tests);
// the user's branch and working tree are left as they were.
import type { RegisterCommand } from "./register-command.ts";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { CliIo, ExitCode } from "./cli-io.ts";
import { loadEnv, parseRepoConfig, type Env } from "../config.ts";
import { githubUrls } from "../github/github-urls.ts";
import { upgradeRulesKey } from "../verbs/upgrade/upgrade-rules-key.ts";
import { UsageError } from "../errors.ts";
import { createLogger } from "../logger.ts";
import { openSqliteStore } from "../store/sqlite-store.ts";
import type { Store } from "../store/store.ts";
import {
  upgradeCheckout,
  type UpgradeManager,
  type UpgradeReport,
} from "../verbs/upgrade/upgrade-checkout.ts";
import { renderUpgradeSummary } from "../verbs/upgrade/render-upgrade-summary.ts";

interface UpgradeFlags {
  repo?: string;
  manager?: string;
  only?: string;
  major?: boolean;
  dryRun?: boolean;
  llm: boolean;
  trustLocal?: boolean;
  json?: boolean;
}

export const registerUpgradeCommand: RegisterCommand = (program, io, setExit) => {
  program
    .command("upgrade")
    .description(
      "Upgrade dependencies on side branches xihe/deps/<group>: minor/patch grouped, majors separate, verified by the project's tests and migrated when they break",
    )
    .option("--repo <dir>", "the repository checkout (default: the current directory)")
    .option("--manager <name>", "npm or pip (default: detected from the manifests)")
    .option("--only <name>", "upgrade this one direct dependency")
    .option("--major", "also make updates outside the declared range (majors), each on its own branch")
    .option("--dry-run", "list the updates; change nothing")
    .option("--no-llm", "deterministic fixers only, no model, when an update breaks the tests")
    .option(
      "--trust-local",
      "run commands without the bubblewrap sandbox (your own code on your own machine)",
    )
    .option("--json", "print the report as JSON")
    .action((flags: UpgradeFlags) => runUpgradeCommand(flags, io, setExit));
};

async function runUpgradeCommand(flags: UpgradeFlags, io: CliIo, setExit: (code: ExitCode) => void) {
  const env = loadEnv(io.env);
  const log = createLogger({ level: env.LOG_LEVEL ?? "warn", destination: { write: io.stderr } });
  const root = resolve(io.cwd, flags.repo ?? ".");
  if (!existsSync(join(root, ".git")))
    throw new UsageError(`--repo must be a git checkout; ${root} has no .git`);
  const manager = parseManager(flags.manager);
  const configPath = join(root, ".github", "xihe.yml");
  const config = parseRepoConfig(existsSync(configPath) ? readFileSync(configPath, "utf8") : null);
  const now = () => new Date();
  const store = openUpgradeStore(env, io.cwd);
  try {
    const report = await upgradeCheckout(
      {
        store,
        now,
        log,
        fetch: globalThis.fetch,
        hostEnv: io.env,
        newId: () => randomBytes(4).toString("hex"),
        random: Math.random,
        registryTimeoutMs: 30_000,
        registryRetries: 2,
      },
      {
        root,
        config,
        env,
        manager,
        only: flags.only ?? null,
        includeMajor: flags.major === true,
        dryRun: flags.dryRun === true,
        useModel: flags.llm,
        trustLocal: flags.trustLocal === true,
        workDir: resolve(io.cwd, env.XIHE_WORK_DIR),
        // `xihe ignore` rules of this checkout (the App's `/xihe ignore` ones, on a shared store).
        ignoreRules: await store.listUpgradeIgnores(await upgradeRulesKey(root, githubUrls(env))),
      },
    );
    io.stdout(
      flags.json
        ? `${JSON.stringify(report)}\n`
        : renderUpgradeSummary(report, { dryRun: flags.dryRun === true }),
    );
    setExit(exitOf(report));
  } finally {
    await store.close();
  }
}

function parseManager(value: string | undefined): UpgradeManager | null {
  if (value === undefined) return null;
  if (value === "npm" || value === "pip") return value;
  throw new UsageError(`--manager must be npm or pip; got ${JSON.stringify(value)}`);
}

function exitOf(report: UpgradeReport): ExitCode {
  return report.results.every((r) => r.status === "verified" || r.status === "migrated") ? 0 : 1;
}

/** The CLI's SQLite store (XIHE_STORE), for `xihe upgrade` and `xihe ignore`. */
export function openUpgradeStore(env: Env, cwd: string): Store {
  if (env.XIHE_STORE.startsWith("postgres"))
    throw new UsageError("xihe upgrade and xihe ignore use a SQLite store; set XIHE_STORE to a file path");
  const path = resolve(cwd, env.XIHE_STORE);
  mkdirSync(dirname(path), { recursive: true });
  return openSqliteStore(path);
}
