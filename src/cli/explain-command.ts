// `xihe explain --repo DIR [--base REV] [--working-tree] [--focus PATH|SYMBOL] [--json]`: what the
// changes since `base` do, per changed function or class, with what refers to it and which tests
// reach it. The same core as `/xihe explain` on a pull request; with a model configured, each
// symbol also gets its sentences. With --json, errors are JSON too ({"error": {code, message}}).
// `xihe explain --pr OWNER/REPO#N [--focus ...]` is `/xihe explain` on GitHub with GITHUB_TOKEN: one
// review on the PR (pr-run-command.ts).
import { execFileSync } from "node:child_process";
import type { RegisterCommand } from "./register-command.ts";
import type { CliIo } from "./cli-io.ts";
import { loadEnv } from "../config.ts";
import { UsageError, XiheError } from "../errors.ts";
import { changedPaths } from "../understanding/explain/diff-files.ts";
import { explainDiff } from "../understanding/explain/explain-diff.ts";
import { explainCoverage } from "./explain-coverage.ts";
import { modelFromEnv } from "../model-from-env.ts";
import { readCheckoutConfig } from "./read-checkout-config.ts";
import { openRepoIndex } from "../understanding/index/open-repo-index.ts";
import { renderExplainText } from "../verbs/explain/render-explain-text.ts";
import { runPrFromCli } from "./pr-run-command.ts";

interface ExplainFlags {
  repo?: string;
  pr?: string;
  base?: string;
  focus?: string;
  json?: boolean;
  llm: boolean;
  workingTree?: boolean;
  coverage?: string;
  coverageBudget: string;
}

export const registerExplainCommand: RegisterCommand = (program, io, setExit) => {
  program
    .command("explain")
    .description("Explain what the changes since a base commit do and what they affect")
    .option("--repo <dir>", "the repository checkout (default: the current directory)")
    .option(
      "--pr <owner/repo#n>",
      "explain a pull request on GitHub instead, as /xihe explain does: one review with line comments (needs GITHUB_TOKEN)",
    )
    .option("--base <rev>", "compare against this commit or branch (default: HEAD~1)")
    .option(
      "--working-tree",
      "include uncommitted edits and untracked (not ignored) files: compare the base with the working tree",
    )
    .option("--focus <pathOrSymbol>", "only this file, directory or symbol")
    .option("--no-llm", "deterministic sentences only, even with a model configured")
    .option("--json", "print the explanation (or the error) as JSON")
    .option(
      "--coverage <cmd>",
      "run each test file that loads a changed file alone with coverage (this test command, in the sandbox) and list the tests that executed each symbol; saved per head commit and reused",
    )
    .option("--coverage-budget <seconds>", "time box for --coverage", "600")
    .action(async (flags: ExplainFlags) => {
      if (flags.pr !== undefined) {
        const local: [string, boolean][] = [
          ["--repo", flags.repo !== undefined],
          ["--base", flags.base !== undefined],
          ["--working-tree", flags.workingTree === true],
          ["--coverage", flags.coverage !== undefined],
          // The model is the configured one (XIHE_MODEL_*), as for the App.
          ["--no-llm", !flags.llm],
        ];
        const given = local.filter(([, on]) => on).map(([name]) => name);
        const json = flags.json === true;
        const request = { verb: "explain" as const, pr: flags.pr, args: flags.focus ?? "", json };
        return setExit(await runPrFromCli({ ...request, given }, io));
      }
      try {
        await run(flags, io);
        setExit(0);
      } catch (err) {
        if (!flags.json) throw err;
        const usage = err instanceof XiheError && err.code === "usage_error";
        const code = err instanceof XiheError ? err.code : "internal_error";
        io.stdout(
          `${JSON.stringify({ error: { code, message: err instanceof Error ? err.message : String(err) } })}\n`,
        );
        setExit(usage ? 2 : 1);
      }
    });
};

async function run(flags: ExplainFlags, io: CliIo): Promise<void> {
  const root = gitRoot(io.cwd, flags.repo);
  const repo = await openRepoIndex(io.cwd, flags.repo, readCheckoutConfig(io.cwd, flags.repo));
  const base = resolveCommit(repo.root, flags.base ?? "HEAD~1");
  const budgetSeconds = Number(flags.coverageBudget);
  if (!Number.isFinite(budgetSeconds) || budgetSeconds <= 0)
    throw new UsageError(
      `--coverage-budget must be a positive number of seconds; got ${flags.coverageBudget}`,
    );
  const headSha = flags.workingTree ? null : git(repo.root, ["rev-parse", "HEAD"]).trim();
  const changedFiles = await changedPaths(repo.root, base, headSha);
  const coverage = await explainCoverage(io, repo, {
    headSha,
    command: flags.coverage ?? null,
    budgetSeconds,
    changedFiles,
  });
  if (coverage.status === "fallback")
    io.stderr(
      `explain --coverage: no coverage (${coverage.reason ?? "unknown"}); tests are found through calls\n`,
    );
  const explanation = await explainDiff({
    coverage: coverage.map,
    root: repo.root,
    base,
    head: flags.workingTree ? null : "HEAD",
    index: repo.index,
    focus: flags.focus,
    complete: flags.llm ? modelFromEnv(loadEnv(io.env), 400) : null,
  });
  if (!explanation.focusMatched) {
    const changed =
      explanation.files
        .map((f) => f.path)
        .slice(0, 10)
        .join(", ") || "nothing";
    throw new UsageError(
      `--focus ${flags.focus ?? ""} matches no changed file or symbol; changed: ${changed}`,
    );
  }
  const pending = flags.workingTree ? { edited: 0, untracked: 0 } : uncommittedFiles(root);
  const left = [
    ...(pending.edited > 0 ? [`${pending.edited} file(s) have uncommitted edits that are not included`] : []),
    // A repository whose only change is a new file would otherwise print "0 file(s) changed" and no why.
    ...(pending.untracked > 0 ? [`${pending.untracked} untracked file(s) are not included`] : []),
  ];
  const notes = left.length > 0 ? [`${left.join("; ")}; pass --working-tree to include them.`] : [];
  const { map: _map, ...coverageSummary } = coverage;
  if (coverage.status === "ran" || coverage.status === "cached")
    notes.push(
      `Tests that reach each symbol are the test files that executed it (per-test coverage of ${coverage.testFiles} test file(s), ${coverage.status === "cached" ? "saved for this commit" : "run now"}).`,
    );
  if (flags.json)
    io.stdout(
      `${JSON.stringify({ ...explanation, uncommittedFiles: pending.edited, untrackedFiles: pending.untracked, coverage: coverageSummary })}\n`,
    );
  else io.stdout(renderExplainText(explanation, notes));
}

function git(cwd: string, args: string[]): string {
  // stderr is captured, never passed through: git's own "fatal:" lines are not our message.
  return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function gitRoot(cwd: string, repo: string | undefined): string {
  const dir = repo === undefined ? cwd : repo.startsWith("/") ? repo : `${cwd}/${repo}`;
  try {
    return git(dir, ["rev-parse", "--show-toplevel"]).trim();
  } catch (err) {
    throw new UsageError(
      `${repo ?? dir} is not a git repository; explain compares commits, so run it in a git checkout (or pass --repo DIR)`,
      { cause: err },
    );
  }
}

function resolveCommit(root: string, rev: string): string {
  if (rev.startsWith("-")) throw new UsageError(`--base must be a commit or branch; got ${rev}`);
  try {
    return git(root, ["rev-parse", "--verify", "--quiet", `${rev}^{commit}`]).trim();
  } catch (err) {
    throw new UsageError(`--base ${rev} is not a commit in ${root}; pass a branch or SHA`, { cause: err });
  }
}

/** Tracked files with uncommitted edits, and untracked (not ignored) files, each file counted. */
function uncommittedFiles(root: string): { edited: number; untracked: number } {
  const entries = git(root, ["status", "--porcelain", "--untracked-files=all"])
    .split("\n")
    .filter((l) => l.trim() !== "");
  const untracked = entries.filter((l) => l.startsWith("?? ")).length;
  return { edited: entries.length - untracked, untracked };
}
