// The reading half of diagnose: streams a log line by line, parses one section (CI step / package
// script) at a time and keeps only failures, signals, the roots the log names and a short tail. Plain
// data in and out (no callbacks), so it can run on a worker thread (diagnose-off-thread.ts).
import type { Failure } from "./failure.ts";
import type { LogParser, ParseContext } from "./parsers/log-parser.ts";
import { logParsers } from "./parsers/registry.ts";
import { normaliseLine } from "./normalise-line.ts";
import { DEFAULT_MAX_LINE_CHARS, splitLogLines } from "./split-log-lines.ts";
import { parseWorkflowCommand } from "./workflow-command.ts";
import { parseSectionStart } from "./section-start.ts";
import { matchRunSignal, SIGNAL_WORDS, type RunSignal } from "./run-signals.ts";
import { cleanPrintedPath } from "./path-mapping.ts";
import { isExternalPath } from "./external-path.ts";
import { createSectionParser } from "./parse-section.ts";
import { annotationFailure } from "./annotation-failure.ts";
import { collectFailures } from "./collect-failures.ts";

export interface ReadLogOptions {
  parsers?: readonly LogParser[] | undefined;
  maxLineChars?: number | undefined;
  /** A section longer than this is parsed in pieces (with overlap) instead of being held whole. */
  maxSectionChars?: number | undefined;
  maxFailures?: number | undefined;
}

export interface LogReading {
  /** Failures with paths as printed (cleaned, not yet mapped to the repository). */
  failures: Failure[];
  /** Directories the log says the project ran in (package-manager cwd), in log order. */
  roots: string[];
  /** Run signals in log order, at most 20. */
  signals: RunSignal[];
  tools: string[];
  notes: string[];
  tail: string[];
}

// Built once (immutable; scanning keeps no state): its automaton costs milliseconds to build.
const defaultParser = createSectionParser(logParsers, SIGNAL_WORDS);
const TAIL_LINES = 200;
const OVERLAP_LINES = 400;
const MAX_SIGNALS = 20;

export async function readLog(
  input: string | AsyncIterable<string | Uint8Array>,
  options: ReadLogOptions = {},
): Promise<LogReading> {
  const parseSection = options.parsers ? createSectionParser(options.parsers, SIGNAL_WORDS) : defaultParser;
  const maxSectionChars = options.maxSectionChars ?? 16 * 1024 * 1024;
  const maxLineChars = options.maxLineChars ?? DEFAULT_MAX_LINE_CHARS;
  const context: ParseContext = { toRepoPath: cleanPrintedPath, isExternal: isExternalPath };
  const collected = collectFailures(options.maxFailures ?? 5000);
  const roots: string[] = [];
  // Signals in log order: section lines are looked at when their section is parsed, annotations as
  // they come, so each carries its position (2 * line number; an annotation sits between two lines).
  const lineSignals: OrderedSignal[] = [];
  const annotationSignals: OrderedSignal[] = [];
  const tail: string[] = [];
  let section: string[] = [];
  let sectionChars = 0;
  let truncatedLines = 0;
  let pushed = 0; // lines added to sections so far
  let sectionBase = 0; // log position of section[0] among pushed lines
  let scannedUpTo = 0; // section lines already looked at for signals (an overlap parsed twice)

  const flush = (overlap: number): void => {
    if (section.length === 0) return;
    const result = parseSection(section, context, scannedUpTo);
    collected.add(result.failures, result.tools);
    for (const index of result.wordLines) {
      if (lineSignals.length >= MAX_SIGNALS) break;
      const signal = matchRunSignal(section[index] ?? "");
      if (signal) lineSignals.push({ at: 2 * (sectionBase + index), signal });
    }
    const kept = Math.min(overlap, section.length);
    section = kept > 0 ? section.slice(-kept) : [];
    sectionBase = pushed - kept;
    scannedUpTo = kept;
    sectionChars = 0;
  };

  for await (const batch of splitLogLines(input, { maxLineChars })) {
    const lines = batch.map(normaliseLine);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? "";
      if ((batch[i] ?? "").length >= maxLineChars) truncatedLines++;
      const command = parseWorkflowCommand(line);
      if (command) {
        if (command.kind === "group" && command.title.startsWith("Run ")) flush(0);
        if (command.kind === "annotation") {
          const failure = annotationFailure(command);
          if (failure) collected.addAnnotation(failure);
          const signal = annotationSignals.length < MAX_SIGNALS ? matchRunSignal(command.message) : null;
          if (signal) annotationSignals.push({ at: 2 * pushed - 1, signal });
        }
        continue;
      }
      const start = parseSectionStart(line);
      if (start) {
        flush(0);
        if (start.cwd) roots.push(start.cwd);
      }
      section.push(line);
      pushed++;
      sectionChars += line.length;
      if (sectionChars > maxSectionChars) flush(OVERLAP_LINES);
    }
    tail.push(...lines.slice(-TAIL_LINES));
    if (tail.length > TAIL_LINES * 2) tail.splice(0, tail.length - TAIL_LINES);
  }
  flush(0);

  const notes = [...collected.notes()];
  if (truncatedLines > 0)
    notes.push(`${truncatedLines} over-long line(s) truncated to ${maxLineChars} characters`);
  return {
    failures: collected.result(),
    roots,
    signals: [...lineSignals, ...annotationSignals]
      .sort((a, b) => a.at - b.at)
      .slice(0, MAX_SIGNALS)
      .map((s) => s.signal),
    tools: collected.tools(),
    notes,
    tail: tail.slice(-TAIL_LINES),
  };
}

interface OrderedSignal {
  at: number;
  signal: RunSignal;
}
