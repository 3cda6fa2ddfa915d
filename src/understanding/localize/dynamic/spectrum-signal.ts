// Spectrum-based fault localization: a line's Ochiai score is ef / sqrt(F * (ef + ep)), where ef/ep
// count the failing/passing executions that ran it and F all failing ones. A function scores its
// best own line (lines of a nested function belong to the nested one); a function known to have run
// only by name (transformed modules) counts as run wherever its name was seen. A batch (tests run as
// one process) counts as as many executions as it had tests: which of them ran a line is unknown, and
// counting a passing batch once would rank code every passing test runs almost as high as code only
// the failing tests run.
// When every failing execution ran whole test files as one batch (tape, tap, uvu: no hook splits a
// file into tests), the failing side holds those files' passing tests too, so a line "only the failing
// side ran" is mostly a branch the failing files cover and the small passing sample does not. A
// function's best line then favours the long functions with many such branches (a 200-line dispatcher
// beats the predicate whose wrong answer failed the test); such a spectrum scores each function once,
// as run or not by each execution.
import type { CodeSymbol } from "../../index/code-index.ts";
import type { SignalScores } from "../localize-signal.ts";
import { ranByName } from "./ran-by-name.ts";
import type { CoverageByFile, FileCoverage } from "./v8-coverage-lines.ts";

export interface Execution {
  failed: boolean;
  coverage: CoverageByFile;
  /** How many tests the execution stands for (a batch of sampled passing tests); 1 when absent. */
  tests?: number;
  /** A batch that ran whole test files (their passing tests with the failing ones), not one test. */
  wholeFiles?: boolean;
}

/** A line's own counts, or the function's: run by an execution when any of its own lines ran. */
export type SpectrumGranularity = "line" | "function";

/** Per function when every failing execution is a batch of whole test files (see the top). */
export function spectrumGranularity(executions: readonly Execution[]): SpectrumGranularity {
  const failing = executions.filter((e) => e.failed);
  return failing.length > 0 && failing.every((e) => e.wholeFiles) ? "function" : "line";
}

/**
 * Suspiciousness of a line from ef/ep (failing/passing executions that ran it) and F (all failing).
 * DStar (*=2) is ef^2 / (ep + F - ef), scaled into [0, 1] by its value for ef = F, ep = 0 taken as
 * F^2 / 0.5 (a line every failing test and no passing test ran), so it can stand beside the static signals.
 */
export type SpectrumFormula = "ochiai" | "dstar";

export function suspiciousness(
  formula: SpectrumFormula,
  ef: number,
  ep: number,
  totalFailed: number,
): number {
  if (formula === "ochiai") return ef / Math.sqrt(totalFailed * (ef + ep));
  const dstar = (ef * ef) / Math.max(ep + totalFailed - ef, 0.5);
  return dstar / ((totalFailed * totalFailed) / 0.5);
}

export function spectrumSignal(
  executions: readonly Execution[],
  candidates: readonly CodeSymbol[],
  formula: SpectrumFormula = "ochiai",
  granularity: SpectrumGranularity = spectrumGranularity(executions),
): SignalScores {
  const scores: SignalScores = new Map();
  const totalFailed = executions.filter((e) => e.failed).reduce((n, e) => n + (e.tests ?? 1), 0);
  const totalPassed = executions.filter((e) => !e.failed).reduce((n, e) => n + (e.tests ?? 1), 0);
  if (totalFailed === 0) return scores;
  for (const { symbol, lines, ranAt, runs } of ranCandidates(executions, candidates)) {
    let best: { score: number; ef: number; ep: number } | null = null;
    const points = granularity === "line" ? [...lines, BY_NAME] : [FUNCTION];
    for (const point of points) {
      const { ef, ep } = point === FUNCTION ? ranFunction(runs, symbol, lines) : ranAt(point);
      if (ef === 0) continue;
      const score = suspiciousness(formula, ef, ep, totalFailed);
      if (!best || score > best.score) best = { score, ef, ep };
    }
    if (best)
      scores.set(symbol.id, {
        strength: Number(best.score.toFixed(4)),
        detail: `${formula} ${best.score.toFixed(2)}: ran in ${best.ef}/${totalFailed} failing and ${best.ep}/${totalPassed} passing tests${granularity === "function" ? " (per function: the failing tests ran as whole files)" : ""}`,
      });
  }
  return scores;
}

// The point that stands for the whole function (no line is numbered below 1, nor is BY_NAME).
const FUNCTION = -1;

/**
 * Executions that ran any own line of the symbol, or it by name. A one-line function's line is also
 * where it is declared, which runs when the module loads (`const gt = (a, b) => ...`): where V8 names
 * the function as run in some execution, its name alone says whether it was called.
 */
function ranFunction(
  runs: RanCandidate["runs"],
  symbol: CodeSymbol,
  lines: readonly number[],
): { ef: number; ep: number } {
  const byName = (entry: FileCoverage) => ranByName(entry.functionNames, symbol.name, symbol.qualifiedName);
  const namesOnly = symbol.startLine === symbol.endLine && runs.some((r) => r.entry && byName(r.entry));
  let ef = 0;
  let ep = 0;
  for (const { failed, tests, entry } of runs) {
    if (!entry) continue;
    const ran = byName(entry) || (!namesOnly && lines.some((l) => entry.lines.has(l)));
    if (!ran) continue;
    if (failed) ef += tests;
    else ep += tests;
  }
  return { ef, ep };
}

/** The point `ranAt` takes for "V8 named the function as run" (transformed modules), beside its lines. */
export const BY_NAME = 0;

export interface RanCandidate {
  symbol: CodeSymbol;
  /** Its own lines (ownLines). */
  lines: number[];
  /** Failing (ef) and passing (ep) tests whose executions ran a line of it, or it by name (BY_NAME). */
  ranAt: (point: number) => { ef: number; ep: number };
  /** Each execution's coverage of the symbol's file, with its outcome and weight. */
  runs: readonly { failed: boolean; tests: number; entry: FileCoverage | undefined }[];
}

/** Every candidate, with its own lines, in a file some failing execution ran. */
export function* ranCandidates(
  executions: readonly Execution[],
  candidates: readonly CodeSymbol[],
): Generator<RanCandidate> {
  const byFile = new Map<string, CodeSymbol[]>();
  for (const s of candidates) byFile.set(s.file, [...(byFile.get(s.file) ?? []), s]);
  for (const [file, symbols] of byFile) {
    const runs = executions.map((e) => ({
      failed: e.failed,
      tests: e.tests ?? 1,
      entry: e.coverage.get(file),
    }));
    if (!runs.some((r) => r.failed && r.entry)) continue;
    for (const [symbol, lines] of ownLines(symbols)) {
      const ranAt = (point: number) => {
        let ef = 0;
        let ep = 0;
        for (const { failed, tests, entry } of runs) {
          if (
            !entry ||
            !(point === BY_NAME
              ? ranByName(entry.functionNames, symbol.name, symbol.qualifiedName)
              : entry.lines.has(point))
          )
            continue;
          if (failed) ef += tests;
          else ep += tests;
        }
        return { ef, ep };
      };
      yield { symbol, lines, ranAt, runs };
    }
  }
}

/**
 * Each symbol's own lines: those of its body not inside a nested symbol. The first line of a
 * multi-line symbol is left out: a `def`/`function` line runs when the module loads, not the body.
 */
export function ownLines(symbols: readonly CodeSymbol[]): Map<CodeSymbol, number[]> {
  const owner = new Map<number, CodeSymbol>();
  const outerFirst = [...symbols].sort((a, b) => b.endLine - b.startLine - (a.endLine - a.startLine));
  for (const s of outerFirst) for (let line = s.startLine; line <= s.endLine; line++) owner.set(line, s);
  for (const s of symbols) if (s.endLine > s.startLine) owner.delete(s.startLine);
  const out = new Map<CodeSymbol, number[]>(symbols.map((s) => [s, []]));
  for (const [line, s] of owner) out.get(s)?.push(line);
  return out;
}
