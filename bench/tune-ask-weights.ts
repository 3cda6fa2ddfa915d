// Re-chooses ask's recall weights (src/understanding/ask/recall-weights.ts) on the pooled seen
// questions, judged leave-one-repository-out, re-runnably:
//   node bin/run-ts.js bench/ask-features.ts --mirrors DIR --work DIR --out FEATURES.json
//   node bin/run-ts.js bench/tune-ask-weights.ts --features FEATURES.json [--only NAME,NAME] [--start JSON]
// Prints: the check that the offline ranker reproduces recall's top three; the committed weights'
// top-1/top-3 per set and per repository; each weight's ablation (set to neutral, halved, doubled)
// with how many repositories it helps and hurts; then leave-one-repository-out (LORO): for each
// repository, coordinate search on every *other* repository's questions, the result scored on the
// one left out, summed over repositories. The last lines are the search on all questions, the
// weights to copy into recall-weights.ts when their LORO figures beat the committed weights'.
// Coordinate search: each weight in turn tries every value of its grid with the others held; a
// value is kept when it wins at least MIN_GAIN on the objective (top-1 hits + top-3 hits, with the
// mean reciprocal rank in the top ten to break ties); rounds repeat until nothing changes.
import { readFileSync } from "node:fs";
import { flag } from "./bench-args.ts";
import { answerRank, type DumpedQuestion, rank } from "./ask-rank.ts";
import { recallWeights, type RecallWeights } from "../src/understanding/ask/recall-weights.ts";

type Name = keyof RecallWeights;
const DAMPINGS: readonly Name[] = ["dataDamping", "testDamping", "nonTestDamping", "peripheralDamping"];
const ADDITIVE = [0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.8, 1, 1.5, 2, 3];
const DAMPING = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
const MIN_GAIN = 1;
const MAX_ROUNDS = 4;

const file = flag("features");
if (!file) {
  console.error("usage: tune-ask-weights.ts --features FEATURES.json [--only a,b] [--start JSON]");
  process.exit(2);
}
const questions = JSON.parse(readFileSync(file, "utf8")) as DumpedQuestion[];
const start: RecallWeights = {
  ...recallWeights,
  ...(JSON.parse(flag("start") ?? "{}") as Partial<RecallWeights>),
};
const names = (flag("only")?.split(",") ?? Object.keys(recallWeights)) as Name[];
const skipAblation = process.argv.includes("--no-ablation");
const gridOf = (n: Name) => (DAMPINGS.includes(n) ? DAMPING : ADDITIVE);

interface Score {
  top1: number;
  top3: number;
  total: number;
  mrr: number;
}
function score(qs: readonly DumpedQuestion[], w: RecallWeights): Score {
  const s = { top1: 0, top3: 0, total: qs.length, mrr: 0 };
  for (const q of qs) {
    const r = answerRank(q, w, 10);
    if (r === 0) s.top1++;
    if (r >= 0 && r < 3) s.top3++;
    if (r >= 0) s.mrr += 1 / (r + 1);
  }
  return s;
}
const objective = (s: Score) => s.top1 + s.top3 + s.mrr / (s.total + 1);
const fmt = (s: Score) =>
  `${(s.top1 / s.total).toFixed(3)} ${(s.top3 / s.total).toFixed(3)}  (${s.top1}/${s.top3} of ${s.total})`;

function search(qs: readonly DumpedQuestion[], from: RecallWeights, log = false): RecallWeights {
  const w = { ...from };
  let best = objective(score(qs, w));
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let changed = false;
    for (const n of names) {
      const held = w[n];
      let pick = held;
      for (const v of gridOf(n)) {
        w[n] = v;
        const o = objective(score(qs, w));
        if (o >= best + MIN_GAIN) {
          best = o;
          pick = v;
        }
      }
      w[n] = pick;
      if (pick !== held) {
        changed = true;
        if (log) console.log(`  round ${round + 1}: ${n} ${held} -> ${pick}  ${fmt(score(qs, w))}`);
      }
    }
    if (!changed) break;
  }
  return w;
}

// 1. The offline ranker is recall's.
const differ = questions.filter((q) => {
  const ids = rank(q, recallWeights, 3).map((i) => i.id);
  return ids.join("\n") !== q.recalled.join("\n");
});
console.log(
  `offline ranker reproduces recall's top three on ${questions.length - differ.length} of ${questions.length}`,
);
for (const q of differ) console.log(`  differs: ${q.id}`);

// 2. The committed weights per set and per repository.
const sets = [...new Set(questions.map((q) => q.set))];
const repos = [...new Set(questions.map((q) => q.repo))];
const table = (w: RecallWeights, title: string) => {
  console.log(`\n${title}`);
  for (const s of sets)
    console.log(
      `  ${s.padEnd(14)}${fmt(
        score(
          questions.filter((q) => q.set === s),
          w,
        ),
      )}`,
    );
  console.log(`  ${"pooled".padEnd(14)}${fmt(score(questions, w))}`);
};
table(start, "start weights, per set (top-1 top-3)");
console.log("\nper repository");
for (const r of repos)
  console.log(
    `  ${r.padEnd(14)}${fmt(
      score(
        questions.filter((q) => q.repo === r),
        start,
      ),
    )}`,
  );

// 3. Ablations: per weight, pooled change and repositories helped / hurt (top-1 + top-3 hits).
console.log(
  "\nablation: weight -> value  pooled top-1/top-3 change  repositories helped/hurt  change on tune repositories / on the others",
);
const hits = (s: Score) => s.top1 + s.top3;
for (const n of skipAblation ? [] : (Object.keys(recallWeights) as Name[])) {
  const neutral = DAMPINGS.includes(n) ? 1 : 0;
  for (const v of [neutral, start[n] / 2, Math.min(DAMPINGS.includes(n) ? 1 : Infinity, start[n] * 2)]) {
    if (v === start[n]) continue;
    const w = { ...start, [n]: v };
    const base = score(questions, start);
    const now = score(questions, w);
    let helped = 0;
    let hurt = 0;
    for (const r of repos) {
      const qs = questions.filter((q) => q.repo === r);
      const d = hits(score(qs, w)) - hits(score(qs, start));
      if (d > 0) helped++;
      if (d < 0) hurt++;
    }
    // Where a mechanism's gain comes from: the tune repositories (tune, tune2) or the others.
    const onTune = (q: DumpedQuestion) => q.set === "tune" || q.set === "tune2";
    const delta = (qs: DumpedQuestion[]) => {
      const [a, b] = [score(qs, start), score(qs, w)];
      return `${String(b.top1 - a.top1).padStart(3)} ${String(b.top3 - a.top3).padStart(3)}`;
    };
    console.log(
      `  ${n.padEnd(18)}${String(v).padEnd(6)} ${String(now.top1 - base.top1).padStart(3)} ${String(now.top3 - base.top3).padStart(3)}   +${helped} -${hurt}   tune repos ${delta(questions.filter(onTune))}  others ${delta(questions.filter((q) => !onTune(q)))}`,
    );
  }
}

// The wrapper pass has no weight: off, every question ranked without its wrappers' links.
{
  const off = questions.map((q) => ({ ...q, wrappers: {} }));
  const onTune = (q: DumpedQuestion) => q.set === "tune" || q.set === "tune2";
  const [a, b] = [score(questions, start), score(off, start)];
  const [ta, tb] = [score(questions.filter(onTune), start), score(off.filter(onTune), start)];
  console.log(
    `  wrapper pass off        ${String(b.top1 - a.top1).padStart(3)} ${String(b.top3 - a.top3).padStart(3)}   tune repos ${String(tb.top1 - ta.top1).padStart(3)} ${String(tb.top3 - ta.top3).padStart(3)}`,
  );
}

// 4. Leave one repository out.
console.log("\nLORO: weights chosen without the repository, scored on it");
const loro = new Map<string, number>();
const committed = new Map<string, number>();
for (const r of repos) {
  const w = search(
    questions.filter((q) => q.repo !== r),
    start,
  );
  const changes = names.filter((n) => w[n] !== start[n]).map((n) => `${n}=${w[n]}`);
  for (const q of questions.filter((x) => x.repo === r)) {
    loro.set(q.id, answerRank(q, w, 3));
    committed.set(q.id, answerRank(q, start, 3));
  }
  const own = questions.filter((q) => q.repo === r);
  console.log(
    `  ${r.padEnd(14)}${fmt(score(own, w))}  vs start ${fmt(score(own, start))}  ${changes.join(" ")}`,
  );
}
const sum = (qs: readonly DumpedQuestion[], m: Map<string, number>) => {
  const t1 = qs.filter((q) => m.get(q.id) === 0).length;
  const t3 = qs.filter((q) => (m.get(q.id) ?? -1) >= 0).length;
  return `${(t1 / qs.length).toFixed(3)} ${(t3 / qs.length).toFixed(3)}  (${t1}/${t3} of ${qs.length})`;
};
console.log("\nLORO per set: searched | start weights");
for (const s of [...sets, "pooled"]) {
  const qs = s === "pooled" ? questions : questions.filter((q) => q.set === s);
  console.log(`  ${s.padEnd(14)}${sum(qs, loro)}  |  ${sum(qs, committed)}`);
}

// 5. The search on every seen question.
console.log("\nsearch on all seen questions:");
const chosen = search(questions, start, true);
table(chosen, "chosen weights, per set (in-sample)");
console.log(`\n${JSON.stringify(chosen)}`);
