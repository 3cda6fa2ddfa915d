// Re-ranks the dynamic bench's tasks offline from what their runs executed, to compare spectrum
// formulas and how the spectrum combines with the static signals without re-running any test:
//   node bin/run-ts.js bench/locate-dynamic-rerank.ts --work WORK[,WORK2] [--only ID,ID] [--grid]
// WORK is the folder locate-dynamic-bench.ts ran in (several, comma-separated, are read together):
// its results/ID.json (the task, the CLI's own output) and results/ID.coverage.json
// (`--save-coverage`), and its checkouts. `--grid` replaces the fixed variants below by every
// formula x spectrum weight x unexecuted factor x batch counting (`batch1`: a batch without
// per-test records counts once, not as its number of tests) and prints the ALL line of each, with
// the mean of the four metrics, best first: how the spectrum weight is chosen (RESULTS.md). A task whose dynamic
// run fell back is ranked statically in every variant, as the CLI does. The "cli" line scores what
// `xihe locate --run` itself printed; the variant with today's defaults must equal it. Every variant
// applies the CLI's own rule for a flat spectrum (spectrum-or-ran.ts: not added, static order kept,
// what did not run demoted); `ochiai-w10-flatadd` adds it anyway, as this re-score did before
// session 44 (heldout13 jsonata-03/-08: CLI no faulty function in the top 20, re-score 7th and 9th).
// `--whole failing|all` simulates the unknown-runner mode (the whole test command re-run as one
// failing execution, no passing one) from the saved runs: the failing executions (or all of them,
// closer to a whole run, which runs every test) merged into one failing execution; `ochiai-w0-u0.2`
// is then what `xihe locate --run` does for such a run (ran-in-failing-run.ts).
// The `tie-*` variants add a tie-break among functions at one spectrum score to the ranking
// (spectrum-tie-keys.ts; session 44 tried them, none is in the CLI); locate-dynamic-ties.ts prints the ties.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { isCallable } from "../src/understanding/index/symbol-lookup.ts";
import { executionsFromJson } from "../src/understanding/localize/dynamic/executions-json.ts";
import { dampedForResultReads } from "../src/understanding/localize/dynamic/result-reads.ts";
import { mergeCoverage } from "../src/understanding/localize/dynamic/merge-coverage.ts";
import {
  BY_NAME,
  ranCandidates,
  spectrumGranularity,
  spectrumSignal,
  suspiciousness,
  type Execution,
  type SpectrumFormula,
} from "../src/understanding/localize/dynamic/spectrum-signal.ts";
import { TIE_KEYS, tieBreakBy, type TieKey } from "./spectrum-tie-keys.ts";
import { rankSuspects, type SuspectLocation } from "../src/understanding/localize/localize.ts";
import { demoteUnexecuted, unexecutedFactor } from "../src/understanding/localize/ran-in-failing-run.ts";
import { ranOnlyEvidence } from "../src/understanding/localize/dynamic/spectrum-or-ran.ts";
import { testCommand } from "../src/understanding/localize/dynamic/test-command.ts";
import type { SignalWeights } from "../src/understanding/localize/combine-signals.ts";
import type { SignalScores } from "../src/understanding/localize/localize-signal.ts";
import type { CallEdge, CodeSymbol } from "../src/understanding/index/code-index.ts";
import type { SymbolLookup } from "../src/understanding/index/symbol-lookup.ts";
import { resolveCallee } from "../src/understanding/localize/test-target-signal.ts";
import { args, flag, project } from "./bench-args.ts";
import { dynamicResults } from "./dynamic-results.ts";
import { openSavedRun } from "./saved-dynamic-run.ts";
import { formatMetrics, metrics, type Ranks, ranks } from "./locate-corpus.ts";

interface Variant {
  name: string;
  formula: SpectrumFormula;
  weights: Partial<SignalWeights>;
  /** Static strengths of functions no failing run executed are multiplied by this (1: unchanged). */
  unexecuted?: number;
  /** Weight of a tie-breaker for executed functions called by an at least as suspicious one. */
  callee?: number;
  /** A batch without per-test records counts as one execution instead of its number of tests. */
  batchAsOne?: boolean;
  /** Score each function by its best line even when the failing side ran whole test files. */
  alwaysByLine?: boolean;
  /** Whole-file batches: a function's mean over its lines the failing side ran (not its best line). */
  lineMean?: boolean;
  /** Whole-file batches: the mean of the per-function and the best-line score. */
  mix?: boolean;
  /** Leave result reads undamped (result-reads.ts): the ranking before they were. */
  noReads?: boolean;
  /**
   * Add the spectrum even where `xihe locate --run` does not (flat, or an unknown runner's failing run
   * alone: spectrum-or-ran.ts), as this re-score did before session 44.
   */
  flatAdded?: boolean;
  /**
   * A tie-break among functions at one spectrum score (spectrum-tie-keys.ts; tried in session 44, not
   * kept): `weight` x its strength added to the combined score, or with `permute` the tied functions
   * re-ordered inside the places they hold.
   */
  tie?: { key: TieKey; topOnly: boolean; maxGroup?: number; weight: number; permute?: boolean };
}

const fixedVariants: Variant[] = [
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
  { name: "ochiai-w10-byline", formula: "ochiai", weights: { spectrum: 10 }, alwaysByLine: true },
  { name: "ochiai-w10-linemean", formula: "ochiai", weights: { spectrum: 10 }, lineMean: true },
  { name: "ochiai-w10-mix", formula: "ochiai", weights: { spectrum: 10 }, mix: true },
  { name: "ochiai-w10-noreads", formula: "ochiai", weights: { spectrum: 10 }, noReads: true },
  { name: "ochiai-w0-u.2", formula: "ochiai", weights: { spectrum: 0 }, unexecuted: 0.2 },
  { name: "ochiai-w10-flatadd", formula: "ochiai", weights: { spectrum: 10 }, flatAdded: true },
  ...tieVariants(),
];

/**
 * Each tie key on the top score's tie (of any size, or of at most 20: the ranking's length) or on
 * every tie, at weights below and above a stack frame's (4); and the rule session 44 tried in the CLI
 * (`tie-fewer-passing-top-cap20-w2`) as a re-order inside the tie's places.
 */
function tieVariants(): Variant[] {
  const variant = (name: string, tie: NonNullable<Variant["tie"]>): Variant => ({
    name,
    formula: "ochiai",
    weights: { spectrum: 10 },
    tie,
  });
  return TIE_KEYS.flatMap((key) => [
    ...[true, false].flatMap((topOnly) =>
      [1, 5].map((weight) =>
        variant(`tie-${key}${topOnly ? "-top" : ""}-w${weight}`, { key, topOnly, weight }),
      ),
    ),
    ...[1, 2].map((weight) =>
      variant(`tie-${key}-top-cap20-w${weight}`, { key, topOnly: true, maxGroup: 20, weight }),
    ),
  ]).concat([
    variant("tie-fewer-passing-top-cap20-permute", {
      key: "fewer-passing",
      topOnly: true,
      maxGroup: 20,
      weight: 0,
      permute: true,
    }),
  ]);
}

function gridVariants(): Variant[] {
  const out: Variant[] = [];
  for (const formula of ["ochiai", "dstar"] as const)
    for (const w of [0, 0.5, 1, 2, 3, 5, 7, 10, 15, 25])
      for (const unexecuted of whole ? [1, 0.5, 0.2, 0.1, 0] : [1, 0.5, 0.2])
        for (const batchAsOne of [false, true]) {
          if (w === 0 && (formula !== "ochiai" || (unexecuted === 1 && whole === null) || batchAsOne))
            continue;
          // One execution: the formula and the batch counting change nothing.
          if (whole && (formula !== "ochiai" || batchAsOne)) continue;
          const name = `${formula}-w${w}${unexecuted === 1 ? "" : `-u${unexecuted}`}${batchAsOne ? "-batch1" : ""}`;
          out.push({ name, formula, weights: { spectrum: w }, unexecuted, batchAsOne });
        }
  return out;
}

const whole = flag("whole") ?? null;
if (whole !== null && whole !== "failing" && whole !== "all") {
  console.error("--whole takes failing or all");
  process.exit(2);
}
const variants: Variant[] = args.includes("--grid") ? gridVariants() : fixedVariants;
// Per task, the grid prints only the variants named by --show (a comma-separated list).
const shown = new Set((flag("show") ?? "").split(",").filter(Boolean));
const perTask = args.includes("--grid") ? variants.filter((v) => shown.has(v.name)) : variants;

function noLexical(): Partial<SignalWeights> {
  return { bm25: 0, bm25_log: 0, exact_name: 0 };
}

/**
 * A tie-break applied to a ranking: `weight` x strength added to each named function's score (after
 * the path prior, which no tied function in the measured runs had), or with `permute` the named
 * functions re-ordered inside the places they hold, preferred first.
 */
function withTieBreak(
  ranked: SuspectLocation[],
  tie: SignalScores,
  lookup: SymbolLookup,
  weight: number,
  permute: boolean,
): SuspectLocation[] {
  const keyOf = (r: SuspectLocation) => `${r.file}:${r.startLine}:${r.symbol}`;
  const strength = new Map<string, number>();
  for (const [id, hit] of tie) {
    const s = lookup.byId(id);
    if (s) strength.set(`${s.file}:${s.startLine}:${s.qualifiedName}`, hit.strength);
  }
  if (!permute)
    return ranked
      .map((r) => ({ ...r, score: r.score + weight * (strength.get(keyOf(r)) ?? 0) }))
      .sort((a, b) => b.score - a.score);
  const slots = ranked.flatMap((r, i) => (strength.has(keyOf(r)) ? [i] : []));
  const members = slots.map((i) => ranked[i]!);
  const ordered = [...members].sort((a, b) => strength.get(keyOf(b))! - strength.get(keyOf(a))!);
  const out = [...ranked];
  slots.forEach((slot, i) => (out[slot] = ordered[i]!));
  return out;
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

/** The chosen executions merged into one failing execution: what a whole re-run would record. */
function asOneFailing(executions: readonly Execution[], which: "failing" | "all"): Execution {
  const kept = executions.filter((e) => which === "all" || e.failed);
  return { failed: true, tests: 1, coverage: mergeCoverage(kept.map((e) => e.coverage)) };
}

/** The mean of two spectra's strengths per function (one absent: 0). */
function meanOf(a: SignalScores, b: SignalScores): SignalScores {
  const out: SignalScores = new Map();
  for (const id of new Set([...a.keys(), ...b.keys()]))
    out.set(id, {
      strength: ((a.get(id)?.strength ?? 0) + (b.get(id)?.strength ?? 0)) / 2,
      detail: "mix",
    });
  return out;
}

/** Each function's mean Ochiai over its own lines some failing execution ran. */
function lineMeanSpectrum(executions: readonly Execution[], candidates: readonly CodeSymbol[]): SignalScores {
  const totalFailed = executions.filter((e) => e.failed).reduce((n, e) => n + (e.tests ?? 1), 0);
  const out: SignalScores = new Map();
  for (const { symbol, lines, ranAt } of ranCandidates(executions, candidates)) {
    const scores = [...lines, BY_NAME]
      .map((l) => ranAt(l))
      .filter((c) => c.ef > 0)
      .map((c) => suspiciousness("ochiai", c.ef, c.ep, totalFailed));
    if (scores.length > 0)
      out.set(symbol.id, { strength: scores.reduce((a, b) => a + b, 0) / scores.length, detail: "mean" });
  }
  return out;
}

/**
 * Files saved before executions recorded `wholeFiles`: a failing run of a file-level runner without a
 * per-test hook (tape, tap, uvu; ava unless its failing run selected titles by `--match`) ran whole
 * files. The runner is read off the task's test command.
 */
function withWholeFiles(
  executions: Execution[],
  saved: { task: { test_cmd?: string }; dynamic: { dynamic?: { runs?: { argv: string }[] } } },
): Execution[] {
  if (executions.some((e) => e.wholeFiles !== undefined)) return executions;
  const cmd = saved.task.test_cmd ?? "";
  const matched = (saved.dynamic.dynamic?.runs ?? []).some((r) => r.argv.includes("--match"));
  // The runner as a command word (`tap test/*.js`, `node_modules/.bin/uvu`), not a reporter's name
  // (`--reporter=tap-flat`, `--test-reporter=tap`: vitest and node:test record per test).
  const runs = (runner: string) => new RegExp(`(?:^|[\\s/])${runner}(?=\\s|$)`).test(cmd);
  const byFile = ["tape", "tap", "uvu"].some(runs) || (runs("ava") && !matched);
  return byFile ? executions.map((e) => (e.failed ? { ...e, wholeFiles: true } : e)) : executions;
}

if (!flag("work")) {
  console.error("give --work WORK (the folder locate-dynamic-bench.ts ran in)");
  process.exit(2);
}
const { workOf, ids } = dynamicResults(flag("work"), flag("only"));
const corpus = resolve(flag("new-corpus") ?? join(project, "bench", "localize-corpus"));

interface Row {
  id: string;
  cli: Ranks;
  /** What `xihe locate --json` printed without --run (the bench's static column). */
  static: Ranks;
  byVariant: Map<string, Ranks>;
}
const rows: Row[] = [];
for (const id of ids) {
  const work = workOf.get(id)!;
  const { saved, repo, failures, collected, tests, candidates, readText, coverageFile } = await openSavedRun<{
    task: { id: string; repo: string; file: string; line: number; log: string; test_cmd?: string };
    dynamic: {
      results: { file: string; startLine: number; endLine: number }[];
      dynamic?: { runs?: { argv: string }[] };
    };
    static: { results: { file: string; startLine: number; endLine: number }[] };
  }>(work, id, corpus);
  const task = saved.task;
  const savedRuns = existsSync(coverageFile)
    ? withWholeFiles(executionsFromJson(readFileSync(coverageFile, "utf8")), saved)
    : null;
  const executions = savedRuns && whole ? [asOneFailing(savedRuns, whole)] : savedRuns;
  // As `xihe locate` demotes: only functions (what coverage judges), not constants.
  const judged = (sid: string) => {
    const symbol = collected.lookup.byId(sid);
    return symbol !== undefined && isCallable(symbol);
  };
  // Whether the CLI knew the runner (an unknown one re-runs the whole command with no passing side).
  const command = testCommand(repo.root, task.test_cmd ?? "");
  const runnerKnown = !command.ok || command.runner !== null;
  const byVariant = new Map<string, Ranks>();
  const spectra = new Map<string, SignalScores>();
  for (const v of variants) {
    const signals = new Map(collected.signals);
    let tie: SignalScores | null = null;
    if (executions) {
      const key = `${v.formula}${v.batchAsOne ? "-batch1" : ""}${v.alwaysByLine ? "-byline" : ""}${v.lineMean ? "-mean" : ""}${v.mix ? "-mix" : ""}`;
      const counted = v.batchAsOne ? executions.map((e) => ({ ...e, tests: 1 })) : executions;
      const raw =
        spectra.get(key) ??
        (v.lineMean && spectrumGranularity(counted) === "function"
          ? lineMeanSpectrum(counted, candidates)
          : undefined) ??
        (v.mix && spectrumGranularity(counted) === "function"
          ? meanOf(
              spectrumSignal(counted, candidates, v.formula, "function"),
              spectrumSignal(counted, candidates, v.formula, "line"),
            )
          : undefined) ??
        spectrumSignal(
          counted,
          candidates,
          v.formula,
          v.alwaysByLine ? "line" : spectrumGranularity(counted),
        );
      spectra.set(key, raw);
      const spectrum = v.noReads
        ? raw
        : dampedForResultReads(raw, counted, candidates, (f) => tests.has(f), readText, failures);
      // As `xihe locate --run`: a flat spectrum (or an unknown runner's failing run alone) is not
      // added; the static order stands and what did not run is demoted. Not under --whole, whose
      // variants are the alternatives to that rule.
      const ranOnly =
        whole === null && !v.flatAdded ? ranOnlyEvidence(spectrum, counted, runnerKnown, []) : null;
      if (ranOnly)
        for (const [name, scores] of demoteUnexecuted(signals, ranOnly.ran, unexecutedFactor, judged))
          signals.set(name, scores);
      else if (v.unexecuted !== undefined && v.unexecuted !== 1)
        for (const [name, scores] of demoteUnexecuted(
          signals,
          new Set(spectrum.keys()),
          v.unexecuted,
          judged,
        ))
          signals.set(name, scores);
      if (!ranOnly) signals.set("spectrum", spectrum);
      if (v.tie && !ranOnly)
        tie = tieBreakBy(
          counted,
          candidates,
          spectrum,
          repo.index.calls,
          collected.lookup,
          v.tie.key,
          v.tie.topOnly,
          v.tie.maxGroup,
        );
      if (v.callee && !ranOnly) {
        const deeper = calledBySuspect(repo.index.calls, collected.lookup, spectrum);
        // Borrowed slot: shared_callee carries the tie-breaker (its own weight is set below).
        const merged = new Map(signals.get("shared_callee"));
        for (const id of spectrum.keys())
          if (v.callee > 0 ? deeper.has(id) : !deeper.has(id))
            merged.set(id, { strength: (merged.get(id)?.strength ?? 0) + 0.5, detail: "depth" });
        signals.set("shared_callee", merged);
      }
    }
    const ranked =
      v.tie && tie
        ? withTieBreak(
            rankSuspects({ ...collected, signals }, v.weights, 200),
            tie,
            collected.lookup,
            v.tie.weight,
            v.tie.permute === true,
          ).slice(0, 20)
        : rankSuspects({ ...collected, signals }, v.weights, 20);
    if (process.env["RERANK_DEBUG"] === v.name)
      console.error(
        id,
        ranked.slice(0, 6).map((r) => `${r.symbol} ${r.score} ${r.why.slice(0, 3).join("; ")}`),
      );
    byVariant.set(v.name, ranks(ranked, task));
  }
  const row = {
    id,
    cli: ranks(saved.dynamic.results, task),
    static: ranks(saved.static.results, task),
    byVariant,
  };
  rows.push(row);
  const show = (r: Ranks) => `${r.fileRank ?? "-"}/${r.funcRank ?? "-"}`;
  console.error(
    `${id.padEnd(20)} cli ${show(row.cli)}  ${perTask.map((v) => `${v.name} ${show(byVariant.get(v.name)!)}`).join("  ")}`,
  );
}

const repoOf = (id: string) => id.replace(/-\d+$/, "");
if (args.includes("--grid")) {
  const meanOf = (m: ReturnType<typeof metrics>) => (m.file1 + m.file5 + m.func1 + m.func5) / 4;
  // Ties on the four rates are common on a few dozen tasks: the faulty function's mean reciprocal
  // rank (0 when not in the top 20) breaks them.
  const mrr = (rs: readonly Ranks[]) =>
    rs.reduce((n, r) => n + (r.funcRank ? 1 / r.funcRank : 0), 0) / rs.length;
  const scored = variants.map((v) => {
    const rs = rows.map((r) => r.byVariant.get(v.name)!);
    return { v, m: metrics(rs), mrr: mrr(rs) };
  });
  scored.sort((a, b) => meanOf(b.m) - meanOf(a.m) || b.mrr - a.mrr);
  const line = (name: string, m: ReturnType<typeof metrics>, r: number) =>
    console.log(`${name.padEnd(30)} ${meanOf(m).toFixed(3)}  ${r.toFixed(3)}  ${formatMetrics(m)}`);
  console.log(`variant                        mean   mrr    (ALL: tasks file@1 file@5 func@1 func@5)`);
  line("cli", metrics(rows.map((r) => r.cli)), mrr(rows.map((r) => r.cli)));
  line("static (cli, no --run)", metrics(rows.map((r) => r.static)), mrr(rows.map((r) => r.static)));
  for (const { v, m, mrr: r } of scored) line(v.name, m, r);
  const pick = flag("show");
  if (pick)
    for (const group of [...new Set(rows.map((r) => repoOf(r.id))), "ALL"]) {
      const rs = group === "ALL" ? rows : rows.filter((r) => repoOf(r.id) === group);
      for (const name of ["cli", ...pick.split(",")])
        console.log(
          `${name.padEnd(30)} ${group.padEnd(15)} ${formatMetrics(metrics(rs.map((r) => (name === "cli" ? r.cli : r.byVariant.get(name)!))))}`,
        );
    }
  process.exit(0);
}
console.log(`variant        repo            tasks file@1 file@5 func@1 func@5`);
for (const group of [...new Set(rows.map((r) => repoOf(r.id))), "ALL"]) {
  const rs = group === "ALL" ? rows : rows.filter((r) => repoOf(r.id) === group);
  console.log(`${"cli".padEnd(14)} ${group.padEnd(15)} ${formatMetrics(metrics(rs.map((r) => r.cli)))}`);
  for (const v of variants)
    console.log(
      `${v.name.padEnd(14)} ${group.padEnd(15)} ${formatMetrics(metrics(rs.map((r) => r.byVariant.get(v.name)!)))}`,
    );
}
