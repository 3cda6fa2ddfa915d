// Runs every parser that recognises a section of the log; fallbacks only where nobody else found
// anything, so a tool's own parser always wins over the generic one. Parsers that declare markers are
// only asked to detect when one of them occurs: one automaton pass over the section finds them all.
import type { Failure } from "./failure.ts";
import type { LogParser, ParseContext } from "./parsers/log-parser.ts";
import { mergeCrashReports } from "./merge-crash-reports.ts";
import { createSubstringScanner } from "./substring-scanner.ts";

export interface SectionResult {
  failures: Failure[];
  tools: string[];
  /** Lines (index >= `linesFrom`) that contain one of the `lineWords` given to the parser. */
  wordLines: number[];
}

export type SectionParser = (
  lines: readonly string[],
  context: ParseContext,
  linesFrom?: number,
) => SectionResult;

/**
 * `lineWords`: further substrings whose lines the caller wants (the run-signal pre-filter), found in
 * the same pass as the markers.
 */
export function createSectionParser(
  parsers: readonly LogParser[],
  lineWords: readonly string[] = [],
): SectionParser {
  const lineWordSet = new Set(lineWords);
  const markers = [...new Set(parsers.flatMap((p) => p.markers ?? []))];
  const words = [...new Set([...markers, ...lineWords])];
  const markerSet = new Set(markers);
  const scanner = createSubstringScanner(
    words,
    (w) => lineWordSet.has(w),
    (w) => markerSet.has(w),
  );
  const wordIndex = new Map(words.map((w, i) => [w, i]));
  const markerIds = parsers.map((p) => p.markers?.map((m) => wordIndex.get(m) ?? -1));
  return (lines, context, linesFrom = 0) => {
    const scanned = scanner.scan(lines, linesFrom);
    const { present } = scanned;
    const candidates: Candidate[] = [];
    parsers.forEach((parser, i) => {
      const ids = markerIds[i];
      if (ids === undefined) candidates.push({ parser, markerLines: undefined });
      else if (ids.some((id) => present[id] === 1))
        candidates.push({ parser, markerLines: unionOf(ids.map((id) => scanned.wordLines?.[id])) });
    });
    return { ...runParsers(lines, candidates, context), wordLines: scanned.lines };
  };
}

interface Candidate {
  parser: LogParser;
  /** Lines holding one of the parser's markers (what detect may restrict itself to). */
  markerLines: readonly number[] | undefined;
}

// Ascending, duplicate-free union of the line lists of a parser's markers (most have one or two):
// pairwise linear merges of lists that are already ascending.
function unionOf(lists: readonly (readonly number[] | undefined)[]): readonly number[] {
  let union: readonly number[] | undefined;
  for (const list of lists)
    if (list !== undefined) union = union === undefined ? list : mergeSorted(union, list);
  return union ?? [];
}

function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? a[i]! : Infinity;
    const y = j < b.length ? b[j]! : Infinity;
    if (x <= y) i++;
    if (y <= x) j++;
    out.push(Math.min(x, y));
  }
  return out;
}

function runParsers(
  lines: readonly string[],
  parsers: readonly Candidate[],
  context: ParseContext,
): Omit<SectionResult, "wordLines"> {
  const found = detectedBy(lines, parsers, false).map(({ parser }) => ({
    crashReporter: parser.crashReporter ?? false,
    failures: parser.parse(lines, context),
  }));
  const failures: Failure[] = mergeCrashReports(found);
  if (failures.length > 0) return { failures, tools: toolsOf(failures) };
  // Fallbacks are only asked to detect when no specific parser found anything: most sections never
  // need them.
  for (const { parser } of detectedBy(lines, parsers, true)) {
    failures.push(...parser.parse(lines, context));
    if (failures.length > 0) break;
  }
  return { failures, tools: toolsOf(failures) };
}

function detectedBy(
  lines: readonly string[],
  parsers: readonly Candidate[],
  fallback: boolean,
): { parser: LogParser; score: number }[] {
  return parsers
    .filter(({ parser }) => (parser.fallback ?? false) === fallback)
    .map(({ parser, markerLines }) => ({ parser, score: parser.detect(lines, markerLines) }))
    .filter((d) => d.score > 0)
    .sort((a, b) => b.score - a.score);
}

function toolsOf(failures: readonly Failure[]): string[] {
  return [...new Set(failures.map((f) => f.tool))];
}
