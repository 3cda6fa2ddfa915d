// Every task's static signals, dumped once as JSON lines, so that ranking variants can be judged
// offline (leave-one-repository-out) without rebuilding checkouts and indexes:
//   node bin/run-ts.js bench/locate-dump-static.ts --sets dev,tune,... --out FILE
//                                                  [--mirrors DIR] [--work DIR] [--corpus DIR]
// One line per task: the truth, whether the failure is framed, and every candidate that any signal
// scored (its file, span, kind, path prior, per-signal strengths, and the ids it calls).
import { writeFileSync, appendFileSync } from "node:fs";
import { collectSignals } from "../src/understanding/localize/localize.ts";
import { filePrior } from "../src/understanding/localize/path-prior.ts";
import { calleesByCaller } from "../src/understanding/localize/callee-graph.ts";
import { corpusOptions, loadTasks, localizeInputOf } from "./locate-corpus.ts";
import { flag } from "./bench-args.ts";

const out = flag("out");
if (!out) {
  console.error("give --out FILE");
  process.exit(2);
}
writeFileSync(out, "");
for await (const t of loadTasks(corpusOptions(flag, (flag("sets") ?? "tune").split(",")))) {
  const collected = collectSignals(localizeInputOf(t.repo, t.failures, t.logText));
  const { lookup, signals } = collected;
  const calleesOf = calleesByCaller(t.repo.index, lookup);
  const cands = new Map<string, Record<string, number>>();
  for (const [name, scores] of signals)
    for (const [id, hit] of scores) cands.set(id, { ...(cands.get(id) ?? {}), [name]: hit.strength });
  const rows = [...cands].flatMap(([id, sig]) => {
    const s = lookup.byId(id);
    if (!s || lookup.isTest(s.file) || /\.d\.[cm]?ts$|\.pyi$/.test(s.file)) return [];
    return [
      {
        id,
        file: s.file,
        name: s.name,
        q: s.qualifiedName,
        kind: s.kind,
        start: s.startLine,
        end: s.endLine,
        exported: s.exported,
        prior: filePrior(lookup, s.file),
        sig,
        callees: [...(calleesOf.get(id)?.keys() ?? [])].filter((c) => cands.has(c)),
      },
    ];
  });
  const task = t.task as typeof t.task & { function?: string };
  appendFileSync(
    out,
    JSON.stringify({
      set: t.set,
      repo: t.repoId,
      id: task.id,
      truth: { file: task.file, line: task.line, function: task.function ?? null },
      framed: collected.framed,
      failures: t.failures.slice(0, 5).map((f) => ({
        test: f.test,
        file: f.file,
        line: f.line,
        message: f.message.slice(0, 300),
        frames: f.frames.length,
      })),
      nFailures: t.failures.length,
      cands: rows,
    }) + "\n",
  );
  console.error(`${task.id} ${rows.length}`);
}
