// `xihe fix --repo DIR [--cmd "npm test"]... [--no-llm] [--max-cost 0.50] [--trust-local] [--json]`, or `xihe fix --pr OWNER/REPO#N`:
// runs the fix loop on a local checkout (or, with --pr, the App's pull-request run: pr-run-command.ts). The fix is left as commits on `xihe/fix-<id>` (one per
// atomic step); the user's branch and working tree are left as they were.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { RegisterCommand } from "./register-command.ts";
import type { CliIo, ExitCode } from "./cli-io.ts";
import { budgetLimitsFrom } from "../agent/loop/budget.ts";
import { fixInWorkspace } from "../verbs/fix/fix-in-workspace.ts";
import { withStepProgress } from "./step-progress.ts";
import type { FixRunOutcome } from "../verbs/fix/verify-with-workflows.ts";
import { renderFixSummary } from "../verbs/fix/render-fix-summary.ts";
import { loadEnv, parseRepoConfig, type Env, type RepoConfig } from "../config.ts";
import { UsageError } from "../errors.ts";
import { createLogger, type Logger } from "../logger.ts";
import { openSqliteStore } from "../store/sqlite-store.ts";
import type { RunStatus, Store } from "../store/store.ts";
import { openWorkspaceGit } from "../tools/open-workspace-git.ts";
import type { WorkspaceGit } from "../tools/workspace-git.ts";
import { openFixRun } from "./fix-run-record.ts";
import { watchCancel } from "./watch-cancel.ts";
import { parsePrTarget, runPrVerb } from "./pr-run-command.ts";
import { withCheckoutReturned } from "../workspace/sandbox/return-checkout.ts";

interface FixFlags {
  pr?: string;
  repo?: string;
  cmd?: string[];
  llm: boolean;
  maxCost?: string;
  trustLocal?: boolean;
  json?: boolean;
  resume?: string;
  approve?: string[];
}

export const registerFixCommand: RegisterCommand = (program, io, setExit) => {
  program
    .command("fix")
    .description(
      "Fix failing commands in a local checkout: deterministic fixers first, then the model; verified by re-running them",
    )
    .option("--repo <dir>", "the repository checkout (default: the current directory)")
    .option(
      "--pr <owner/repo#n>",
      "fix a pull request on GitHub instead of a checkout, as the App's /xihe fix does (needs GITHUB_TOKEN; GHE_HOST for GitHub Enterprise Server)",
    )
    .option(
      "--cmd <command>",
      "a failing command to make pass (repeatable; default: commands.test, commands.lint and commands.build from .github/xihe.yml)",
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .option("--no-llm", "deterministic fixers only, no model")
    .option("--max-cost <usd>", "cost budget in USD for this run (default: budget.max_cost_usd)")
    .option(
      "--trust-local",
      "run commands without the bubblewrap sandbox (your own code on your own machine)",
    )
    .option("--json", "print the outcome as JSON")
    .option("--resume <runId>", "continue a stopped run (e.g. one that needs your approval)")
    .option(
      "--approve <step>",
      "with --resume: apply the held high-risk change of this step (repeatable)",
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .action((flags: FixFlags) => runFixCommand(flags, io, setExit));
};

function prIncompatibleFlags(flags: FixFlags): string[] {
  const given: [string, boolean][] = [
    ["--repo", flags.repo !== undefined],
    ["--cmd", flags.cmd !== undefined],
    ["--no-llm", !flags.llm],
    ["--max-cost", flags.maxCost !== undefined],
    ["--trust-local", flags.trustLocal === true],
    ["--resume", flags.resume !== undefined],
    ["--approve", flags.approve !== undefined],
  ];
  return given.filter(([, on]) => on).map(([name]) => name);
}

/** What the flags and the checkout's `.github/xihe.yml` ask for, checked before anything runs. */
interface FixRequest {
  root: string;
  config: RepoConfig;
  commands: string[];
  maxCostUsd: number | undefined;
}

/** Everything one run needs once its record is open. */
interface OpenedFix extends FixRequest {
  flags: FixFlags;
  io: CliIo;
  env: Env;
  log: Logger;
  git: WorkspaceGit;
  store: Store;
  now: () => Date;
  runId: string;
  runCommands: string[];
  originalBranch: string;
}

async function runFixCommand(flags: FixFlags, io: CliIo, setExit: (code: ExitCode) => void): Promise<void> {
  const env = loadEnv(io.env);
  // The project's logger (redaction, LOG_LEVEL) on the command's stderr; a CLI shows only what
  // went wrong unless LOG_LEVEL asks for more.
  const log = createLogger({ level: env.LOG_LEVEL ?? "warn", destination: { write: io.stderr } });
  if (flags.pr !== undefined) {
    const local = prIncompatibleFlags(flags);
    if (local.length > 0)
      throw new UsageError(
        `--pr fixes the PR's failing checks with the repository's own .github/xihe.yml; ${local.join(", ")} only apply to a local checkout`,
      );
    const request = { verb: "fix" as const, target: parsePrTarget(flags.pr), args: "" };
    return setExit(await runPrVerb(request, { env, io, log, json: flags.json === true }));
  }
  const request = readFixRequest(flags, io, env);
  const { root, commands } = request;

  const git = openWorkspaceGit(root);
  const pending = await git.pendingChanges();
  if (pending.length > 0)
    throw new UsageError(
      `the checkout has uncommitted changes (${pending.length} path(s), e.g. ${pending[0]?.trim()}); commit or stash them first`,
    );
  const originalBranch = (await git.currentBranch()) ?? (await git.head());
  const now = () => new Date();
  const newId = () => randomBytes(4).toString("hex");
  const store = openLocalStore(flags, io, env, now);
  const limits = budgetLimitsFrom(request.config.budget, { maxCostUsd: request.maxCostUsd });
  const opened = await openFixRun(store, {
    resume: flags.resume,
    root,
    commands,
    originalBranch,
    headSha: await git.head(),
    budget: { ...limits },
    newId,
    now,
  }).catch(async (err: unknown) => {
    await store.close();
    throw err;
  });
  const fix: OpenedFix = {
    ...request,
    flags,
    io,
    env,
    log,
    git,
    store,
    now,
    runId: opened.runId,
    runCommands: opened.commands,
    originalBranch,
  };
  const cancel = watchCancel(store, opened.runId, { intervalMs: cancelPollMs, log });
  try {
    // As root the sandbox uid wrote node_modules, caches and the fixed files: they go back to the owner.
    const outcome = await withCheckoutReturned(root, () => runFixLoop(fix, cancel.signal)).catch(
      (err: unknown) => {
        if (cancel.signal.aborted) return null;
        throw err;
      },
    );
    if (outcome === null || cancel.signal.aborted) return setExit(await reportCancelled(fix));
    await recordOutcome(fix, outcome);
    setExit(outcome.status === "done" ? 0 : 1);
  } finally {
    cancel.stop();
    await store.close();
  }
}

// How often a running `xihe fix` looks for a cancel mark in the store.
const cancelPollMs = 500;

/** Cancelled through the store (xihe serve): its record already says so; the command says it too. */
async function reportCancelled(fix: OpenedFix): Promise<ExitCode> {
  const run = await fix.store.getRun(fix.runId);
  const reason = run?.reason ?? "cancelled";
  fix.log.info({ runId: fix.runId, reason }, "fix run cancelled");
  fix.io.stdout(
    fix.flags.json
      ? `${JSON.stringify({ runId: fix.runId, status: "cancelled", reason })}\n`
      : `xihe fix ${fix.runId}: CANCELLED (${reason})\n`,
  );
  return 1;
}

function readFixRequest(flags: FixFlags, io: CliIo, env: Env): FixRequest {
  const root = resolve(io.cwd, flags.repo ?? ".");
  if (!existsSync(join(root, ".git")))
    throw new UsageError(`--repo must be a git checkout; ${root} has no .git`);
  const configPath = join(root, ".github", "xihe.yml");
  const config = parseRepoConfig(existsSync(configPath) ? readFileSync(configPath, "utf8") : null);
  const commands = flags.cmd ?? [
    ...(config.commands.test ?? []),
    ...(config.commands.lint ?? []),
    ...(config.commands.build ?? []),
  ];
  if (commands.length === 0 && !flags.resume)
    throw new UsageError('nothing to fix: pass --cmd "npm test" or set commands.test in .github/xihe.yml');
  const maxCostUsd = flags.maxCost === undefined ? undefined : Number(flags.maxCost);
  if (maxCostUsd !== undefined && !(Number.isFinite(maxCostUsd) && maxCostUsd >= 0))
    throw new UsageError(`--max-cost must be a number of US dollars >= 0; got ${flags.maxCost}`);
  if (flags.approve && !flags.resume) throw new UsageError("--approve needs --resume <runId>");
  if (env.XIHE_STORE.startsWith("postgres"))
    throw new UsageError("xihe fix uses a SQLite store; set XIHE_STORE to a file path");
  return { root, config, commands, maxCostUsd };
}

function openLocalStore(flags: FixFlags, io: CliIo, env: Env, now: () => Date): Store {
  const storePath = resolve(io.cwd, env.XIHE_STORE);
  mkdirSync(dirname(storePath), { recursive: true });
  const sqlite = openSqliteStore(storePath);
  // On a terminal, each step is shown as it runs; JSON output stays clean.
  return io.isTTY && !flags.json ? withStepProgress(sqlite, io.stderr, () => now().getTime()) : sqlite;
}

/** Runs the loop on the checkout; a throw marks the run failed; the user's branch is restored either way. */
async function runFixLoop(fix: OpenedFix, signal: AbortSignal): Promise<FixRunOutcome> {
  const { flags, git, store, now, runId, root, log } = fix;
  // A resumed run continues on its own branch; the replayed `branch` step does not switch to it.
  if (flags.resume) await git.switchTo(`xihe/fix-${runId}`);
  await store.updateRun(runId, { status: "running", startedAt: now().toISOString() });
  log.info({ runId, root, commands: fix.runCommands, resume: flags.resume ?? null }, "fix run started");
  try {
    return await fixInWorkspace(
      {
        store,
        now,
        log: log.child({ runId }),
        fetch: globalThis.fetch,
        hostEnv: fix.io.env,
        newId: () => `${runId}-${randomBytes(3).toString("hex")}`,
        random: Math.random,
        signal,
      },
      {
        runId,
        root,
        config: fix.config,
        env: fix.env,
        commands: fix.runCommands,
        useModel: flags.llm,
        maxCostUsd: fix.maxCostUsd,
        source: "local_checkout",
        trustLocal: flags.trustLocal === true,
        approvals: flags.approve ?? [],
      },
    );
  } catch (err) {
    // A cancel already recorded why the run ended.
    if (signal.aborted) throw err;
    await store.updateRun(runId, {
      status: "failed",
      reason: err instanceof Error ? err.message : String(err),
      endedAt: now().toISOString(),
    });
    throw err;
  } finally {
    // The fix stays on its branch; the user's checkout goes back to where it was.
    if ((await git.currentBranch()) !== fix.originalBranch) await git.switchTo(fix.originalBranch);
  }
}

function runStatusOf(outcome: FixRunOutcome): RunStatus {
  if (outcome.status === "done") return "succeeded";
  return outcome.status === "needs_input" ? "needs_input" : "failed";
}

async function recordOutcome(fix: OpenedFix, outcome: FixRunOutcome): Promise<void> {
  const { runId, store } = fix;
  const status = runStatusOf(outcome);
  fix.log.info({ runId, status, reason: outcome.reason }, "fix run ended");
  await store.updateRun(runId, {
    status,
    reason: outcome.reason,
    endedAt: fix.now().toISOString(),
    spend: { ...outcome.spend },
  });
  fix.io.stdout(
    fix.flags.json
      ? `${JSON.stringify({ runId, ...outcome })}\n`
      : renderFixSummary(outcome, { originalBranch: fix.originalBranch, runId }),
  );
}
