// diagnose: a CI log (text or stream) -> structured failures + whose fault it is. Reads line by line,
// parses one section (CI step / package script) at a time and keeps only failures, signals and a short
// tail, so a 500 MB log runs in bounded memory. No LLM, no network, no file system.
import type { Classification, Failure } from "./failure.ts";
import type { LogParser, ParseContext } from "./parsers/log-parser.ts";
import { logParsers } from "./parsers/registry.ts";
import { classifyRun, type RerunResult } from "./classify-run.ts";
import { normaliseLine } from "./normalise-line.ts";
import { DEFAULT_MAX_LINE_CHARS, splitLogLines } from "./split-log-lines.ts";
import { parseWorkflowCommand } from "./workflow-command.ts";
import { parseSectionStart } from "./section-start.ts";
import { matchRunSignal, SIGNAL_WORDS, type RunSignal } from "./run-signals.ts";
import { cleanPrintedPath, createPathMapper, guessRootFromDependencies } from "./path-mapping.ts";
import { isExternalPath } from "./external-path.ts";
import { createSectionParser } from "./parse-section.ts";
import { annotationFailure } from "./annotation-failure.ts";
import { collectFailures } from "./collect-failures.ts";

export interface DiagnoseOptions {
  /** The repository root as printed in the log or the local checkout; inferred when absent. */
  repoRoot?: string | undefined;
  /** Lets the path mapper test candidate repository-relative paths against a checkout. */
  fileExists?: ((relativePath: string) => boolean) | undefined;
  /** Results of rerunning the same commands on the same commit (for `flaky`). */
  reruns?: readonly RerunResult[] | undefined;
  parsers?: readonly LogParser[] | undefined;
  maxLineChars?: number | undefined;
  /** A section longer than this is parsed in pieces (with overlap) instead of being held whole. */
  maxSectionChars?: number | undefined;
  maxFailures?: number | undefined;
}

export interface DiagnoseResult {
  failures: Failure[];
  classification: Classification;
  /** Tools that reported failures, in the order first seen. */
  tools: string[];
  /** What was dropped or truncated, for the reader. */
  notes: string[];
  /** The last normalised lines of the log (context for people and the planner). */
  tail: string[];
}

// Built once (immutable; scanning keeps no state): its automaton costs milliseconds to build.
const defaultParser = createSectionParser(logParsers, SIGNAL_WORDS);
const TAIL_LINES = 200;
const OVERLAP_LINES = 400;
const MAX_SIGNALS = 20;

export async function diagnose(
  input: string | AsyncIterable<string | Uint8Array>,
  options: DiagnoseOptions = {},
): Promise<DiagnoseResult> {
  const parseSection = options.parsers ? createSectionParser(options.parsers, SIGNAL_WORDS) : defaultParser;
  const maxSectionChars = options.maxSectionChars ?? 16 * 1024 * 1024;
  const maxLineChars = options.maxLineChars ?? DEFAULT_MAX_LINE_CHARS;
  const mapper = createPathMapper({ repoRoot: options.repoRoot, fileExists: options.fileExists });
  const context: ParseContext = { toRepoPath: cleanPrintedPath, isExternal: isExternalPath };
  const collected = collectFailures(options.maxFailures ?? 5000);
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
        if (start.cwd) mapper.addRoot(start.cwd);
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

  const signals = [...lineSignals, ...annotationSignals]
    .sort((a, b) => a.at - b.at)
    .slice(0, MAX_SIGNALS)
    .map((s) => s.signal);
  const found = collected.result();
  const guess = guessRootFromDependencies(found.flatMap((f) => f.frames.map((frame) => frame.file)));
  if (guess !== null) mapper.addGuessedRoot(guess);
  const failures = found.map((f) => mapFailurePaths(f, mapper.toRepoPath));
  const notes = [...collected.notes()];
  if (truncatedLines > 0)
    notes.push(`${truncatedLines} over-long line(s) truncated to ${maxLineChars} characters`);
  return {
    failures,
    classification: classifyRun({ failures, signals, reruns: options.reruns }),
    tools: collected.tools(),
    notes,
    tail: tail.slice(-TAIL_LINES),
  };
}

interface OrderedSignal {
  at: number;
  signal: RunSignal;
}

function mapFailurePaths(failure: Failure, toRepoPath: (p: string) => string): Failure {
  return {
    ...failure,
    file: failure.file === null ? null : toRepoPath(failure.file),
    frames: failure.frames.map((frame) => ({ ...frame, file: toRepoPath(frame.file) })),
  };
}
