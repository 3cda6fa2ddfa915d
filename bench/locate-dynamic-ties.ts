// Which functions share the top spectrum score in the dynamic bench's saved runs, and what could
// order them, without re-running any test:
//   node bin/run-ts.js bench/locate-dynamic-ties.ts --work WORK[,WORK2] [--only ID,ID]
// Per task: the top spectrum score, how many functions hold it, whether the faulty function is one
// of them and its place among them in `xihe locate --run`'s order, and per tied function the
// evidence a tie-break could read: the passing tests that ran any of its lines (function-level ep),
// the share of the lines the failing tests ran that hold the top score, and static call edges to
// the other tied functions (which of them it calls: it is the deeper one).
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { executionsFromJson } from "../src/understanding/localize/dynamic/executions-json.ts";
import { dampedForResultReads } from "../src/understanding/localize/dynamic/result-reads.ts";
import { spectrumSignal } from "../src/understanding/localize/dynamic/spectrum-signal.ts";
import { tieEvidence } from "./spectrum-tie-keys.ts";
import { rankSuspects } from "../src/understanding/localize/localize.ts";
import { flag, project } from "./bench-args.ts";
import { dynamicResults } from "./dynamic-results.ts";
import { openSavedRun } from "./saved-dynamic-run.ts";

if (!flag("work")) {
  console.error("give --work WORK (the folder locate-dynamic-bench.ts ran in)");
  process.exit(2);
}
const { workOf, ids } = dynamicResults(flag("work"), flag("only"));
const corpus = resolve(join(project, "bench", "localize-corpus"));

for (const id of ids) {
  const work = workOf.get(id)!;
  const dir = join(work, "results");
  const coverageFile = join(dir, `${id}.coverage.json`);
  if (!existsSync(coverageFile)) {
    console.log(`${id}: no saved coverage (fell back)`);
    continue;
  }
  const { saved, repo, failures, collected, tests, candidates, readText } = await openSavedRun<{
    task: { id: string; file: string; line: number; log: string };
  }>(work, id, corpus);
  const task = saved.task;
  const executions = executionsFromJson(readFileSync(coverageFile, "utf8"));
  const spectrum = dampedForResultReads(
    spectrumSignal(executions, candidates),
    executions,
    candidates,
    (f) => tests.has(f),
    readText,
    failures,
  );
  const signals = new Map(collected.signals);
  signals.set("spectrum", spectrum);
  const ranked = rankSuspects({ ...collected, signals }, {}, 200);
  const top = Math.max(0, ...[...spectrum.values()].map((h) => h.strength));
  const tied = candidates.filter((s) => spectrum.get(s.id)?.strength === top);
  const truth = candidates.find(
    (s) => s.file === task.file && s.startLine <= task.line && task.line <= s.endLine && spectrum.has(s.id),
  );
  const order = (sid: string) =>
    ranked.findIndex((r) => {
      const s = repo.index.symbols.find((x) => x.id === sid)!;
      return r.file === s.file && r.startLine === s.startLine && r.symbol === s.qualifiedName;
    });
  const inTie = truth !== undefined && tied.includes(truth);
  const tiedSorted = [...tied].sort(
    (a, b) => (order(a.id) < 0 ? 1e9 : order(a.id)) - (order(b.id) < 0 ? 1e9 : order(b.id)),
  );
  const place = truth ? tiedSorted.indexOf(truth) + 1 : 0;
  console.log(
    `${id}: top ${top} x${tied.length}; truth ${truth ? `${truth.qualifiedName} ${spectrum.get(truth.id)?.strength}` : "not run"}${inTie ? ` tied, place ${place}` : ""}; cli rank ${truth ? order(truth.id) + 1 : "-"}`,
  );
  if (!inTie || tied.length < 2) continue;
  const evidence = tieEvidence(executions, tiedSorted, repo.index.calls, collected.lookup);
  for (const s of tiedSorted.slice(0, 12)) {
    const e = evidence.get(s.id)!;
    const r = ranked[order(s.id)];
    console.log(
      `   ${s === truth ? "*" : " "} ${s.qualifiedName.padEnd(34)} ${s.file}:${s.startLine} fnEp ${e.functionEp} top ${e.topLines}/${e.failingLines} calls ${e.callsTied} calledBy ${e.calledByTied} score ${r?.score ?? "-"} ${r?.why.slice(1, 3).join(" | ") ?? ""}`,
    );
  }
}
