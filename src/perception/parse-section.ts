// Runs every parser that recognises a section of the log; fallbacks only where nobody else found
// anything, so a tool's own parser always wins over the generic one.
import type { Failure } from "./failure.ts";
import type { LogParser, ParseContext } from "./parsers/log-parser.ts";

export interface SectionResult {
  failures: Failure[];
  tools: string[];
}

export function parseSection(
  lines: readonly string[],
  parsers: readonly LogParser[],
  context: ParseContext,
): SectionResult {
  const text = lines.join("\n");
  const detected = parsers
    .filter((parser) => parser.markers === undefined || parser.markers.some((m) => text.includes(m)))
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
