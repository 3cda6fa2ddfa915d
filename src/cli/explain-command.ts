// `xihe explain --repo DIR [--base REV] [--focus PATH|SYMBOL] [--json]`: what the changes since
// `base` do, per changed function or class, with who calls it and which tests reach it. The same core
// as `/xihe explain` on a pull request; with a model configured, each symbol also gets its sentences.
import { execFileSync } from "node:child_process";
import type { RegisterCommand } from "./register-command.ts";
import { loadEnv } from "../config.ts";
import { UsageError } from "../errors.ts";
import { explainDiff, type SymbolExplanation } from "../understanding/explain/explain-diff.ts";
import { modelFromEnv } from "../model-from-env.ts";
import { readCheckoutConfig } from "./read-checkout-config.ts";
import { openRepoIndex } from "../understanding/index/open-repo-index.ts";

interface ExplainFlags {
  repo?: string;
  base: string;
  focus?: string;
  json?: boolean;
  llm: boolean;
}

export const registerExplainCommand: RegisterCommand = (program, io, setExit) => {
  program
    .command("explain")
    .description("Explain what the changes since a base commit do and what they affect")
    .option("--repo <dir>", "the repository checkout (default: the current directory)")
    .option("--base <rev>", "compare against this commit or branch", "HEAD~1")
    .option("--focus <pathOrSymbol>", "only this file, directory or symbol")
    .option("--no-llm", "deterministic sentences only, even with a model configured")
    .option("--json", "print the explanation as JSON")
    .action(async (flags: ExplainFlags) => {
      const repo = await openRepoIndex(io.cwd, flags.repo, readCheckoutConfig(io.cwd, flags.repo));
      const base = resolveCommit(repo.root, flags.base);
      const explanation = await explainDiff({
        root: repo.root,
        base,
        index: repo.index,
        focus: flags.focus,
        complete: flags.llm ? modelFromEnv(loadEnv(io.env), 400) : null,
      });
      if (flags.json) io.stdout(`${JSON.stringify(explanation)}\n`);
      else io.stdout(render(explanation.symbols, explanation.files.length));
      setExit(0);
    });
};

function resolveCommit(root: string, rev: string): string {
  if (rev.startsWith("-")) throw new UsageError(`--base must be a commit or branch; got ${rev}`);
  try {
    return execFileSync("git", ["rev-parse", "--verify", "--quiet", `${rev}^{commit}`], {
      cwd: root,
      encoding: "utf8",
    }).trim();
  } catch (err) {
    throw new UsageError(`--base ${rev} is not a commit in ${root}; pass a branch or SHA`, { cause: err });
  }
}

function render(symbols: readonly SymbolExplanation[], fileCount: number): string {
  if (symbols.length === 0) return `${fileCount} file(s) changed; no function or class changed.\n`;
  const blocks = symbols.map((s) => {
    const lines = [
      `${s.change.padEnd(8)} ${s.file}:${s.line} ${s.qualifiedName} (+${s.addedLines} −${s.removedLines})`,
      `  ${s.explanation}`,
    ];
    if (s.signatureChanged)
      lines.push(`  signature: ${s.signatureBefore ?? "—"}  →  ${s.signatureAfter ?? "—"}`);
    if (s.callers.length)
      lines.push(`  called from: ${s.callers.map((c) => `${c.path}:${c.line}`).join(", ")}`);
    if (s.tests.length) lines.push(`  tests: ${s.tests.map((c) => `${c.path}:${c.line}`).join(", ")}`);
    if (s.risks.length) lines.push(`  risks: ${s.risks.join("; ")}`);
    return lines.join("\n");
  });
  return `${fileCount} file(s) changed, ${symbols.length} symbol(s):\n\n${blocks.join("\n\n")}\n`;
}
