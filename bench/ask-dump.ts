// What bench/ask-features.ts writes for one question, in its own file so that a test can dump a
// small real repository and check that the offline ranker (ask-rank.ts) reproduces recall on it.
// Runs recall once with the committed weights and records, beside each scored candidate's features,
// the links recall's passes read: the functions each named candidate reaches (the entry-point
// pass), the short wrappers' implementations (the wrapper pass, stemmed with the question's own
// stemmer), the record classes' one user (the record pass), each matching candidate's question and
// name terms and its matching direct callees (the callee-over-caller pass).
import { recall, recallCandidates } from "../src/understanding/ask/recall.ts";
import type { RecallFeatures } from "../src/understanding/ask/recall-weights.ts";
import type { LineRange } from "../src/understanding/ask/large-symbol-window.ts";
import { recalledLines } from "../src/understanding/ask/recalled-symbol.ts";
import { directCallees, reachedFrom } from "../src/understanding/ask/named-entry-callees.ts";
import { delegatesOf } from "../src/understanding/ask/delegating-wrappers.ts";
import type { QuestionMatch } from "../src/understanding/ask/callee-over-caller.ts";
import { recordUsers } from "../src/understanding/ask/record-class-users.ts";
import { createSymbolLookup, isCallable } from "../src/understanding/index/symbol-lookup.ts";
import type { CodeIndex, CodeSymbol } from "../src/understanding/index/code-index.ts";
import type { ReadLines } from "../src/understanding/index/symbol-documents.ts";
import type { DumpedItem, DumpedRanking } from "./ask-rank.ts";

/** Whether lines a reader is pointed to answer the question (the bench's rule: ask-corpus.ts). */
export type Answers = (lines: { file: string; startLine: number; endLine: number }) => boolean;

/** One repository's dumper: what depends on the repository alone is worked out once. */
export function questionDumper(
  index: CodeIndex,
  readLines: ReadLines,
  aliases: Readonly<Record<string, string>> = {},
): (question: string, answers: Answers) => DumpedRanking {
  const candidateList = recallCandidates(index, createSymbolLookup(index));
  const candidates = new Set(candidateList);
  const testFiles = new Set(index.files.filter((f) => f.isTest).map((f) => f.path));
  return (question, answers) => {
    const scored: { symbol: CodeSymbol; features: RecallFeatures; window: LineRange | null }[] = [];
    const matchOf = new Map<CodeSymbol, QuestionMatch>();
    // The wrapper pass stems names with the question's stemmer (its vocabulary decides some stems).
    let stem: ((terms: readonly string[]) => string[]) | undefined;
    const top = recall(index, readLines, question, {
      aliases,
      limit: 3,
      onFeatures: (symbol, features, window, match) => {
        scored.push({ symbol, features, window });
        if (match) matchOf.set(symbol, match);
      },
      onStemTerms: (s) => (stem = s),
    });
    const delegates = stem ? delegatesOf(index, stem) : new Map<string, CodeSymbol[]>();
    // Judged on the lines recall cites: a large function's window (ask-bench.ts reads the same).
    const item = (s: CodeSymbol, f: RecallFeatures | null, window: LineRange | null = null): DumpedItem => ({
      id: s.id,
      span: (window ?? s).endLine - (window ?? s).startLine,
      callable: isCallable(s),
      answers: answers(recalledLines({ symbol: s, window: window ?? undefined })),
      f,
    });
    const items = scored.map(({ symbol, features, window }) => {
      const match = matchOf.get(symbol);
      return match
        ? { ...item(symbol, features, window), matched: [...match.matched], name: [...match.name] }
        : item(symbol, features, window);
    });
    const byId = new Map(scored.map(({ symbol }) => [symbol.id, symbol]));
    const reach: Record<string, string[]> = {};
    // A named test or example is no entry point unless the question is about tests or examples
    // (recall.ts' entryPoints).
    const entry = (f: RecallFeatures) =>
      f.named && (f.aboutTests || !f.test) && (f.aboutPeripheral || !f.peripheral);
    for (const { symbol, features } of scored)
      if (entry(features) && isCallable(symbol))
        reach[symbol.id] = [...reachedFrom(index, [symbol]).keys()]
          .filter((s) => byId.has(s.id))
          .map((s) => s.id);
    // Wrapper chains are followed from scored wrappers to any candidate, scored or not.
    const wrappers: Record<string, string[]> = {};
    const extra = new Map<string, DumpedItem>();
    const extraSymbols: CodeSymbol[] = [];
    let frontier = [...byId.keys()];
    for (let step = 0; step < 3 && frontier.length > 0; step++) {
      const next: string[] = [];
      for (const id of frontier) {
        const to = (delegates.get(id) ?? []).filter((s) => candidates.has(s));
        if (to.length === 0 || wrappers[id]) continue;
        wrappers[id] = to.map((s) => s.id);
        for (const s of to)
          if (!byId.has(s.id) && !extra.has(s.id)) {
            extra.set(s.id, item(s, null));
            extraSymbols.push(s);
            next.push(s.id);
          }
      }
      frontier = next;
    }
    // The callee-over-caller pass: every matching candidate's direct callees that match too.
    const matching = [...matchOf.keys()];
    const callees: Record<string, string[]> = {};
    for (const [caller, called] of directCallees(index, matching)) {
      const ids = [...called].filter((s) => matchOf.has(s)).map((s) => s.id);
      if (ids.length > 0) callees[caller.id] = ids;
    }
    // The record pass: recall's own detection over everything that may be ranked (scored or lifted).
    const records: Record<string, { stored: string[]; user: string }> = {};
    for (const { record, stored, user } of recordUsers([...byId.values(), ...extraSymbols], {
      candidates: candidateList,
      readLines,
      isTest: (f) => testFiles.has(f),
      namedAsCode: new Set(scored.filter((s) => s.features.named === "code").map((s) => s.symbol)),
    })) {
      records[record.id] = { stored: stored.map((s) => s.id), user: user.id };
      if (!byId.has(user.id) && !extra.has(user.id)) extra.set(user.id, item(user, null));
    }
    return {
      items: [...items, ...extra.values()],
      reach,
      wrappers,
      callees,
      records,
      recalled: top.map((r) => r.symbol.id),
    };
  };
}
