// A learned alternative to tune-ask-weights.ts' coordinate search, judged the same way (leave one
// repository out):
//   node bin/run-ts.js bench/learn-ask-weights.ts --features FEATURES.json [--l2 0.01]
// Pairwise logistic regression on recall's additive evidence (the lexical score, the name and
// file matches, name coverage, phrases, raised messages, quoted literals), each multiplied by
// the candidate's committed dampings (test, peripheral, data) so that the learned score is the one
// scoreOf computes: every answer that recall scores is paired with the top PAIRS_PER_QUESTION
// non-answers of the committed ranking. The learned weights are divided by the lexical one (which
// scoreOf fixes at 1) and ranked with the real passes (ask-rank.ts); printed per set next to the
// committed weights', LORO and in-sample.
import { readFileSync } from "node:fs";
import { flag } from "./bench-args.ts";
import { answerRank, rank, type DumpedItem, type DumpedQuestion } from "./ask-rank.ts";
import {
  recallWeights,
  type RecallFeatures,
  type RecallWeights,
} from "../src/understanding/ask/recall-weights.ts";

const PAIRS_PER_QUESTION = 20;
const EPOCHS = 300;
const RATE = 0.5;
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
  ];
  const w = recallWeights;
  let d = 1;
  if (!f.test && f.asksForTests) d *= w.nonTestDamping;
  if (f.test && !f.aboutTests) d *= w.testDamping;
  if (f.peripheral && !f.aboutPeripheral) d *= w.peripheralDamping;
  if (f.data) d *= w.dataDamping;
  return x.map((v) => v * d);
}

function pairsOf(qs: readonly DumpedQuestion[]): [number[], number[]][] {
  const out: [number[], number[]][] = [];
  for (const q of qs) {
    const ranked = rank(q, recallWeights, 100_000).filter(
      (i): i is DumpedItem & { f: RecallFeatures } => i.f !== null,
    );
    const good = ranked.filter((i) => i.answers);
    const bad = ranked.filter((i) => !i.answers).slice(0, PAIRS_PER_QUESTION);
    for (const g of good) for (const b of bad) out.push([evidence(g.f), evidence(b.f)]);
  }
  return out;
}

function learn(qs: readonly DumpedQuestion[]): RecallWeights {
  const pairs = pairsOf(qs);
  const start = recallWeights as unknown as Record<string, number>;
  const w = NAMES.map((n) => (n === "lexical" ? 1 : (start[n] ?? 0)));
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const grad = w.map((v) => l2 * v);
    for (const [g, b] of pairs) {
      let margin = 0;
      for (let k = 0; k < w.length; k++) margin += (w[k] ?? 0) * ((g[k] ?? 0) - (b[k] ?? 0));
      const p = 1 / (1 + Math.exp(margin));
      for (let k = 0; k < w.length; k++)
        grad[k] = (grad[k] ?? 0) - (p * ((g[k] ?? 0) - (b[k] ?? 0))) / pairs.length;
    }
    for (let k = 0; k < w.length; k++) w[k] = (w[k] ?? 0) - RATE * (grad[k] ?? 0);
  }
  const scale = w[0] && w[0] > 0 ? w[0] : 1;
  const out: Record<string, number> = { ...recallWeights };
  NAMES.forEach((n, k) => {
    if (n !== "lexical") out[n] = Number(((w[k] ?? 0) / scale).toFixed(3));
  });
  return out as unknown as RecallWeights;
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
console.log(JSON.stringify(all));
