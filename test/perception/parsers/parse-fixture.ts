// Test support: runs one parser on a committed fixture log the way diagnose does (normalised lines,
// the real ParseContext, runner paths mapped to the repository root afterwards).
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Failure } from "../../../src/perception/failure.ts";
import type { LogParser, ParseContext } from "../../../src/perception/parsers/log-parser.ts";
import { normaliseLine } from "../../../src/perception/normalise-line.ts";
import { cleanPrintedPath, createPathMapper } from "../../../src/perception/path-mapping.ts";
import { isExternalPath } from "../../../src/perception/external-path.ts";

export const fixtureRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../fixtures/perception");

export const parseContext: ParseContext = { toRepoPath: cleanPrintedPath, isExternal: isExternalPath };

export function fixtureLines(caseId: string): string[] {
  const text = readFileSync(join(fixtureRoot, caseId, "log.txt"), "utf8");
  const lines = text.split("\n").map(normaliseLine);
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

export function parseFixture(parser: LogParser, caseId: string): Failure[] {
  return parseLines(parser, fixtureLines(caseId));
}

export function parseLines(parser: LogParser, lines: readonly string[]): Failure[] {
  const mapper = createPathMapper();
  return parser.parse(lines, parseContext).map((f) => ({
    ...f,
    file: f.file === null ? null : mapper.toRepoPath(f.file),
    frames: f.frames.map((frame) => ({ ...frame, file: mapper.toRepoPath(frame.file) })),
  }));
}

/** The fields the corpus scores, for compact exact assertions. */
export function brief(f: Failure) {
  return {
    file: f.file,
    line: f.line,
    column: f.column,
    test: f.test,
    message: f.message,
    rule: f.rule,
    kind: f.kind,
  };
}
