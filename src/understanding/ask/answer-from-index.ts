// A grounded answer from a repository's index: the recalled code, who calls whom among the top
// symbols, and the project overview go to answerQuestion (the CLI's `ask` and the App's `/xihe ask`).
import { answerQuestion, type CompleteText, type GroundedAnswer } from "./answer-question.ts";
import type { CodeIndex } from "../index/code-index.ts";
import { projectOverview, type ReadText } from "../index/project-overview.ts";
import type { RecalledSymbol } from "./recall.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import { symbolRelations } from "./symbol-relations.ts";

export function answerFromIndex(
  repo: { index: CodeIndex; readLines: ReadLines; readText: ReadText },
  question: string,
  recalled: readonly RecalledSymbol[],
  complete: CompleteText,
): Promise<GroundedAnswer> {
  return answerQuestion({
    question,
    recalled,
    relations: symbolRelations(
      repo.index,
      recalled.slice(0, 3).map((r) => r.symbol),
    ),
    overview: projectOverview(repo.index, repo.readText),
    readLines: repo.readLines,
    complete,
  });
}
