// `xihe bench make --repo DIR --count N [--out DIR] [--seed S] [--test CMD]... [--lint CMD]...`:
// a task pack from a repository whose suite passes, by mutations and lint/format breakages, each
// verified on an installed copy in the sandbox (the repository itself is not touched).
import { existsSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { randomBytes } from "node:crypto";
import type { RegisterCommand } from "./register-command.ts";
import type { CliIo, ExitCode } from "./cli-io.ts";
import { loadEnv } from "../config.ts";
import { UsageError } from "../errors.ts";
import { createLogger } from "../logger.ts";
import { runCheck } from "../agent/loop/run-checks.ts";
import { detectCommands } from "../workspace/detect-commands.ts";
import { openWorkspaceGit } from "../tools/open-workspace-git.ts";
import { sandboxChooser } from "../verbs/fix/fix-in-workspace.ts";
import { installDependencies } from "../runs/install-dependencies.ts";
import { chooseDependencyCacheDir } from "../workspace/install/dependency-cache-dir.ts";
import { createGrammars } from "../understanding/index/grammars.ts";
import { checkOutCommit } from "../bench/check-out-commit.ts";
import { scratchDir } from "../bench/scratch-dir.ts";
import { makeTaskPack } from "../bench/make/make-task-pack.ts";
import { readCheckoutConfig } from "./read-checkout-config.ts";

interface MakeFlags {
  repo: string;
  count: string;
  out?: string;
  seed?: string;
  test?: string[];
  lint?: string[];
}

const repeatable = (v: string, prev: string[] = []) => [...prev, v];

export const registerBenchMakeCommand: RegisterCommand = (bench, io, setExit) => {
  bench
    .command("make")
    .description(
      "Make a task pack from a repository whose suite passes: mutations and lint/format breakages, each verified",
    )
    .requiredOption("--repo <dir>", "the repository checkout (committed; its HEAD is the base)")
    .requiredOption("--count <n>", "how many tasks to make")
    .option("--out <dir>", "the pack folder (default: bench-pack-<repo name>)")
    .option("--seed <text>", "seed of the candidate order (default: the base commit)")
    .option("--test <command>", "a test command (repeatable; default: commands.test or detected)", repeatable)
    .option(
      "--lint <command>",
      "a lint or format check (repeatable; default: commands.lint or detected)",
      repeatable,
    )
    .action(async (flags: MakeFlags) => setExit(await runMake(flags, io)));
};

async function runMake(flags: MakeFlags, io: CliIo): Promise<ExitCode> {
  const count = Number(flags.count);
  if (!Number.isInteger(count) || count < 1)
    throw new UsageError(`--count must be a whole number >= 1; got ${flags.count}`);
  const root = resolve(io.cwd, flags.repo);
  if (!existsSync(join(root, ".git")))
    throw new UsageError(`--repo must be a git checkout; ${root} has no .git`);
  const git = openWorkspaceGit(root);
  const pending = await git.pendingChanges();
  if (pending.length > 0)
    throw new UsageError(
      `${root} has uncommitted changes (e.g. ${pending[0]?.trim()}); tasks are made from HEAD, so commit or stash them first`,
    );
  const outDir = resolve(io.cwd, flags.out ?? `bench-pack-${basename(root)}`);
  if (existsSync(join(outDir, "tasks.jsonl")))
    throw new UsageError(`${outDir} already holds a tasks.jsonl; pass another --out`);
  const base = await git.head();
  const config = readCheckoutConfig(root, undefined);
  const detected = detectCommands(root);
  const tests = flags.test ?? config.commands.test ?? detected.test ?? [];
  const lints = flags.lint ?? config.commands.lint ?? detected.lint ?? [];
  const env = loadEnv(io.env);
  const log = createLogger({ level: env.LOG_LEVEL ?? "warn", destination: { write: io.stderr } });
  const work = await checkOutCommit({ id: "make", repo: root, commit: base }, scratchDir());
  const grammars = await createGrammars();
  try {
    const deps = { hostEnv: io.env, newId: () => randomBytes(4).toString("hex"), now: () => new Date() };
    const request = {
      runId: `make-${deps.newId()}`,
      root: work.root,
      config,
      env,
      source: "local_checkout" as const,
      trustLocal: false,
    };
    const sandboxWith = sandboxChooser(deps, request);
    const cache = chooseDependencyCacheDir(env.XIHE_WORK_DIR, work.root, io.env);
    const install = await installDependencies({ sandboxWith, hostEnv: io.env, log, cache }, config);
    if (install.status === "failed" || install.status === "refused")
      throw new UsageError(
        `the repository's dependencies did not install (${install.code}): ${install.reason}`,
      );
    io.stderr(`xihe bench make: dependencies ${install.status} (${install.reason})\n`);
    const sandbox = sandboxWith([]);
    const timeoutMs = config.sandbox.command_timeout_seconds * 1000;
    io.stderr(
      `xihe bench make: base ${base.slice(0, 12)}; tests: ${tests.join(", ") || "-"}; lint: ${lints.join(", ") || "-"}\n`,
    );
    const tasks = await makeTaskPack(
      {
        root: work.root,
        base,
        files: await openWorkspaceGit(work.root).listFiles(),
        run: (command) => runCheck({ sandbox, timeoutMs: () => timeoutMs }, command),
      },
      {
        outDir,
        count,
        seed: flags.seed ?? base,
        idPrefix: basename(root).replace(/[^\w.-]+/g, "-"),
        tests,
        lints,
      },
      { grammars, progress: (line) => io.stderr(`  ${line}`), nowMs: () => Date.now() },
    );
    const kinds = ["mutation", "lint", "format"].map(
      (k) => `${tasks.filter((t) => t.kind === k).length} ${k}`,
    );
    io.stdout(`made ${tasks.length} of ${count} task(s) in ${outDir} (${kinds.join(", ")})\n`);
    return tasks.length > 0 ? 0 : 1;
  } finally {
    grammars.close();
    work.remove();
  }
}
