// Dumps what the dynamic ranker sees per task, so rankings can be compared offline (outside the
// project's code) without re-running a test:
//   node bin/run-ts.js bench/locate-dynamic-dump.ts --work WORK[,WORK2] --out FILE.jsonl [--only ID,ID]
// WORK is a folder locate-dynamic-bench.ts ran in (results/ID.json, results/ID.coverage.json,
// checkouts/ID). One JSON line per task: the task (file, line), F and P (failing and passing tests),
// and per candidate its static score (the weighted static signals, lexical damping and path prior as
// `rankSuspects` applies them), its line span, and for every own line a failing run executed, how
// many failing and passing tests ran it (ef, ep), plus the function-level ef/ep (any own line).
// The index is built without a cache, so nothing is written into WORK's checkouts.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { defaultRepoConfig } from "../src/config.ts";
import { diagnose } from "../src/perception/diagnose.ts";
import type { CodeSymbol } from "../src/understanding/index/code-index.ts";
import { openRepoIndex } from "../src/understanding/index/open-repo-index.ts";
import { isCallable } from "../src/understanding/index/symbol-lookup.ts";
import { combineSignals } from "../src/understanding/localize/combine-signals.ts";
import { defaultSignalWeights, framedLexicalDamping } from "../src/understanding/localize/combine-signals.ts";
import { executionsFromJson } from "../src/understanding/localize/dynamic/executions-json.ts";
import { ranByName } from "../src/understanding/localize/dynamic/ran-by-name.ts";
import { BY_NAME, ranCandidates } from "../src/understanding/localize/dynamic/spectrum-signal.ts";
import { collectSignals } from "../src/understanding/localize/localize.ts";
import { filePrior } from "../src/understanding/localize/path-prior.ts";
import { flag, project } from "./bench-args.ts";
import { dynamicResults } from "./dynamic-results.ts";
import { localizeInputOf } from "./locate-corpus.ts";

const out = flag("out");
if (!flag("work") || !out) {
  console.error("give --work WORK[,WORK2] and --out FILE.jsonl");
  process.exit(2);
}
const { workOf, ids } = dynamicResults(flag("work"), flag("only"));
const corpus = resolve(flag("new-corpus") ?? join(project, "bench", "localize-corpus"));

const lines: string[] = [];
for (const id of ids) {
  const work = workOf.get(id)!;
  const dir = join(work, "results");
  const saved = JSON.parse(readFileSync(join(dir, `${id}.json`), "utf8")) as {
    task: { id: string; repo: string; file: string; line: number; log: string };
  };
  const task = saved.task;
  const logText = readFileSync(join(corpus, task.log), "utf8");
  const repo = await openRepoIndex(project, join(work, "checkouts", id), defaultRepoConfig, { cache: null });
  const { failures } = await diagnose(logText, {
    repoRoot: repo.root,
    fileExists: (rel) => existsSync(join(repo.root, rel)),
  });
  const collected = collectSignals(localizeInputOf(repo, failures, logText));
  const weights = { ...defaultSignalWeights };
  if (collected.framed)
    for (const name of ["bm25", "bm25_log", "exact_name", "test_name"] as const)
      weights[name] *= framedLexicalDamping;
  const staticScore = new Map(combineSignals(collected.signals, weights).map((c) => [c.id, c.score]));
  const coverageFile = join(dir, `${id}.coverage.json`);
  const executions = existsSync(coverageFile) ? executionsFromJson(readFileSync(coverageFile, "utf8")) : null;
  const testFiles = new Set(repo.index.files.filter((f) => f.isTest).map((f) => f.path));
  const candidates = repo.index.symbols.filter((s) => isCallable(s) && !testFiles.has(s.file));
  const F = executions?.filter((e) => e.failed).reduce((n, e) => n + (e.tests ?? 1), 0) ?? 0;
  const P = executions?.filter((e) => !e.failed).reduce((n, e) => n + (e.tests ?? 1), 0) ?? 0;
  const rows = new Map<string, Record<string, unknown>>();
  const rowOf = (s: CodeSymbol) => {
    let row = rows.get(s.id);
    if (!row) {
      row = {
        id: s.id,
        file: s.file,
        name: s.qualifiedName,
        start: s.startLine,
        end: s.endLine,
        callable: isCallable(s),
        static: Number(((staticScore.get(s.id) ?? 0) * filePrior(collected.lookup, s.file)).toFixed(4)),
        prior: filePrior(collected.lookup, s.file),
      };
      rows.set(s.id, row);
    }
    return row;
  };
  for (const sid of staticScore.keys()) {
    const s = collected.lookup.byId(sid);
    if (s && !collected.lookup.isTest(s.file) && !/\.d\.[cm]?ts$|\.pyi$/.test(s.file)) rowOf(s);
  }
  if (executions && F > 0) {
    for (const { symbol, lines: own, ranAt, runs } of ranCandidates(executions, candidates)) {
      const perLine: [number, number, number][] = [];
      for (const point of [...own, BY_NAME]) {
        const { ef, ep } = ranAt(point);
        if (ef > 0 || ep > 0) perLine.push([point, ef, ep]);
      }
      let fnEf = 0;
      let fnEp = 0;
      for (const { failed, tests, entry } of runs) {
        if (!entry) continue;
        const ran =
          own.some((l) => entry.lines.has(l)) ||
          ranByName(entry.functionNames, symbol.name, symbol.qualifiedName);
        if (!ran) continue;
        if (failed) fnEf += tests;
        else fnEp += tests;
      }
      if (!perLine.some(([, ef]) => ef > 0)) continue;
      const row = rowOf(symbol);
      row["own"] = own.length;
      row["lines"] = perLine;
      row["fnEf"] = fnEf;
      row["fnEp"] = fnEp;
    }
  }
  lines.push(
    JSON.stringify({
      id,
      repo: id.replace(/-\d+$/, ""),
      file: task.file,
      line: task.line,
      F,
      P,
      runs: executions?.map((e) => ({ failed: e.failed, tests: e.tests ?? 1 })) ?? null,
      candidates: [...rows.values()],
    }),
  );
  console.error(`${id} F=${F} P=${P} candidates=${rows.size}`);
}
writeFileSync(out, lines.join("\n") + "\n");
