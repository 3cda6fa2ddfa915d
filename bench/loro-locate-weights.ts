// Judges the weight search leave-one-repository-out (LORO) over the seen splits, and gives the
// weights it chooses on all of them:
//   node bin/run-ts.js bench/loro-locate-weights.ts [--sets dev,tune,test,heldout,heldout4,heldout5,heldout6,heldout7,heldout8]
//        [--rounds N] [--objective mean|targets] [--mirrors DIR] [--work DIR] [--corpus DIR]
// For every repository: locate-weight-search.ts's search (from combine-signals.ts's weights) on the
// tasks of every other repository, its weights scored on that repository's tasks. Per split, the
// figures with the current weights and the LORO figures are printed side by side; the search on all
// repositories is the last line. A split must be declared seen to be given here: heldout6 and
// heldout7 are seen from session 36 on, heldout8 and heldout9 from session 37, heldout10 from session
// 38, heldout11 from session 39, heldout12 from session 40, heldout13 from session 41, heldout14
// from session 42, heldout15 from session 43, heldout16 from session 44, heldout17 from session 45, heldout18 from session 46, heldout19 from session 47, heldout20 from session 48, heldout21 from session 49, heldout22 from session 50, heldout23 from session 51, heldout24 from session 52; later held-out splits are refused, so that they stay unseen.
import { corpusOptions, formatMetrics, metrics, type Ranks, SETS } from "./locate-corpus.ts";
import {
  currentWeights,
  type Objective,
  prepareTasks,
  type Prepared,
  rankAll,
  scoreRow,
  searchWeights,
  type Weights,
} from "./locate-weight-search.ts";
import { flag } from "./bench-args.ts";

// Every split up to the last one declared seen; a split added to SETS after it stays refused.
const LAST_SEEN = "heldout24";
const SEEN = SETS.slice(0, SETS.indexOf(LAST_SEEN) + 1);
const sets = (flag("sets") ?? SEEN.join(",")).split(",");
if (sets.some((s) => !SEEN.includes(s))) {
  console.error(`only the seen splits (${SEEN.join(", ")}); got --sets ${sets.join(",")}`);
  process.exit(2);
}
const objective = (flag("objective") ?? "mean") as Objective;
const rounds = Number(flag("rounds") ?? 2);

const prepared = await prepareTasks(corpusOptions(flag, sets));

const changed = (w: Weights) =>
  JSON.stringify(
    Object.fromEntries(Object.entries(w).filter(([k, v]) => currentWeights[k as keyof Weights] !== v)),
  );
const loro = new Map<Prepared, Ranks>();
for (const repo of [...new Set(prepared.map((p) => p.repoId))].sort()) {
  const held = prepared.filter((p) => p.repoId === repo);
  const { weights } = searchWeights(
    prepared.filter((p) => p.repoId !== repo),
    { start: currentWeights, rounds, objective },
  );
  rankAll(held, weights).forEach((r, i) => loro.set(held[i]!, r));
  console.log(`left out ${repo.padEnd(16)} chosen without it: ${changed(weights)}`);
}

const header = "tasks file@1 file@5 func@1 func@5";
console.log(`split      current (${header})   LORO (${header})`);
const current = rankAll(prepared, currentWeights);
for (const set of [...sets, "ALL"]) {
  const idx = prepared.flatMap((p, i) => (set === "ALL" || p.set === set ? [i] : []));
  const now = formatMetrics(metrics(idx.map((i) => current[i]!)));
  const out = formatMetrics(metrics(idx.map((i) => loro.get(prepared[i]!)!)));
  console.log(`${set.padEnd(10)} ${now}   ${out}`);
}
const all = searchWeights(prepared, { start: currentWeights, rounds, objective });
console.log(`all repositories: ${scoreRow(all.scores)}`);
console.log(JSON.stringify(all.weights));
