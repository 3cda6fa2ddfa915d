// `xihe ask --repo DIR "question" [-k N] [--json]`: with a model configured (XIHE_MODEL_*), an
// answer grounded in recalled code that cites path:line; without one, the ranked relevant locations
// with numbered snippets.
import type { RegisterCommand } from "./register-command.ts";
import { loadEnv } from "../config.ts";
import { UsageError } from "../errors.ts";
import { answerFromIndex } from "../understanding/ask/answer-from-index.ts";
import { matchingWindow } from "../understanding/ask/matching-window.ts";
import { recall, type RecalledSymbol } from "../understanding/ask/recall.ts";
import { recalledLines } from "../understanding/ask/recalled-symbol.ts";
import { WINDOW_LINES } from "../understanding/ask/large-symbol-window.ts";
import { modelFromEnv } from "../model-from-env.ts";
import { readCheckoutConfig } from "./read-checkout-config.ts";
import { openRepoIndex, type RepoIndex } from "../understanding/index/open-repo-index.ts";

interface AskFlags {
  repo?: string;
  json?: boolean;
  k: string;
}

// As many lines as recall scores of a large symbol (its window), so a window is shown whole.
const SNIPPET_LINES = WINDOW_LINES;

export const registerAskCommand: RegisterCommand = (program, io, setExit) => {
  program
    .command("ask")
    .description(
      "Answer a question about the repository citing path:line (without a model: the relevant code)",
    )
    .argument("<question...>", "the question, in words")
    .option("--repo <dir>", "the repository checkout (default: the current directory)")
    .option("--json", "print {answer, citations, locations} as JSON")
    .option("-k <n>", "how many locations to recall", "6")
    .action(async (words: string[], flags: AskFlags) => {
      const question = words.join(" ").trim();
      const limit = Number(flags.k);
      if (question === "")
        throw new UsageError('give a question, e.g. xihe ask "where is the cart total computed?"');
      if (!Number.isInteger(limit) || limit < 1)
        throw new UsageError(`-k must be a positive integer; got ${flags.k}`);
      const repo = await openRepoIndex(io.cwd, flags.repo, readCheckoutConfig(io.cwd, flags.repo));
      const recalled = recall(repo.index, repo.readLines, question, {
        aliases: repo.config.understanding.aliases,
        limit,
      });
      const complete = modelFromEnv(loadEnv(io.env), 1200);
      const answer =
        complete && recalled.length > 0 ? await answerFromIndex(repo, question, recalled, complete) : null;
      // A large symbol is cited by the window recall scored (large-symbol-window.ts), not its whole span.
      const locations = recalled.map((r) => ({
        ...recalledLines(r),
        symbol: r.symbol.qualifiedName,
        shown: windowOf(repo, r, question),
        score: Number(r.score.toFixed(4)),
        why: r.why,
      }));
      if (flags.json)
        io.stdout(
          `${JSON.stringify({ answer: answer?.answer ?? null, citations: answer?.citations ?? [], locations })}\n`,
        );
      else
        io.stdout(
          answer ? `${answer.answer}\n` : renderLocations(repo, recalled, question, complete !== null),
        );
      setExit(0);
    });
};

function windowOf(repo: RepoIndex, r: RecalledSymbol, question: string) {
  const lines = repo.readLines(r.symbol.file) ?? [];
  const { startLine, endLine } = recalledLines(r);
  return matchingWindow(lines, startLine, endLine, question, SNIPPET_LINES);
}

function renderLocations(
  repo: RepoIndex,
  recalled: readonly RecalledSymbol[],
  question: string,
  hadModel: boolean,
): string {
  if (recalled.length === 0) return "Nothing in the index matches the question's names or words.\n";
  const header = hadModel
    ? ""
    : "No model configured (XIHE_MODEL_BASE_URL, XIHE_MODEL): the most relevant code:\n\n";
  const blocks = recalled.map((r) => {
    const { symbol, why } = r;
    const lines = repo.readLines(symbol.file) ?? [];
    const window = windowOf(repo, r, question);
    const shown = lines.slice(window.startLine - 1, window.endLine);
    const before = window.startLine > symbol.startLine ? "       ...\n" : "";
    const more = window.endLine < symbol.endLine ? "       ...\n" : "";
    const body = before + shown.map((l, i) => `${String(window.startLine + i).padStart(6)}| ${l}\n`).join("");
    return `${symbol.file}:${recalledLines(r).startLine} ${symbol.qualifiedName}  (${why.join("; ")})\n${body}${more}`;
  });
  return header + blocks.join("\n");
}
