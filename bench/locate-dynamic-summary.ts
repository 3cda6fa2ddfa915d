// Per-repository figures from what locate-dynamic-bench.ts kept under WORK/results (one JSON per
// task), so runs that were stopped and resumed with --only are summed as one:
//   node bin/run-ts.js bench/locate-dynamic-summary.ts --work WORK [--only ID,ID]
// Prints, per repository and for all: static and dynamic file@1/@5 func@1/@5, how many tasks the
// dynamic run ranked (the rest fell back to static), and the median of (dynamic time / test time);
// then the fallbacks: how many, and each task's reason as `xihe locate --run` printed it; then, where
// the dynamic runs printed `--timings`, the median of each phase over the tasks.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { flag } from "./bench-args.ts";

interface Result {
  file: string;
  startLine: number;
  endLine: number;
}
interface Row {
  id: string;
  task: { file: string; line: number };
  testMs: number;
  dynamicMs: number;
  static: { results: Result[] };
  dynamic: { results: Result[]; dynamic?: { status: string; reason?: string | null } };
  dynamicStderr?: string;
}

const work = flag("work");
if (!work) {
  console.error("give --work WORK (the folder locate-dynamic-bench.ts ran in)");
  process.exit(2);
}
const only = new Set((flag("only") ?? "").split(",").filter(Boolean));
const dir = join(resolve(work), "results");
const rows = readdirSync(dir)
  .filter((n) => n.endsWith(".json") && !n.endsWith(".coverage.json"))
  .map((n) => JSON.parse(readFileSync(join(dir, n), "utf8")) as Row)
  .filter((r) => only.size === 0 || only.has(r.id));

const repoOf = (id: string) => id.replace(/-\d+$/, "");
const hit = (r: Row, results: Result[], k: number, func: boolean) =>
  results
    .slice(0, k)
    .some(
      (x) => x.file === r.task.file && (!func || (x.startLine <= r.task.line && r.task.line <= x.endLine)),
    );
// file@k counts distinct files, as score.mjs does
const fileHit = (r: Row, results: Result[], k: number) =>
  [...new Set(results.map((x) => x.file))].slice(0, k).includes(r.task.file);
const share = (group: Row[], f: (r: Row) => boolean) =>
  (group.filter(f).length / Math.max(group.length, 1)).toFixed(3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

function line(label: string, group: Row[]): string {
  const m = (pick: (r: Row) => Result[]) =>
    [
      share(group, (r) => fileHit(r, pick(r), 1)),
      share(group, (r) => fileHit(r, pick(r), 5)),
      share(group, (r) => hit(r, pick(r), 1, true)),
      share(group, (r) => hit(r, pick(r), 5, true)),
    ].join(" ");
  const ranked = group.filter((r) => r.dynamic.dynamic?.status === "ranked").length;
  const ratio = median(group.map((r) => r.dynamicMs / r.testMs)).toFixed(2);
  const testS = (median(group.map((r) => r.testMs)) / 1000).toFixed(1);
  const dynS = (median(group.map((r) => r.dynamicMs)) / 1000).toFixed(1);
  return `${label.padEnd(16)} ${String(group.length).padStart(3)}  ${m((r) => r.static.results)}   ${m((r) => r.dynamic.results)}   ${`${ranked}/${group.length}`.padStart(6)}  ${testS.padStart(6)} ${dynS.padStart(6)} ${ratio.padStart(6)}`;
}

console.log(
  "repo            tasks  static f@1 f@5 fn@1 fn@5          dynamic f@1 f@5 fn@1 fn@5         ranked  test_s  dyn_s  ratio",
);
for (const repo of [...new Set(rows.map((r) => repoOf(r.id)))].sort())
  console.log(
    line(
      repo,
      rows.filter((r) => repoOf(r.id) === repo),
    ),
  );
console.log(line("ALL", rows));

const fallbacks = rows.filter((r) => r.dynamic.dynamic?.status !== "ranked");
console.log(`fallbacks ${fallbacks.length}/${rows.length}`);
for (const r of fallbacks.sort((a, b) => a.id.localeCompare(b.id)))
  console.log(
    `  ${r.id}: ${r.dynamic.dynamic?.reason ?? "no dynamic outcome (xihe failed: see the result's dynamicStderr)"}`,
  );

// `timings: install  0.05 s` lines; a run's failing/passing batches are summed under one name.
const phases = new Map<string, number[]>();
for (const r of rows) {
  const seen = new Map<string, number>();
  for (const m of (r.dynamicStderr ?? "").matchAll(/^timings: (.+?) +([\d.]+) s$/gm)) {
    const phase = m[1]!.trim().replace(/ \(\d+\)$/, "");
    seen.set(phase, (seen.get(phase) ?? 0) + Number(m[2]));
  }
  for (const [phase, s] of seen) phases.set(phase, [...(phases.get(phase) ?? []), s]);
}
if (phases.size > 0) {
  console.log(`median seconds per phase of the dynamic runs (tasks that printed it, of ${rows.length})`);
  for (const [phase, xs] of phases)
    console.log(`  ${phase.padEnd(20)} ${median(xs).toFixed(2).padStart(6)}  (${xs.length})`);
}
