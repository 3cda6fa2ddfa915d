// Runs ask's real recall once over every seen question and writes what it measured, so that the
// ranking can be re-chosen offline in seconds (bench/tune-ask-weights.ts):
//   node bin/run-ts.js bench/ask-features.ts --mirrors DIR --work DIR --out FILE.json [--sets a,b,...]
// For each question: every scored candidate's features (recall-weights.ts), whether it answers
// (the bench's rule: ask-bench.ts), the functions each named candidate reaches (the entry-point
// pass) and the short wrappers' implementations (the wrapper pass), plus recall's own top three
// with the committed weights, which the offline ranker must reproduce. Only the sets named in SEEN
// are read; any other set (a new held-out one) is refused.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { flag, project } from "./bench-args.ts";
import { indexedAskRepo } from "./ask-checkout.ts";
import { loadAskCorpus, answers, SEEN } from "./ask-corpus.ts";
import { recall, recallCandidates } from "../src/understanding/ask/recall.ts";
import type { RecallFeatures } from "../src/understanding/ask/recall-weights.ts";
import type { LineRange } from "../src/understanding/ask/large-symbol-window.ts";
import { recalledLines } from "../src/understanding/ask/recalled-symbol.ts";
import { reachedFrom } from "../src/understanding/ask/named-entry-callees.ts";
import { delegatesOf } from "../src/understanding/ask/delegating-wrappers.ts";
import { createStemTerms } from "../src/understanding/ask/question-terms.ts";
import { createSymbolLookup, isCallable } from "../src/understanding/index/symbol-lookup.ts";
import type { CodeSymbol } from "../src/understanding/index/code-index.ts";
import type { DumpedItem, DumpedQuestion } from "./ask-rank.ts";

const mirrors = flag("mirrors") ?? process.env["XIHE_ASK_MIRRORS"];
const work = resolve(flag("work") ?? "ask-features-work");
const out = flag("out");
const sets = (flag("sets") ?? SEEN.join(",")).split(",");
if (!mirrors || !out) {
  console.error("usage: ask-features.ts --mirrors DIR --work DIR --out FILE.json [--sets a,b]");
  process.exit(2);
}
if (sets.some((s) => !SEEN.includes(s))) {
  console.error(`only seen sets (${SEEN.join(", ")}); got ${sets.join(", ")}`);
  process.exit(2);
}
const { repos, questions: all, setOf } = loadAskCorpus(join(project, "bench", "ask-corpus"));
const questions = all.filter((q) => sets.includes(setOf(q)));
const dumped: DumpedQuestion[] = [];
for (const repo of repos.filter((r) => questions.some((q) => q.repo === r.id))) {
  const { config, index, readLines } = await indexedAskRepo(mirrors, repo, work);
  const candidates = new Set(recallCandidates(index, createSymbolLookup(index)));
  const delegates = delegatesOf(index, createStemTerms());
  for (const q of questions.filter((x) => x.repo === repo.id)) {
    const scored: { symbol: CodeSymbol; features: RecallFeatures; window: LineRange | null }[] = [];
    const top = recall(index, readLines, q.question, {
      aliases: config.understanding.aliases,
      limit: 3,
      onFeatures: (symbol, features, window) => scored.push({ symbol, features, window }),
    });
    // Judged on the lines recall cites: a large function's window (ask-bench.ts reads the same).
    const item = (s: CodeSymbol, f: RecallFeatures | null, window: LineRange | null = null): DumpedItem => ({
      id: s.id,
      span: s.endLine - s.startLine,
      callable: isCallable(s),
      answers: answers(q, recalledLines({ symbol: s, window: window ?? undefined })),
      f,
    });
    const items = scored.map(({ symbol, features, window }) => item(symbol, features, window));
    const byId = new Map(scored.map(({ symbol }) => [symbol.id, symbol]));
    const reach: Record<string, string[]> = {};
    for (const { symbol, features } of scored)
      if (features.named && isCallable(symbol))
        reach[symbol.id] = [...reachedFrom(index, [symbol]).keys()]
          .filter((s) => byId.has(s.id))
          .map((s) => s.id);
    // Wrapper chains are followed from scored wrappers to any candidate, scored or not.
    const wrappers: Record<string, string[]> = {};
    const extra = new Map<string, DumpedItem>();
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
            next.push(s.id);
          }
      }
      frontier = next;
    }
    dumped.push({
      id: q.id,
      repo: q.repo,
      set: setOf(q),
      items: [...items, ...extra.values()],
      reach,
      wrappers,
      recalled: top.map((r) => r.symbol.id),
    });
  }
  console.error(`${repo.id}: ${questions.filter((x) => x.repo === repo.id).length} questions`);
}
writeFileSync(out, JSON.stringify(dumped));
console.error(`${dumped.length} questions -> ${out}`);
