// The localize step's adapter to the understanding layer: the failing commands' output → ranked
// suspect functions (localize) → a token-budgeted brief of their code (buildContextBrief).
import { diagnoseOffThread } from "../perception/diagnose-off-thread.ts";
import type { CodeIndex } from "../understanding/code-index.ts";
import { buildContextBrief } from "../understanding/context-brief.ts";
import { localize } from "../understanding/localize.ts";
import type { ReadLines } from "../understanding/symbol-documents.ts";
import type { CheckRun } from "./check-run.ts";

export interface LocalizerInput {
  index: CodeIndex;
  readLines: ReadLines;
  aliases: Readonly<Record<string, string>>;
  callDepth: number;
  briefTokens: number;
}

export function createLocalizer(input: LocalizerInput) {
  return async (failing: readonly CheckRun[]): Promise<{ brief: string; suspects: string[] }> => {
    const logText = failing.map((r) => `$ ${r.command}\n${r.tail}`).join("\n");
    const { failures } = await diagnoseOffThread(logText, { repoRoot: input.index.root });
    const ranked = localize({
      index: input.index,
      failures,
      logText,
      readLines: input.readLines,
      aliases: input.aliases,
      callDepth: input.callDepth,
      limit: 5,
    });
    const currentCode = ranked.flatMap((s) => {
      const lines = input.readLines(s.file)?.slice(s.startLine - 1, s.endLine);
      return lines
        ? [{ file: s.file, symbol: s.symbol, startLine: s.startLine, endLine: s.endLine, lines }]
        : [];
    });
    const brief = buildContextBrief({
      totalTokens: input.briefTokens,
      system: "",
      overview: null,
      goal: "",
      currentCode,
      relations: [],
      retrieval: [],
      history: [],
    });
    return {
      brief: brief.text,
      suspects: ranked.map((s) => `${s.file}:${s.startLine} ${s.symbol} (${s.why.slice(0, 2).join("; ")})`),
    };
  };
}
