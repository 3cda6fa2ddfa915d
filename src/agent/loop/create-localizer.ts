// The localize step's adapter to the understanding layer: the failing commands' output → ranked
// suspect functions (localize) → a token-budgeted brief of their code (buildContextBrief). With
// `dynamic`, the failing test command's tests are first re-run with coverage (time-boxed) and the
// spectrum score joins the static signals (or, for a runner xihe does not know, functions the failing
// run did not execute are demoted); when that falls back, the static ranking stands.
import { diagnoseOffThread } from "../../perception/diagnose-off-thread.ts";
import type { CodeIndex } from "../../understanding/index/code-index.ts";
import { buildContextBrief } from "../../understanding/localize/context-brief.ts";
import { localize } from "../../understanding/localize/localize.ts";
import { createCodeFacts } from "../../understanding/localize/code-facts.ts";
import type { ReadLines } from "../../understanding/index/symbol-documents.ts";
import type { CheckRun } from "./check-run.ts";
import type { Failure } from "../../perception/failure.ts";
import type { Logger } from "../../logger.ts";
import { dynamicEvidence, dynamicLocalize } from "../../understanding/localize/dynamic/dynamic-localize.ts";
import type { Sandbox } from "../../workspace/sandbox/sandbox.ts";

export interface DynamicLocalizerInput {
  sandbox: Sandbox;
  budgetMs: number;
  now: () => number;
  newHexId: () => string;
  readText: (file: string) => string | null;
  log: Logger;
}

export interface LocalizerInput {
  index: CodeIndex;
  readLines: ReadLines;
  aliases: Readonly<Record<string, string>>;
  callDepth: number;
  briefTokens: number;
  /** Re-run the failing tests with coverage before ranking (the fix loop's sandbox and time box). */
  dynamic?: DynamicLocalizerInput;
}

export function createLocalizer(input: LocalizerInput) {
  // Every round localizes the same index: what depends on the code alone is worked out once.
  const codeFacts = createCodeFacts();
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
      codeFacts,
      ...(input.dynamic ? await dynamicSignals(input, input.dynamic, failing, { failures, logText }) : {}),
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

// The first failing run with test failures is the test command to re-run; its own failures pick the tests.
async function dynamicSignals(
  input: LocalizerInput,
  dynamic: DynamicLocalizerInput,
  failing: readonly CheckRun[],
  perceived: { failures: readonly Failure[]; logText: string },
): Promise<ReturnType<typeof dynamicEvidence>> {
  const run = failing.find((r) => r.failures.some((f) => f.kind === "test"));
  if (!run) return {};
  const outcome = await dynamicLocalize({
    ...dynamic,
    ...perceived,
    index: input.index,
    command: run.command,
  });
  const fields = { command: run.command, elapsedMs: outcome.elapsedMs, runs: outcome.runs.length };
  if (outcome.kind === "fallback") {
    dynamic.log.warn({ ...fields, reason: outcome.reason }, "dynamic localization fell back to static");
    return {};
  }
  dynamic.log.info(fields, "dynamic localization ranked");
  return dynamicEvidence(outcome);
}
