// A grounded answer to a question about the repository: the model sees only a token-budgeted brief
// of recalled code and must cite `path:line`, or say that the code shown does not answer it.
import { buildContextBrief } from "../localize/context-brief.ts";
import type { ProjectOverview } from "../index/project-overview.ts";
import type { RecalledSymbol } from "./recall.ts";
import { recalledLines } from "./recalled-symbol.ts";
import { numberedLinesShown, type CodeExcerpt } from "./summarise-function.ts";
import type { SymbolRelations } from "./symbol-relations.ts";

/** One model call: system and user text in, answer text out (the CLI adapts the agent's Model). */
export type CompleteText = (system: string, user: string) => Promise<string>;

export interface AnswerInput {
  question: string;
  recalled: readonly RecalledSymbol[];
  relations: readonly SymbolRelations[];
  overview: ProjectOverview | null;
  readLines: (path: string) => readonly string[] | null;
  complete: CompleteText;
  totalTokens?: number;
}

export interface GroundedAnswer {
  answer: string;
  /** The `path:line` citations in the answer that point into code the brief showed. */
  citations: string[];
  /** Citations the answer made to code it was not shown (the caller may warn about them). */
  unsupported: string[];
}

export const answerSystemPrompt = [
  "You answer questions about a code repository using only the code excerpts given.",
  "Cite every claim with path:line (e.g. src/cart.js:12) taken from the excerpts' line numbers.",
  "If the excerpts do not show the answer, say so plainly and name what would need to be looked at.",
  "Never invent files, functions or behaviour that the excerpts do not show.",
].join("\n");

const CITATION = /([\w@.+\-/]+\.[A-Za-z]{1,5}):(\d+)/g;

export async function answerQuestion(input: AnswerInput): Promise<GroundedAnswer> {
  const excerptsOf = input.recalled.map((r) => excerptsOfRecalled(r, input.readLines));
  const brief = buildContextBrief({
    totalTokens: input.totalTokens ?? 12_000,
    system: answerSystemPrompt,
    overview: input.overview,
    goal: `Question: ${input.question}`,
    currentCode: excerptsOf.slice(0, 3).flat(),
    relations: input.relations,
    retrieval: excerptsOf.slice(3).flat(),
    history: [],
  });
  const system = brief.sections.find((s) => s.name === "system")?.text ?? answerSystemPrompt;
  const user = brief.sections
    .filter((s) => s.name !== "system" && s.text.length > 0)
    .map((s) => s.text)
    .join("\n\n");
  const answer = await input.complete(system, user);
  // Checked against the numbered lines the model was given, not the symbols recalled: a summary's
  // omitted middle and an excerpt the budget left out were never shown.
  const shown = numberedLinesShown(user);
  const citations: string[] = [];
  const unsupported: string[] = [];
  for (const m of answer.matchAll(CITATION)) {
    const [cite, file, line] = [m[0], m[1] ?? "", Number(m[2])];
    (shown.has(`${file}:${line}`) ? citations : unsupported).push(cite);
  }
  return { answer, citations, unsupported };
}

/**
 * What the model reads of a recalled symbol: the whole symbol, or for a large one its signature line
 * and the window recall ranked it by (large-symbol-window.ts), so the lines that made it rank are
 * the lines the model is shown and can cite.
 */
function excerptsOfRecalled(r: RecalledSymbol, readLines: AnswerInput["readLines"]): CodeExcerpt[] {
  const { symbol } = r;
  const lines = readLines(symbol.file) ?? [];
  const excerpt = (startLine: number, endLine: number): CodeExcerpt => ({
    file: symbol.file,
    symbol: symbol.qualifiedName,
    startLine,
    endLine,
    lines: lines.slice(startLine - 1, endLine),
  });
  const window = recalledLines(r);
  if (window.startLine <= symbol.startLine) return [excerpt(window.startLine, window.endLine)];
  return [excerpt(symbol.startLine, symbol.startLine), excerpt(window.startLine, window.endLine)];
}
