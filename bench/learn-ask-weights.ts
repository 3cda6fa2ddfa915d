// A learned alternative to tune-ask-weights.ts' coordinate search, judged the same way (leave one
// repository out):
//   node bin/run-ts.js bench/learn-ask-weights.ts --features FEATURES.json [--l2 0.01]
// Pairwise logistic regression (pairwise-logistic.ts) on recall's additive evidence (the lexical
// score, the name and file matches, name coverage, phrases, raised messages, quoted literals), each
// multiplied by the candidate's committed dampings (test, peripheral, data) so that the learned score
// is the one scoreOf computes: every answer that recall scores is paired with the top
// PAIRS_PER_QUESTION non-answers. The learned weights are divided by the lexical one (which scoreOf
// fixes at 1) and ranked with the real passes (ask-rank.ts); printed per set next to the committed
// weights', LORO and in-sample.
//
// Leave-one-repository-out has to learn nothing from the left-out repository, nor from the committed
// values of the weights it learns, which were chosen by reading every seen repository (session 45: the
// fit started from them and stopped after 300 epochs, far from converged, and the non-answers it was
// shown were the committed ranking's). So each fit starts from zero and runs to convergence, and its
// non-answers come first from the lexical ranking alone, then from the fold's own first fit (ROUNDS).
// What it does not learn stays committed in every fold, chosen with every repository as well: the
// dampings (test, peripheral, data) and the weights of the passes after scoring (ask-rank.ts).
import { readFileSync } from "node:fs";
import { flag } from "./bench-args.ts";
import { answerRank, rank, type DumpedItem, type DumpedQuestion } from "./ask-rank.ts";
import { fitPairwise } from "./pairwise-logistic.ts";
import {
  recallWeights,
  type RecallFeatures,
  type RecallWeights,
} from "../src/understanding/ask/recall-weights.ts";

const PAIRS_PER_QUESTION = 20;
const ROUNDS = 2;
const file = flag("features");
if (!file) {
  console.error("usage: learn-ask-weights.ts --features FEATURES.json [--l2 0.01]");
  process.exit(2);
}
const l2 = Number(flag("l2") ?? "0.01");
const questions = JSON.parse(readFileSync(file, "utf8")) as DumpedQuestion[];

// The additive evidence, in scoreOf's order; LEXICAL is the scale.
const NAMES = [
  "lexical",
  "exactSymbol",
  "plainWordSymbol",
  "exactFile",
  "plainWordFile",
  "nameField",
  "phrase",
  "raises",
  "literal",
  "raisedWords",
] as const;
function evidence(f: RecallFeatures): number[] {
  const lexicalOn = f.lexical > 0 ? 1 : 0;
  const x = [
    f.lexical,
    f.named === "code" && !f.variable ? 1 : 0,
    f.named && !(f.named === "code" && !f.variable) ? 1 : 0,
    f.file === "exact" ? 1 : 0,
    f.file === "plain" ? 1 : 0,
    lexicalOn * f.coverage,
    lexicalOn * Math.min(1, f.pairs / 2),
    lexicalOn * (f.pairs > 0 && f.raised ? 1 : 0),
    f.literal,
    f.aboutError || f.aboutMessage ? f.raisedWords : 0,
  ];
  const w = recallWeights;
  let d = 1;
  if (!f.test && f.asksForTests) d *= w.nonTestDamping;
  if (f.test && !f.aboutTests) d *= w.testDamping;
  if (f.peripheral && !f.aboutPeripheral) d *= w.peripheralDamping;
  if (f.data) d *= w.dataDamping;
  return x.map((v) => v * d);
}

/** The committed weights with every learned one set to `values` (lexical excluded: scoreOf fixes it). */
function withLearned(values: readonly number[]): RecallWeights {
  const out: Record<string, number> = { ...recallWeights };
  NAMES.forEach((n, k) => {
    if (n !== "lexical") out[n] = values[k] ?? 0;
  });
  return out as unknown as RecallWeights;
}
/** Only the lexical score counts: where the first round's non-answers come from. */
const LEXICAL_ONLY = withLearned(NAMES.map(() => 0));

/** answer − non-answer evidence for every answer recall scores and the first non-answers under `w`. */
function diffsOf(qs: readonly DumpedQuestion[], w: RecallWeights): number[][] {
  const out: number[][] = [];
  for (const q of qs) {
    const ranked = rank(q, w, 100_000).filter((i): i is DumpedItem & { f: RecallFeatures } => i.f !== null);
    const bad = ranked.filter((i) => !i.answers).slice(0, PAIRS_PER_QUESTION);
    for (const g of ranked.filter((i) => i.answers)) {
      const eg = evidence(g.f);
      for (const b of bad) {
        const eb = evidence(b.f);
        out.push(eg.map((v, k) => v - (eb[k] ?? 0)));
      }
    }
  }
  return out;
}

let unconverged = 0;
function learn(qs: readonly DumpedQuestion[]): RecallWeights {
  let w = LEXICAL_ONLY;
  for (let round = 0; round < ROUNDS; round++) {
    const fit = fitPairwise(diffsOf(qs, w), NAMES.length, { l2 });
    if (!fit.converged) unconverged++;
    const scale = fit.weights[0] && fit.weights[0] > 0 ? fit.weights[0] : 1;
    w = withLearned(fit.weights.map((v) => Number((v / scale).toFixed(3))));
  }
  return w;
}

const count = (qs: readonly DumpedQuestion[], w: (q: DumpedQuestion) => RecallWeights) => {
  let t1 = 0;
  let t3 = 0;
  for (const q of qs) {
    const r = answerRank(q, w(q), 3);
    if (r === 0) t1++;
    if (r >= 0) t3++;
  }
  return `${(t1 / qs.length).toFixed(3)} ${(t3 / qs.length).toFixed(3)}  (${t1}/${t3} of ${qs.length})`;
};
const repos = [...new Set(questions.map((q) => q.repo))];
const loro = new Map<string, RecallWeights>();
for (const r of repos) loro.set(r, learn(questions.filter((q) => q.repo !== r)));
const all = learn(questions);
console.log(`pairwise logistic, l2 ${l2}: LORO | in-sample | committed`);
for (const s of [...new Set(questions.map((q) => q.set)), "pooled"]) {
  const qs = s === "pooled" ? questions : questions.filter((q) => q.set === s);
  console.log(
    `  ${s.padEnd(10)}${count(qs, (q) => loro.get(q.repo) ?? recallWeights)}  |  ${count(qs, () => all)}  |  ${count(qs, () => recallWeights)}`,
  );
}
// Whether the folds learned anything different: each weight's range over the folds, and how many
// questions the left-out fold ranks (top three) otherwise than the in-sample weights.
const spread = NAMES.filter((n) => n !== "lexical").map((n) => {
  const v = [...loro.values()].map((w) => w[n]);
  return `${n} ${Math.min(...v)}..${Math.max(...v)}`;
});
console.log(`fold weights: ${spread.join(", ")}`);
const ids = (q: DumpedQuestion, w: RecallWeights) =>
  rank(q, w, 3)
    .map((i) => i.id)
    .join("|");
const moved = questions.filter((q) => ids(q, loro.get(q.repo) ?? all) !== ids(q, all)).length;
console.log(`top three differs between the left-out fold and in-sample on ${moved} of ${questions.length}`);
if (unconverged > 0) console.log(`${unconverged} fits stopped before converging`);
console.log(JSON.stringify(all));
