// What a failing run names: code locations (stack frames, failure positions, `path:line` mentions),
// test names, error classes, identifiers and the words of the failure messages. Failure records from
// perception come first; the raw log adds the mentions a parser did not turn into frames.
import type { Failure } from "../../perception/failure.ts";
import { identifiersIn, splitIdentifiers } from "../index/split-identifiers.ts";
import { withoutNonFailureSections } from "./non-failure-sections.ts";
import { isStackLine, printedLines } from "./printed-lines.ts";

export type LocationOrigin = "frame" | "failure" | "mention";

export interface LoggedLocation {
  /** As perception or the log gives it (repository-relative when perception could map it). */
  path: string;
  line: number | null;
  function: string | null;
  external: boolean;
  origin: LocationOrigin;
  /** One traceback: a failure's frames (one group per chained exception) or one block of the log. */
  group: string;
  /** Depth of the group's innermost frame: 0, or 1 per chained exception it was raised while handling. */
  offset: number;
  /** Printed as a line of a stack trace: true for parsed frames, for a mention when its line is one. */
  stackLine: boolean;
}

export interface FailureEntities {
  locations: LoggedLocation[];
  testNames: string[];
  errorClasses: string[];
  /** Identifiers exactly as written in failure messages (test names are matched by test-target-signal). */
  identifiers: Set<string>;
  /** Split terms of failure messages and test names (the focused query). */
  failureTerms: string[];
}

const SOURCE_EXT = "js|mjs|cjs|jsx|ts|mts|cts|tsx|py|go|rs|java";
// `path:12`, `path:12:3`, `path(12,3)`, `File "path", line 12`. A mention starts where a run of path
// characters does: tried from inside a run as well, the greedy class rescanned the rest of the run
// from every character of it (quadratic on a long line of letters, A45).
const PATH_MENTION = new RegExp(
  `(?<![\\w@.+\\-/\\\\])(?:file://)?((?:[A-Za-z]:)?[\\w@.+\\-/\\\\]*[\\w@+-]\\.(?:${SOURCE_EXT}))(?![\\w/])(?:(?::|", line |\\()(\\d+))?`,
  "g",
);
// Lines that start a new failure report in the common runners' output (pytest, unittest, TAP, jest,
// vitest, ava, mocha, node:test's spec reporter `✖ title`, Python tracebacks): mentions are ordered
// within one such block.
const BLOCK_START =
  /^\s*(?:_{3,}|={3,}|-{5,}|⎯{3,}|Traceback \(most recent call last\)|not ok |(?:FAIL|ERROR)\b|●|✘|✗|✖|×|\d+\) )/;
// Python chains exceptions: the traceback after one of these lines is one level further out.
const CHAINED = /^(During handling of the above exception|The above exception was the direct cause)/;
const ERROR_CLASS = /\b([A-Z][A-Za-z0-9]*(?:Error|Exception|Failure|Warning))\b/g;
const EXTERNAL = /(^|\/)(node_modules|site-packages|dist-packages|lib\/python\d[^/]*)\/|^node:|^internal\//;

/** True when a path as printed is test code (splits chained Python tracebacks at the test frame). */
export type IsTestPath = (printed: string) => boolean;

/** The source line a frame points at (path as printed), when the file is in the repository. */
export type FrameLine = (printed: string, line: number) => string | null;

export function extractEntities(
  failures: readonly Failure[],
  logText: string,
  isTestPath: IsTestPath = () => false,
  frameLine: FrameLine = () => null,
): FailureEntities {
  const locations: LoggedLocation[] = [];
  failures.forEach((failure, index) => {
    const kept = withoutStoredHistory(failure.frames, isTestPath, frameLine);
    const chunks = tracebacks({ ...failure, frames: kept }, isTestPath);
    chunks.forEach((chunk, offset) => {
      for (const frame of chunk)
        locations.push({
          ...frame,
          path: frame.file,
          origin: "frame",
          group: `f${index}.${offset}`,
          offset,
          stackLine: true,
        });
    });
    // The failure's own location is usually one of its frames; only a new line adds evidence. A
    // location in the stored exception's history (cut below) is none.
    const framed = failure.frames.some((f) => f.file === failure.file && f.line === failure.line);
    if (failure.file !== null && !framed && kept.length === failure.frames.length)
      locations.push({
        path: failure.file,
        line: failure.line,
        function: null,
        external: false,
        origin: "failure",
        group: `f${index}.location`,
        offset: Math.max(0, chunks.length - 1),
        stackLine: false,
      });
  });
  locations.push(...logMentions(withoutNonFailureSections(logText), isTestPath, frameLine));
  const focused = failures.map((f) => `${f.test ?? ""}\n${f.message}`).join("\n");
  const errorClasses = new Set<string>();
  for (const text of [focused, logText])
    for (const m of text.matchAll(ERROR_CLASS)) errorClasses.add(m[1] ?? "");
  errorClasses.delete("");
  return {
    locations,
    testNames: [...new Set(failures.flatMap((f) => (f.test ? [f.test] : [])))],
    errorClasses: [...errorClasses],
    identifiers: identifiersIn(failures.map((f) => f.message).join("\n")),
    failureTerms: splitIdentifiers(focused),
  };
}

/**
 * `path:line` mentions in the raw log, innermost first within each failure block. Python prints
 * tracebacks outermost first (the raising line last), V8 innermost first; the order is flipped for
 * Python frames so that depth 0 is the innermost in both.
 */
function logMentions(logText: string, isTestPath: IsTestPath, frameLine: FrameLine): LoggedLocation[] {
  const out: LoggedLocation[] = [];
  let block: LoggedLocation[] = [];
  let blockIndex = 0;
  let offset = 0;
  const flush = (nextOffset: number) => {
    const python = block.length > 0 && block.every((m) => m.path.endsWith(".py"));
    if (python) block = mentionsWithoutStoredHistory(block, isTestPath, frameLine);
    const ordered = python ? block.reverse() : block;
    out.push(...ordered.map((m) => ({ ...m, offset })));
    block = [];
    blockIndex++;
    offset = nextOffset;
  };
  for (const line of logText.split("\n")) {
    if (CHAINED.test(line.trim())) flush(offset + 1);
    else if (BLOCK_START.test(line)) flush(0);
    for (const printed of printedLines(line)) {
      // Asked once per printed line, and only of lines that mention a path.
      let stackLine: boolean | undefined;
      for (const match of printed.matchAll(PATH_MENTION)) {
        const path = match[1] ?? "";
        stackLine ??= isStackLine(printed, path);
        block.push({
          path,
          line: match[2] ? Number(match[2]) : null,
          function: null,
          external: EXTERNAL.test(path),
          origin: "mention",
          group: `m${blockIndex}`,
          offset: 0,
          stackLine,
        });
      }
    }
  }
  flush(0);
  return out;
}

type Frames = Failure["frames"];

// `raise error` / `raise self._error`: a stored exception raised again (not a new one, not `raise`).
const RERAISE_STORED = /^\s*raise\s+[A-Za-z_][\w.]*\s*$/;

/**
 * Python appends to a stored exception's traceback each time it is raised: `raise import_error`
 * of an error caught at import time prints the import's module-level frame, and every earlier test
 * that raised it, after the raising line. That history is not this failure: its frames stop at the
 * re-raise when what follows shows a start over (a test frame, module-level code: `<module>`, or
 * pytest's last frame, printed without a function, in another file). A handler's `raise e` goes on
 * in its own function (the try body's line), and is kept whole.
 */
function withoutStoredHistory(frames: Frames, isTestPath: IsTestPath, frameLine: FrameLine): Frames {
  if (!frames.every((f) => f.file.endsWith(".py"))) return frames;
  for (let i = 0; i + 1 < frames.length; i++) {
    const frame = frames[i] as Frames[number];
    const next = frames[i + 1] as Frames[number];
    if (frame.line === null || frame.external || isTestPath(frame.file)) continue;
    if (!RERAISE_STORED.test(frameLine(frame.file, frame.line) ?? "")) continue;
    const goesOn = next.file === frame.file && (next.function === null || next.function === frame.function);
    const history = frames
      .slice(i + 1)
      .some(
        (f) =>
          isTestPath(f.file) || f.function === "<module>" || (f.function === null && f.file !== frame.file),
      );
    if (!goesOn && history) return frames.slice(0, i + 1);
  }
  return frames;
}

/**
 * withoutStoredHistory for one block of `path:line` mentions (printed order, no function names):
 * cut at a stored re-raise after which a test file or another file's line is mentioned.
 */
function mentionsWithoutStoredHistory(
  block: LoggedLocation[],
  isTestPath: IsTestPath,
  frameLine: FrameLine,
): LoggedLocation[] {
  const frames = block.map((m) => ({
    file: m.path,
    line: m.line,
    external: m.external,
    // A mention of another file after the raise cannot be the raising function going on.
    function: null,
  }));
  return block.slice(0, withoutStoredHistory(frames, isTestPath, frameLine).length);
}

/**
 * A failure's frames as tracebacks, each innermost first, causes before the exceptions raised while
 * handling them. V8 prints innermost first; Python prints outermost first (the parsers keep that
 * order), and each chained exception's traceback starts again from the test: a test frame after
 * library frames starts the next traceback.
 */
function tracebacks(failure: Failure, isTestPath: IsTestPath): Frames[] {
  const frames = failure.frames;
  if (frames.length < 2) return [frames];
  const at = (f: Frames[number] | undefined) =>
    f !== undefined && f.file === failure.file && f.line === failure.line;
  const python = frames.every((f) => f.file.endsWith(".py"));
  const outermostFirst = (at(frames[frames.length - 1]) && !at(frames[0])) || (python && !at(frames[0]));
  if (!outermostFirst) return [frames];
  const chunks: Frames[] = [[]];
  let previousIsTest = true;
  for (const frame of frames) {
    const isTest = isTestPath(frame.file);
    if (isTest && !previousIsTest) chunks.push([]);
    chunks[chunks.length - 1]?.push(frame);
    previousIsTest = isTest;
  }
  return chunks.map((chunk) => [...chunk].reverse());
}
