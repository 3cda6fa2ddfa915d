// Why a function was missed: for every task of the given sets whose faulty function is not at rank 1,
// the top candidates with the signals that put them there, the faulty function's own rank and
// signals, and what the failure says (test name, message head). Read it on tune only.
//   node bin/run-ts.js bench/locate-misses.ts [--sets tune] [--repos ID,ID] [--top N] [--all]
//                                             [--mirrors DIR] [--work DIR] [--corpus DIR]
// --all also prints tasks whose file is not at rank 1 (default: only right file, wrong function).
import { collectSignals, rankSuspects } from "../src/understanding/localize/localize.ts";
import { corpusOptions, loadTasks, localizeInputOf, ranks } from "./locate-corpus.ts";
import { flag } from "./bench-args.ts";

const sets = (flag("sets") ?? "tune").split(",");
const top = Number(flag("top") ?? 5);
const all = process.argv.includes("--all");
for await (const t of loadTasks(corpusOptions(flag, sets))) {
  const collected = collectSignals(localizeInputOf(t.repo, t.failures, t.logText));
  const ranked = rankSuspects(collected, {}, 200);
  const r = ranks(ranked.slice(0, 20), t.task);
  if (r.funcRank === 1 || (!all && r.fileRank !== 1)) continue;
  const task = t.task as typeof t.task & { function?: string; mutated?: string; original?: string };
  console.log(
    `\n=== ${task.id}  file#${r.fileRank ?? "-"} func#${r.funcRank ?? "-"}  truth ${task.file}:${task.line} ${task.function ?? ""}`,
  );
  console.log(`  mutation: ${(task.original ?? "").trim()}  ->  ${(task.mutated ?? "").trim()}`);
  for (const f of t.failures.slice(0, 3))
    console.log(
      `  failure: test=${JSON.stringify(f.test)} file=${f.file}:${f.line} msg=${JSON.stringify(f.message.slice(0, 240))} frames=${f.frames.length}`,
    );
  if (t.failures.length > 3) console.log(`  (+${t.failures.length - 3} failures)`);
  const truthAt = ranked.findIndex(
    (s) => s.file === task.file && s.startLine <= task.line && task.line <= s.endLine,
  );
  ranked.slice(0, top).forEach((s, i) => {
    const mark = i === truthAt ? "*" : " ";
    console.log(
      `  ${mark}${String(i + 1).padStart(2)} ${s.score.toFixed(3)} ${s.file}:${s.startLine}-${s.endLine} ${s.symbol}`,
    );
    for (const w of s.why.slice(0, 5)) console.log(`        ${w}`);
  });
  if (truthAt >= top) {
    const s = ranked[truthAt]!;
    console.log(
      `  *${String(truthAt + 1).padStart(2)} ${s.score.toFixed(3)} ${s.file}:${s.startLine}-${s.endLine} ${s.symbol}`,
    );
    for (const w of s.why.slice(0, 5)) console.log(`        ${w}`);
  } else if (truthAt < 0) console.log("  truth not ranked at all");
}
