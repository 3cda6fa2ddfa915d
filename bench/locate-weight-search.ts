// The coordinate search over localization weights that tune-locate-weights.ts and
// loro-locate-weights.ts share. Every task's signals are collected once; for each weight in turn,
// every value of VALUES is tried with the others held, a value kept when it beats the current by
// MIN_GAIN_HITS task-metric hits; rounds repeat until nothing changes.
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
  type CorpusOptions,
  type CorpusTask,
  loadTasks,
  localizeInputOf,
  type Metrics,
  metrics,
  ranks,
} from "./locate-corpus.ts";

export interface Prepared {
  task: CorpusTask;
  repoId: string;
  set: string;
  collected: CollectedSignals;
}
/** Every task's signals, collected once (perception + index + signals, as `xihe locate` does). */
export async function prepareTasks(options: CorpusOptions): Promise<Prepared[]> {
  const prepared: Prepared[] = [];
  for await (const t of loadTasks(options)) {
    prepared.push({
      task: t.task,
      repoId: t.repoId,
      set: t.set,
      collected: collectSignals(localizeInputOf(t.repo, t.failures, t.logText)),
    });
  }
  return prepared;
}

export type Weights = SignalWeights & { damping: number };
/** "targets": capped at the targets; "mean": the plain mean of the four metrics. */
export type Objective = "targets" | "mean";

// Issue 12's static targets (file@1, file@5, func@1, func@5).
const TARGETS = { file1: 0.75, file5: 0.93, func1: 0.45, func5: 0.72 };
const VALUES = [0, 0.15, 0.3, 0.5, 0.8, 1, 1.2, 1.5, 2, 3, 4];
// Damping stays a damping (lexical evidence never outweighs frames more than without them).
const DAMPING_VALUES = VALUES.filter((v) => v <= 1);
// A step must win at least this many task-metric hits (of 4 per task): one lucky task is noise.
const MIN_GAIN_HITS = 2;

// spectrum is dynamic-only: the static corpus has no executions to weigh it on.
export const NAMES: readonly (keyof Weights)[] = [
  ...(Object.keys(defaultSignalWeights) as (keyof SignalWeights)[]).filter((n) => n !== "spectrum"),
  "damping" as const,
];

export const currentWeights: Weights = { ...defaultSignalWeights, damping: framedLexicalDamping };

export type Scored = Metrics & { objective: number };

export function evaluate(prepared: readonly Prepared[], weights: Weights, objective: Objective): Scored {
  const m = metrics(rankAll(prepared, weights));
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

export function rankAll(prepared: readonly Prepared[], weights: Weights) {
  const { damping, ...signalWeights } = weights;
  return prepared.map(({ task, collected }) =>
    ranks(rankSuspects(collected, signalWeights, 20, damping), task),
  );
}

/** The search from `start`; `step` is told every kept step (for printing). */
export function searchWeights(
  prepared: readonly Prepared[],
  options: {
    start: Weights;
    rounds: number;
    objective: Objective;
    /** The weights searched; default every static one and the damping. */
    names?: readonly (keyof Weights)[];
    step?: (round: number, name: string, value: number, scores: Scored) => void;
  },
): { weights: Weights; scores: Scored } {
  let current = options.start;
  let best = evaluate(prepared, current, options.objective);
  for (let round = 1; round <= options.rounds; round++) {
    let changed = false;
    for (const name of options.names ?? NAMES) {
      for (const value of name === "damping" ? DAMPING_VALUES : VALUES) {
        if (value === current[name]) continue;
        const trial = { ...current, [name]: value };
        const scores = evaluate(prepared, trial, options.objective);
        if (scores.objective >= best.objective + MIN_GAIN_HITS / (4 * prepared.length) - 1e-9) {
          best = scores;
          current = trial;
          changed = true;
          options.step?.(round, name, value, scores);
        }
      }
    }
    if (!changed) break;
  }
  return { weights: current, scores: best };
}

export function scoreRow(s: Scored): string {
  const f = (x: number) => x.toFixed(3);
  return `file@1=${f(s.file1)} file@5=${f(s.file5)} func@1=${f(s.func1)} func@5=${f(s.func5)} objective=${f(s.objective)}`;
}
