// Chooses the localization weights on the *tune* split only, re-runnably:
//   node bin/run-ts.js bench/tune-locate-weights.ts [--set tune|dev|tune,dev] [--mirrors DIR] [--work DIR] [--rounds N]
//                                                   [--objective targets|mean] [--start JSON]
// Mirrors, work and the shared tooling default as for bench:locate (XIHE_LOCALIZE_MIRRORS,
// XIHE_LOCALIZE_WORK, XIHE_LOCALIZE_CORPUS); checkouts are built or reused like score.mjs's.
// Procedure: every task's signals are collected once (perception + index + signals, as `xihe locate`
// does), then coordinate search: for each weight in turn, every value of VALUES is tried with the
// others held, a value kept when it beats the current by MIN_GAIN_HITS task-metric hits (objective:
// the targets: mean over file@1, file@5, func@1, func@5 of min(1, metric / target), so a step
// that trades a metric still short of its target for one already past it is refused; the plain mean
// of the four, scaled down, breaks ties); rounds repeat until nothing changes. The table of each step is printed; the last
// line is the chosen weights, to be copied into combine-signals.ts. The test split is refused.
import {
  defaultSignalWeights,
  framedLexicalDamping,
  type SignalWeights,
} from "../src/understanding/localize/combine-signals.ts";
import {
  collectSignals,
  rankSuspects,
  type CollectedSignals,
} from "../src/understanding/localize/localize.ts";
import {
  corpusOptions,
  type CorpusTask,
  loadTasks,
  localizeInputOf,
  metrics,
  ranks,
} from "./locate-corpus.ts";
import { flag } from "./bench-args.ts";

interface Prepared {
  task: CorpusTask;
  collected: CollectedSignals;
}
type Weights = SignalWeights & { damping: number };

// Issue 12's static targets (file@1, file@5, func@1, func@5).
const TARGETS = { file1: 0.75, file5: 0.93, func1: 0.45, func5: 0.72 };
const VALUES = [0, 0.15, 0.3, 0.5, 0.8, 1, 1.2, 1.5, 2, 3, 4];
// Damping stays a damping (lexical evidence never outweighs frames more than without them).
const DAMPING_VALUES = VALUES.filter((v) => v <= 1);
// A step must win at least this many task-metric hits (of 4 per task): one lucky task is noise.
const MIN_GAIN_HITS = 2;
const set = flag("set") ?? "tune";
// "targets" (default): capped at the targets, as above. "mean": the plain mean of the four,
// for when tune already meets a target that held-out repositories miss (func@1), so that gains past
// the target still count.
const objective = flag("objective") ?? "targets";
if (objective !== "targets" && objective !== "mean") {
  console.error(`--objective targets|mean; got ${objective}`);
  process.exit(2);
}
const sets = set.split(",");
if (sets.some((s) => s !== "tune" && s !== "dev")) {
  console.error(`weights are chosen on tune (or dev) only, never on test or heldout; got --set ${set}`);
  process.exit(2);
}
const prepared: Prepared[] = [];
for await (const t of loadTasks(corpusOptions(flag, sets))) {
  prepared.push({
    task: t.task,
    collected: collectSignals(localizeInputOf(t.repo, t.failures, t.logText)),
  });
}

// spectrum is dynamic-only: the static corpus has no executions to weigh it on.
const names = [
  ...(Object.keys(defaultSignalWeights) as (keyof SignalWeights)[]).filter((n) => n !== "spectrum"),
  "damping" as const,
];
// --start JSON: begin the search from these weights (others from combine-signals.ts), e.g. the
// weights before a new signal was added, to see that the result does not hang on the starting point.
let current: Weights = {
  ...defaultSignalWeights,
  damping: framedLexicalDamping,
  ...(JSON.parse(flag("start") ?? "{}") as Partial<Weights>),
};
let best = evaluate(current);
console.log(`tasks=${prepared.length} set=${set}`);
console.log(`start ${row(best)} ${JSON.stringify(current)}`);
const rounds = Number(flag("rounds") ?? 3);
for (let round = 1; round <= rounds; round++) {
  let changed = false;
  for (const name of names) {
    for (const value of name === "damping" ? DAMPING_VALUES : VALUES) {
      if (value === current[name]) continue;
      const trial = { ...current, [name]: value };
      const scores = evaluate(trial);
      if (scores.objective >= best.objective + MIN_GAIN_HITS / (4 * prepared.length) - 1e-9) {
        best = scores;
        current = trial;
        changed = true;
        console.log(`round ${round} ${name.padEnd(16)}=${String(value).padEnd(4)} ${row(scores)}`);
      }
    }
  }
  if (!changed) break;
}
console.log(`chosen ${row(best)}`);
console.log(JSON.stringify(current));

function evaluate(weights: Weights) {
  const { damping, ...signalWeights } = weights;
  const m = metrics(
    prepared.map(({ task, collected }) => ranks(rankSuspects(collected, signalWeights, 20, damping), task)),
  );
  const toTarget = (value: number, target: number) => Math.min(1, value / target);
  const reached =
    (toTarget(m.file1, TARGETS.file1) +
      toTarget(m.file5, TARGETS.file5) +
      toTarget(m.func1, TARGETS.func1) +
      toTarget(m.func5, TARGETS.func5)) /
    4;
  const mean = (m.file1 + m.file5 + m.func1 + m.func5) / 4;
  return { ...m, objective: objective === "mean" ? mean : reached + mean / 100 };
}

function row(s: ReturnType<typeof evaluate>): string {
  const f = (x: number) => x.toFixed(3);
  return `file@1=${f(s.file1)} file@5=${f(s.file5)} func@1=${f(s.func1)} func@5=${f(s.func5)} objective=${f(s.objective)}`;
}
