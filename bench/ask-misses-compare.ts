// Before/after and leave-one-repository-out over `ask-misses.ts --all` outputs (session 37): each
// output holds every seen question's rank, so a ranking change is judged by saving one output per
// variant of the code and comparing them here, with no re-run.
//   node bin/run-ts.js bench/ask-misses-compare.ts NAME=FILE NAME=FILE [NAME=FILE ...]
// The first is the committed code. Prints per set top-1 / top-3 of each against the first, the
// questions whose rank moved, and a LORO judgement: for each repository left out, the variant with
// the most top-1 + top-3 hits on every other repository (ties to the earlier one) is scored on it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { args, project } from "./bench-args.ts";
import { loadAskCorpus, SEEN } from "./ask-corpus.ts";

const runs = args.map((a) => {
  const eq = a.indexOf("=");
  return { name: a.slice(0, eq), ranks: ranksIn(readFileSync(a.slice(eq + 1), "utf8")) };
});
if (runs.length < 2 || args.some((a) => !a.includes("="))) {
  console.error(
    "usage: ask-misses-compare.ts NAME=FILE NAME=FILE [NAME=FILE ...] (outputs of ask-misses.ts --all)",
  );
  process.exit(2);
}
const { questions, setOf } = loadAskCorpus(join(project, "bench", "ask-corpus"));
const seen = questions.filter((q) => SEEN.includes(setOf(q)) && runs.every((r) => r.ranks.has(q.id)));
const [base] = runs;
if (!base) process.exit(2);

const hits = (ranks: ReadonlyMap<string, number>, ids: readonly string[]) => ({
  top1: ids.filter((id) => (ranks.get(id) ?? Infinity) === 1).length,
  top3: ids.filter((id) => (ranks.get(id) ?? Infinity) <= 3).length,
});
const figure = (h: { top1: number; top3: number }, n: number) =>
  `${(h.top1 / n).toFixed(3)}/${(h.top3 / n).toFixed(3)} (${h.top1}/${h.top3})`;

const sets = [...new Set(seen.map(setOf))];
for (const run of runs.slice(1)) {
  console.log(`\n## ${run.name} against ${base.name}`);
  for (const set of [...sets, "pooled"]) {
    const ids = seen.filter((q) => set === "pooled" || setOf(q) === set).map((q) => q.id);
    console.log(
      `${set.padEnd(10)} ${String(ids.length).padStart(3)}  ${figure(hits(base.ranks, ids), ids.length)}  ->  ${figure(hits(run.ranks, ids), ids.length)}`,
    );
  }
  const moved = (better: boolean) =>
    seen
      .filter((q) => {
        const [a, b] = [base.ranks.get(q.id) ?? Infinity, run.ranks.get(q.id) ?? Infinity];
        return better ? b < a : b > a;
      })
      .map((q) => `${q.id} ${rank(base.ranks.get(q.id))}>${rank(run.ranks.get(q.id))}`);
  for (const better of [true, false]) {
    const list = moved(better);
    console.log(`${better ? "better" : "worse"} ${list.length}: ${list.join(", ")}`);
  }
}

const repos = [...new Set(seen.map((q) => q.repo))];
let loro = { top1: 0, top3: 0 };
const picks = new Map<string, number>();
for (const left of repos) {
  const train = seen.filter((q) => q.repo !== left).map((q) => q.id);
  const test = seen.filter((q) => q.repo === left).map((q) => q.id);
  let chosen = base;
  let best = -1;
  for (const run of runs) {
    const h = hits(run.ranks, train);
    if (h.top1 + h.top3 > best) [chosen, best] = [run, h.top1 + h.top3];
  }
  picks.set(chosen.name, (picks.get(chosen.name) ?? 0) + 1);
  const h = hits(chosen.ranks, test);
  loro = { top1: loro.top1 + h.top1, top3: loro.top3 + h.top3 };
}
console.log(
  `\nLORO over ${runs.map((r) => r.name).join(", ")}: ${figure(loro, seen.length)} of ${seen.length}; ` +
    `${base.name} ${figure(
      hits(
        base.ranks,
        seen.map((q) => q.id),
      ),
      seen.length,
    )}; picked ` +
    [...picks].map(([n, c]) => `${n} ×${c}`).join(", "),
);

/** Question id → rank (Infinity when recall scored nothing there), from `### ID [SET] rank R/N` lines. */
function ranksIn(text: string): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const m of text.matchAll(/^### (\S+) \[\w+\] rank (\S+)\//gm))
    ranks.set(m[1] ?? "", m[2] === "-" ? Infinity : Number(m[2]));
  return ranks;
}

function rank(r: number | undefined): string {
  return r === undefined || r === Infinity ? "-" : String(r);
}
