// Re-ranks the dynamic bench's tasks offline from what their runs executed, to compare spectrum
// formulas and how the spectrum combines with the static signals without re-running any test:
//   node bin/run-ts.js bench/locate-dynamic-rerank.ts --work WORK [--only ID,ID] [--set tune|test]
// WORK is the folder locate-dynamic-bench.ts ran in: its results/ID.json (the task, the CLI's own
// output) and results/ID.coverage.json (`--save-coverage`), and its checkouts. A task whose dynamic
// run fell back is ranked statically in every variant, as the CLI does. The "cli" line scores what
// `xihe locate --run` itself printed; the variant with today's defaults must equal it.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { defaultRepoConfig } from "../src/config.ts";
import { diagnose } from "../src/perception/diagnose.ts";
import { openRepoIndex } from "../src/understanding/index/open-repo-index.ts";
import { isCallable } from "../src/understanding/index/symbol-lookup.ts";
import { executionsFromJson } from "../src/understanding/localize/dynamic/executions-json.ts";
import {
  spectrumSignal,
  type SpectrumFormula,
} from "../src/understanding/localize/dynamic/spectrum-signal.ts";
import { collectSignals, rankSuspects } from "../src/understanding/localize/localize.ts";
import type { SignalWeights } from "../src/understanding/localize/combine-signals.ts";
import type { SignalScores } from "../src/understanding/localize/localize-signal.ts";
import type { CallEdge } from "../src/understanding/index/code-index.ts";
import type { SymbolLookup } from "../src/understanding/index/symbol-lookup.ts";
import { resolveCallee } from "../src/understanding/localize/test-target-signal.ts";
import { flag, project } from "./bench-args.ts";
import { formatMetrics, metrics, type Ranks, ranks } from "./locate-corpus.ts";

interface Variant {
  name: string;
  formula: SpectrumFormula;
  weights: Partial<SignalWeights>;
  /** Static strengths of functions no failing run executed are multiplied by this (1: unchanged). */
  unexecuted?: number;
  /** Weight of a tie-breaker for executed functions called by an at least as suspicious one. */
  callee?: number;
}

const variants: Variant[] = [
  { name: "ochiai-w10", formula: "ochiai", weights: { spectrum: 10 } },
  { name: "dstar-w10", formula: "dstar", weights: { spectrum: 10 } },
  { name: "ochiai-w5", formula: "ochiai", weights: { spectrum: 5 } },
  { name: "ochiai-w3", formula: "ochiai", weights: { spectrum: 3 } },
  { name: "dstar-w5", formula: "dstar", weights: { spectrum: 5 } },
  { name: "dstar-w3", formula: "dstar", weights: { spectrum: 3 } },
  { name: "ochiai-w10-u.3", formula: "ochiai", weights: { spectrum: 10 }, unexecuted: 0.3 },
  { name: "ochiai-w3-u.3", formula: "ochiai", weights: { spectrum: 3 }, unexecuted: 0.3 },
  { name: "dstar-w3-u.3", formula: "dstar", weights: { spectrum: 3 }, unexecuted: 0.3 },
  { name: "ochiai-w1-u.1", formula: "ochiai", weights: { spectrum: 1 }, unexecuted: 0.1 },
  { name: "ochiai-w10-nolex", formula: "ochiai", weights: { spectrum: 10, ...noLexical() } },
  { name: "dstar-w10-nolex", formula: "dstar", weights: { spectrum: 10, ...noLexical() } },
  { name: "ochiai-w10-callee", formula: "ochiai", weights: { spectrum: 10 }, callee: 1 },
  { name: "ochiai-w10-caller", formula: "ochiai", weights: { spectrum: 10 }, callee: -1 },
];

function noLexical(): Partial<SignalWeights> {
  return { bm25: 0, bm25_log: 0, exact_name: 0 };
}

/** Executed functions an at least as suspicious executed function calls (static call edges). */
function calledBySuspect(
  calls: readonly CallEdge[],
  lookup: SymbolLookup,
  spectrum: SignalScores,
): SignalScores {
  const out: SignalScores = new Map();
  for (const call of calls) {
    const from = call.from ? spectrum.get(call.from) : undefined;
    if (!from) continue;
    for (const callee of resolveCallee(call, lookup)) {
      const own = spectrum.get(callee.id);
      if (own && callee.id !== call.from && from.strength >= own.strength)
        out.set(callee.id, { strength: 1, detail: `called by ${call.from}` });
    }
  }
  return out;
}

const work = flag("work");
if (!work) {
  console.error("give --work WORK (the folder locate-dynamic-bench.ts ran in)");
  process.exit(2);
}
const only = new Set((flag("only") ?? "").split(",").filter(Boolean));
const corpus = resolve(flag("new-corpus") ?? join(project, "bench", "localize-corpus"));
const dir = join(resolve(work), "results");
const ids = readdirSync(dir)
  .filter((n) => n.endsWith(".json") && !n.endsWith(".coverage.json"))
  .map((n) => n.slice(0, -".json".length))
  .filter((id) => only.size === 0 || only.has(id))
  .sort();

interface Row {
  id: string;
  cli: Ranks;
  byVariant: Map<string, Ranks>;
}
const rows: Row[] = [];
for (const id of ids) {
  const saved = JSON.parse(readFileSync(join(dir, `${id}.json`), "utf8")) as {
    task: { id: string; repo: string; file: string; line: number; log: string };
    dynamic: { results: { file: string; startLine: number; endLine: number }[] };
  };
  const task = saved.task;
  const logText = readFileSync(join(corpus, task.log), "utf8");
  const repo = await openRepoIndex(project, join(resolve(work), "checkouts", id), defaultRepoConfig);
  const { failures } = await diagnose(logText, {
    repoRoot: repo.root,
    fileExists: (rel) => existsSync(join(repo.root, rel)),
  });
  const collected = collectSignals({
    index: repo.index,
    failures,
    logText,
    readLines: repo.readLines,
    aliases: repo.config.understanding.aliases,
    callDepth: repo.config.understanding.call_depth,
  });
  const coverageFile = join(dir, `${id}.coverage.json`);
  const executions = existsSync(coverageFile) ? executionsFromJson(readFileSync(coverageFile, "utf8")) : null;
  const tests = new Set(repo.index.files.filter((f) => f.isTest).map((f) => f.path));
  const candidates = repo.index.symbols.filter((s) => isCallable(s) && !tests.has(s.file));
  const byVariant = new Map<string, Ranks>();
  for (const v of variants) {
    const signals = new Map(collected.signals);
    if (executions) {
      const spectrum = spectrumSignal(executions, candidates, v.formula);
      if (v.unexecuted !== undefined && v.unexecuted !== 1)
        for (const [name, scores] of signals)
          signals.set(
            name,
            new Map(
              [...scores].map(([sid, hit]) => [
                sid,
                spectrum.has(sid) ? hit : { ...hit, strength: hit.strength * v.unexecuted! },
              ]),
            ),
          );
      signals.set("spectrum", spectrum);
      if (v.callee) {
        const deeper = calledBySuspect(repo.index.calls, collected.lookup, spectrum);
        // Borrowed slot: shared_callee carries the tie-breaker (its own weight is set below).
        const merged = new Map(signals.get("shared_callee"));
        for (const id of spectrum.keys())
          if (v.callee > 0 ? deeper.has(id) : !deeper.has(id))
            merged.set(id, { strength: (merged.get(id)?.strength ?? 0) + 0.5, detail: "depth" });
        signals.set("shared_callee", merged);
      }
    }
    byVariant.set(v.name, ranks(rankSuspects({ ...collected, signals }, v.weights, 20), task));
  }
  const row = { id, cli: ranks(saved.dynamic.results, task), byVariant };
  rows.push(row);
  const show = (r: Ranks) => `${r.fileRank ?? "-"}/${r.funcRank ?? "-"}`;
  console.error(
    `${id.padEnd(20)} cli ${show(row.cli)}  ${variants.map((v) => `${v.name} ${show(byVariant.get(v.name)!)}`).join("  ")}`,
  );
}

const repoOf = (id: string) => id.replace(/-\d+$/, "");
console.log(`variant        repo            tasks file@1 file@5 func@1 func@5`);
for (const group of [...new Set(rows.map((r) => repoOf(r.id))), "ALL"]) {
  const rs = group === "ALL" ? rows : rows.filter((r) => repoOf(r.id) === group);
  console.log(`${"cli".padEnd(14)} ${group.padEnd(15)} ${formatMetrics(metrics(rs.map((r) => r.cli)))}`);
  for (const v of variants)
    console.log(
      `${v.name.padEnd(14)} ${group.padEnd(15)} ${formatMetrics(metrics(rs.map((r) => r.byVariant.get(v.name)!)))}`,
    );
}
