// What a failing run names: code locations (stack frames, failure positions, `path:line` mentions),
// test names, error classes, identifiers and the words of the failure messages. Failure records from
// perception come first; the raw log adds the mentions a parser did not turn into frames.
import type { Failure } from "../../perception/failure.ts";
import { identifiersIn, splitIdentifiers } from "../index/split-identifiers.ts";
import { withoutNonFailureSections } from "./non-failure-sections.ts";

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
// `path:12`, `path:12:3`, `path(12,3)`, `File "path", line 12`.
const PATH_MENTION = new RegExp(
  `(?:file://)?((?:[A-Za-z]:)?[\\w@.+\\-/\\\\]*[\\w@+-]\\.(?:${SOURCE_EXT}))(?![\\w/])(?:(?::|", line |\\()(\\d+))?`,
  "g",
);
// Lines that start a new failure report in the common runners' output (pytest, unittest, TAP, jest,
// vitest, ava, mocha, Python tracebacks): mentions are ordered within one such block.
const BLOCK_START =
  /^\s*(?:_{3,}|={3,}|-{5,}|⎯{3,}|Traceback \(most recent call last\)|not ok |(?:FAIL|ERROR)\b|●|✘|✗|×|\d+\) )/;
// Python chains exceptions: the traceback after one of these lines is one level further out.
const CHAINED = /^(During handling of the above exception|The above exception was the direct cause)/;
const ERROR_CLASS = /\b([A-Z][A-Za-z0-9]*(?:Error|Exception|Failure|Warning))\b/g;
const EXTERNAL = /(^|\/)(node_modules|site-packages|dist-packages|lib\/python\d[^/]*)\/|^node:|^internal\//;

/** True when a path as printed is test code (splits chained Python tracebacks at the test frame). */
export type IsTestPath = (printed: string) => boolean;

export function extractEntities(
  failures: readonly Failure[],
  logText: string,
  isTestPath: IsTestPath = () => false,
): FailureEntities {
  const locations: LoggedLocation[] = [];
  failures.forEach((failure, index) => {
    const chunks = tracebacks(failure, isTestPath);
    chunks.forEach((chunk, offset) => {
      for (const frame of chunk)
        locations.push({ ...frame, path: frame.file, origin: "frame", group: `f${index}.${offset}`, offset });
    });
    // The failure's own location is usually one of its frames; only a new line adds evidence.
    const framed = failure.frames.some((f) => f.file === failure.file && f.line === failure.line);
    if (failure.file !== null && !framed)
      locations.push({
        path: failure.file,
        line: failure.line,
        function: null,
        external: false,
        origin: "failure",
        group: `f${index}.location`,
        offset: Math.max(0, chunks.length - 1),
      });
  });
  locations.push(...logMentions(withoutNonFailureSections(logText)));
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
function logMentions(logText: string): LoggedLocation[] {
  const out: LoggedLocation[] = [];
  let block: LoggedLocation[] = [];
  let blockIndex = 0;
  let offset = 0;
  const flush = (nextOffset: number) => {
    const ordered = block.length > 0 && block.every((m) => m.path.endsWith(".py")) ? block.reverse() : block;
    out.push(...ordered.map((m) => ({ ...m, offset })));
    block = [];
    blockIndex++;
    offset = nextOffset;
  };
  for (const line of logText.split("\n")) {
    if (CHAINED.test(line.trim())) flush(offset + 1);
    else if (BLOCK_START.test(line)) flush(0);
    for (const match of line.matchAll(PATH_MENTION)) {
      const path = match[1] ?? "";
      block.push({
        path,
        line: match[2] ? Number(match[2]) : null,
        function: null,
        external: EXTERNAL.test(path),
        origin: "mention",
        group: `m${blockIndex}`,
        offset: 0,
      });
    }
  }
  flush(0);
  return out;
}

type Frames = Failure["frames"];

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
