// Optional listwise rerank of the top suspects by a model: it sees the failure and each candidate's
// code and returns an order. Off unless a model is given; any reply we cannot read keeps the
// structural order, so the model can reorder but never drop or invent a location.
import type { CompleteText } from "../ask/answer-question.ts";
import type { ListwiseRerank, SuspectLocation } from "./localize.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import { fitExcerpt, estimateTokens } from "../ask/summarise-function.ts";

const CANDIDATES = 10;
const TOKENS_PER_CANDIDATE = 600;

export const rerankSystemPrompt = [
  "You rank code locations by how likely each one contains the bug behind a failing test.",
  "Reply with only a JSON array of the candidate numbers, most likely first, e.g. [3, 1, 2].",
].join("\n");

export function createModelRerank(complete: CompleteText, readLines: ReadLines): ListwiseRerank {
  return async (failureText, candidates) => {
    const top = candidates.slice(0, CANDIDATES);
    if (top.length < 2) return [...candidates];
    const blocks = top.map((c, i) => {
      const lines = readLines(c.file)?.slice(c.startLine - 1, c.endLine) ?? [];
      const excerpt = { file: c.file, symbol: c.symbol, startLine: c.startLine, endLine: c.endLine, lines };
      const code =
        fitExcerpt(excerpt, TOKENS_PER_CANDIDATE, estimateTokens) ??
        `// ${c.file}:${c.startLine} ${c.symbol}`;
      return `Candidate ${i + 1}:\n${code}`;
    });
    const reply = await complete(rerankSystemPrompt, `Failure:\n${failureText}\n\n${blocks.join("\n\n")}`);
    const order = parseOrder(reply, top.length);
    if (order === null) return [...candidates];
    const reranked = order.map((n) => top[n - 1]).filter((c): c is SuspectLocation => c !== undefined);
    const rest = top.filter((c) => !reranked.includes(c));
    return [...reranked, ...rest, ...candidates.slice(CANDIDATES)].map((c, i) =>
      i < reranked.length ? { ...c, why: [...c.why, `model_rerank: placed ${i + 1} of ${top.length}`] } : c,
    );
  };
}

/** The first JSON array of distinct candidate numbers in the reply, or null. */
function parseOrder(reply: string, count: number): number[] | null {
  const match = /\[[\d,\s]*\]/.exec(reply);
  if (!match) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(match[0]);
  } catch {
    // Not JSON after all: the structural order stands (documented in the header).
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const seen = new Set<number>();
  for (const n of parsed) if (Number.isInteger(n) && n >= 1 && n <= count) seen.add(n as number);
  return seen.size > 0 ? [...seen] : null;
}
