// How much a test's name could tell recall about the code it calls (session 52, candidate "document
// expansion from tests"): for every seen question whose answer recall ranks but not first, whether a
// test calls the answer directly (a call edge the index resolved from a test file to it), and which
// question words the answer's own document lacks and the names and doc comments of those tests carry;
// the same for the symbol ranked first, which would gain from the same expansion.
//   node bin/run-ts.js bench/ask-test-words.ts --mirrors DIR --work DIR
// Only seen sets are read (SEEN).
import { join, resolve } from "node:path";
import { flag, project } from "./bench-args.ts";
import { indexedAskRepo } from "./ask-checkout.ts";
import { loadAskCorpus, answers, SEEN } from "./ask-corpus.ts";
import { recall } from "../src/understanding/ask/recall.ts";
import { recalledLines } from "../src/understanding/ask/recalled-symbol.ts";
import { splitIdentifiers } from "../src/understanding/index/split-identifiers.ts";
import { symbolDocument } from "../src/understanding/index/symbol-documents.ts";
import type { CodeIndex, CodeSymbol } from "../src/understanding/index/code-index.ts";
import { createStemTerms, questionTerms } from "../src/understanding/ask/question-terms.ts";

const mirrors = flag("mirrors");
const work = resolve(flag("work") ?? "ask-test-words-work");
if (!mirrors) {
  console.error("usage: ask-test-words.ts --mirrors DIR --work DIR");
  process.exit(2);
}
/** Words of a test's name that say it is a test, not what it tests. */
const HARNESS = new Set([
  "test",
  "tests",
  "should",
  "spec",
  "it",
  "describe",
  "expect",
  "assert",
  "case",
  "works",
]);
const { repos, questions: all, setOf } = loadAskCorpus(join(project, "bench", "ask-corpus"));
const questions = all.filter((q) => SEEN.includes(setOf(q)));
const total = { questions: 0, misses: 0, answerTested: 0, answerGains: 0, firstTested: 0, firstGains: 0 };
const symbols = { code: 0, tested: 0 };
for (const repo of repos.filter((r) => questions.some((q) => q.repo === r.id))) {
  const { config, index, readLines } = await indexedAskRepo(mirrors, repo, work);
  const words = testWordsOf(index);
  const testFiles = new Set(index.files.filter((f) => f.isTest).map((f) => f.path));
  for (const s of index.symbols.filter((x) => !testFiles.has(x.file) && x.kind !== "module")) {
    symbols.code++;
    if (words.has(s.id)) symbols.tested++;
  }
  const stem = createStemTerms();
  for (const q of questions.filter((x) => x.repo === repo.id)) {
    total.questions++;
    const ranked = recall(index, readLines, q.question, {
      aliases: config.understanding.aliases,
      limit: 100000,
    });
    const rank = ranked.findIndex((r) => answers(q, recalledLines(r)));
    const answer = ranked[rank]?.symbol;
    const first = ranked[0]?.symbol;
    if (rank <= 0 || !answer || !first) continue;
    total.misses++;
    const asked = new Set(stem(questionTerms(q.question)));
    const gains = (s: CodeSymbol) => {
      const tw = words.get(s.id);
      if (!tw) return null;
      const own = new Set(stem(symbolDocument(s, readLines(s.file))));
      const inTests = new Set(stem(tw));
      return [...asked].filter((t) => !own.has(t) && inTests.has(t));
    };
    const a = gains(answer);
    const f = gains(first);
    if (a) total.answerTested++;
    if (f) total.firstTested++;
    if (f && f.length > 0) total.firstGains++;
    if (!a || a.length === 0) continue;
    total.answerGains++;
    console.log(
      `${q.id} rank ${rank + 1}: the answer gains ${a.join(", ")}; #1 gains ${f?.join(", ") ?? "-"}`,
    );
  }
}
console.log(
  `code symbols ${symbols.code}, called directly by a test ${symbols.tested}; questions ${total.questions}, ` +
    `answer ranked but not first ${total.misses}: answer tested ${total.answerTested}, gains a question word ` +
    `${total.answerGains}; #1 tested ${total.firstTested}, gains a question word ${total.firstGains}`,
);

/** Each non-test symbol's tests' words: the names and doc comments of the test symbols calling it. */
function testWordsOf(index: CodeIndex): Map<string, string[]> {
  const byId = new Map(index.symbols.map((s) => [s.id, s]));
  const testFiles = new Set(index.files.filter((f) => f.isTest).map((f) => f.path));
  const out = new Map<string, string[]>();
  for (const e of index.calls) {
    const target = e.to ? byId.get(e.to) : undefined;
    if (!e.to || !target || !testFiles.has(e.file) || testFiles.has(target.file)) continue;
    const from = e.from ? byId.get(e.from) : undefined;
    const said = from ? [...splitIdentifiers(from.qualifiedName), ...splitIdentifiers(from.doc ?? "")] : [];
    out.set(e.to, [...(out.get(e.to) ?? []), ...said.filter((w) => !HARNESS.has(w))]);
  }
  return out;
}
