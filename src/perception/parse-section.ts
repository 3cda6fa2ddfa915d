// Runs every parser that recognises a section of the log; fallbacks only where nobody else found
// anything, so a tool's own parser always wins over the generic one. Parsers that declare markers are
// only asked to detect when one of them occurs: one regex pass over the section finds them all.
import type { Failure } from "./failure.ts";
import type { LogParser, ParseContext } from "./parsers/log-parser.ts";

export interface SectionResult {
  failures: Failure[];
  tools: string[];
}

export type SectionParser = (lines: readonly string[], context: ParseContext) => SectionResult;

export function createSectionParser(parsers: readonly LogParser[]): SectionParser {
  // Longest first, and each match also counts for the markers that are its prefixes; the scan resumes
  // one character after each match, so markers overlapping each other (" error TS") are all seen.
  const markers = [...new Set(parsers.flatMap((p) => p.markers ?? []))].sort((a, b) => b.length - a.length);
  const prefixes = new Map(
    markers.map((m) => [m, markers.filter((other) => other !== m && m.startsWith(other))]),
  );
  const anyMarker = markers.length > 0 ? new RegExp(markers.map(escapeRegExp).join("|"), "g") : null;
  return (lines, context) => {
    const present = new Set<string>();
    if (anyMarker) {
      const text = lines.join("\n");
      anyMarker.lastIndex = 0;
      for (let m = anyMarker.exec(text); m; m = anyMarker.exec(text)) {
        present.add(m[0]);
        for (const prefix of prefixes.get(m[0]) ?? []) present.add(prefix);
        anyMarker.lastIndex = m.index + 1;
      }
    }
    const candidates = parsers.filter(
      (p) => p.markers === undefined || p.markers.some((m) => present.has(m)),
    );
    return runParsers(lines, candidates, context);
  };
}

function runParsers(
  lines: readonly string[],
  parsers: readonly LogParser[],
  context: ParseContext,
): SectionResult {
  const detected = parsers
    .map((parser) => ({ parser, score: parser.detect(lines) }))
    .filter((d) => d.score > 0)
    .sort((a, b) => b.score - a.score);
  const failures: Failure[] = [];
  for (const { parser } of detected.filter((d) => !d.parser.fallback)) {
    failures.push(...parser.parse(lines, context));
  }
  if (failures.length > 0) return { failures, tools: toolsOf(failures) };
  for (const { parser } of detected.filter((d) => d.parser.fallback)) {
    failures.push(...parser.parse(lines, context));
    if (failures.length > 0) break;
  }
  return { failures, tools: toolsOf(failures) };
}

function toolsOf(failures: readonly Failure[]): string[] {
  return [...new Set(failures.map((f) => f.tool))];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
