// What a failing run names: code locations (stack frames, failure positions, `path:line` mentions),
// test names, error classes, identifiers and the words of the failure messages. Failure records from
// perception come first; the raw log adds the mentions a parser did not turn into frames.
import type { Failure } from "../perception/failure.ts";
import { identifiersIn, splitIdentifiers } from "./split-identifiers.ts";

export type LocationOrigin = "frame" | "failure" | "mention";

export interface LoggedLocation {
  /** As perception or the log gives it (repository-relative when perception could map it). */
  path: string;
  line: number | null;
  function: string | null;
  external: boolean;
  origin: LocationOrigin;
  /** Index of the failure it belongs to; mentions: -1 - the index of their log block. */
  failure: number;
  /** 0 = innermost frame of its failure or log block. */
  depth: number;
}

export interface FailureEntities {
  locations: LoggedLocation[];
  testNames: string[];
  errorClasses: string[];
  /** Identifiers exactly as written in failure messages and test names. */
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
const ERROR_CLASS = /\b([A-Z][A-Za-z0-9]*(?:Error|Exception|Failure|Warning))\b/g;
const EXTERNAL = /(^|\/)(node_modules|site-packages|dist-packages|lib\/python\d[^/]*)\/|^node:|^internal\//;

export function extractEntities(failures: readonly Failure[], logText: string): FailureEntities {
  const locations: LoggedLocation[] = [];
  failures.forEach((failure, index) => {
    failure.frames.forEach((frame, depth) =>
      locations.push({ ...frame, path: frame.file, origin: "frame", failure: index, depth }),
    );
    if (failure.file !== null)
      locations.push({
        path: failure.file,
        line: failure.line,
        function: null,
        external: false,
        origin: "failure",
        failure: index,
        depth: failure.frames.length,
      });
  });
  locations.push(...logMentions(logText));
  const focused = failures.map((f) => `${f.test ?? ""}\n${f.message}`).join("\n");
  const errorClasses = new Set<string>();
  for (const text of [focused, logText])
    for (const m of text.matchAll(ERROR_CLASS)) errorClasses.add(m[1] ?? "");
  errorClasses.delete("");
  return {
    locations,
    testNames: [...new Set(failures.flatMap((f) => (f.test ? [f.test] : [])))],
    errorClasses: [...errorClasses],
    identifiers: identifiersIn(focused),
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
  const flush = () => {
    const ordered = block.length > 0 && block.every((m) => m.path.endsWith(".py")) ? block.reverse() : block;
    ordered.forEach((m, depth) => out.push({ ...m, depth }));
    block = [];
    blockIndex++;
  };
  for (const line of logText.split("\n")) {
    if (BLOCK_START.test(line)) flush();
    for (const match of line.matchAll(PATH_MENTION)) {
      const path = match[1] ?? "";
      block.push({
        path,
        line: match[2] ? Number(match[2]) : null,
        function: null,
        external: EXTERNAL.test(path),
        origin: "mention",
        failure: -1 - blockIndex,
        depth: 0,
      });
    }
  }
  flush();
  return out;
}
