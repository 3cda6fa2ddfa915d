// Mocha's epilogue (spec, dot, list, min… reporters): `N passing`, `N failing`, then numbered entries
// `  1) suite` + more-indented title lines ending in `:`, the error message and the stack. The test name
// is mocha's full title (the title lines joined by spaces); hooks appear as `"before all" hook for …`.
// A test file that throws while loading (in a `describe` body) ends the run before any test:
// mocha prints ` Exception during run: <error>` and the stack, and no epilogue at all.
import type { Failure } from "../failure.ts";
import type { LogParser, ParseContext } from "./log-parser.ts";
import { markerLinesOf } from "./marker-lines.ts";
import {
  innermostProjectLocation,
  parseJsStackFrame,
  stackFailure,
  type ParsedJsFrame,
} from "../js-stack-frame.ts";

const ENTRY = /^ {2}(\d+)\) (.+)$/;
const FAILING = /^ {2}\d+ failing$/;
const TRAILING_FILE = /\(((?:file:\/\/)?(?:\/|[A-Za-z]:\\)[^()]+\.[cm]?[jt]sx?)\)\s*$/;
const MAX_MESSAGE_LINES = 12;
// How far past `Exception during run:` a stack is looked for, beyond a message of several lines.
const MAX_MESSAGE_SCAN = 200;
const LOAD_EXCEPTION = /^\s*Exception during run: (.*)$/;

export const mochaParser: LogParser = {
  tool: "mocha",
  markers: [" failing", " passing (", "Exception during run: "],
  detect(allLines, markerLines) {
    // Every line that scores holds one of the markers.
    const lines = markerLinesOf(allLines, markerLines);
    let failing = false;
    let passing = false;
    for (const line of lines) {
      if (LOAD_EXCEPTION.test(line)) return 85;
      // Both summary lines are two spaces and a digit first; most lines fail that without a regex.
      const c = line.charCodeAt(2);
      if (c < 48 || c > 57 || line.charCodeAt(0) !== 32 || line.charCodeAt(1) !== 32) continue;
      if (FAILING.test(line)) failing = true;
      else if (/^ {2}\d+ passing \(\d+m?s\)$/.test(line)) passing = true;
    }
    return failing ? 85 : passing ? 40 : 0;
  },
  parse(lines, context) {
    const failures = loadExceptions(lines, context);
    const start = lines.findIndex((l) => FAILING.test(l));
    if (start === -1) return failures;
    for (let i = start + 1; i < lines.length; i++) {
      const entry = ENTRY.exec(lines[i] ?? "");
      if (!entry) continue;
      let end = i + 1;
      while (end < lines.length && !ENTRY.test(lines[end] ?? "") && !isOutside(lines[end] ?? "")) end++;
      failures.push(entryFailure(entry[2] ?? "", lines.slice(i + 1, end), context));
      i = end - 1;
    }
    return failures;
  },
};

function loadExceptions(lines: readonly string[], context: ParseContext): Failure[] {
  const failures: Failure[] = [];
  for (let i = 0; i < lines.length; i++) {
    const exception = LOAD_EXCEPTION.exec(lines[i] ?? "");
    if (!exception) continue;
    const message = [(exception[1] ?? "").trim()];
    const frames: ParsedJsFrame[] = [];
    let end = i + 1;
    for (; end < lines.length; end++) {
      const line = lines[end] ?? "";
      const frame = parseJsStackFrame(line, context);
      if (frame) {
        frames.push(frame);
        continue;
      }
      // A message of several lines (a list of what was rejected, an assertion's diff) comes
      // before the stack; the run's output after it ends the search.
      if (frames.length > 0 || end - i > MAX_MESSAGE_SCAN || isOutside(line)) break;
      if (line.trim() !== "" && message.length < MAX_MESSAGE_LINES) message.push(line.trim());
    }
    failures.push(stackFailure("mocha", "test", message.join("\n"), frames));
    if (frames.length > 0) i = end - 1;
  }
  return failures;
}

// Entries are indented, but an assertion message may print unindented lines; what follows the
// epilogue in the same section is the package manager's own report.
function isOutside(line: string): boolean {
  return /^(?:npm (?:ERR!|error)|> |yarn |error Command|ELIFECYCLE| ELIFECYCLE)/.test(line);
}

function entryFailure(first: string, body: readonly string[], context: ParseContext): Failure {
  const title = [first.trim()];
  let i = 0;
  if (!first.trimEnd().endsWith(":")) {
    for (; i < body.length; i++) {
      const line = (body[i] ?? "").trim();
      title.push(line);
      if (line.endsWith(":")) {
        i++;
        break;
      }
    }
  }
  const frames: ParsedJsFrame[] = [];
  const message: string[] = [];
  for (const line of body.slice(i)) {
    const frame = parseJsStackFrame(line, context);
    if (frame) frames.push(frame);
    else if (frames.length === 0 && line.trim() !== "" && message.length < MAX_MESSAGE_LINES)
      message.push(line.trim());
  }
  const location = innermostProjectLocation(frames);
  const fallbackFile = TRAILING_FILE.exec(message.join(" "))?.[1];
  return {
    tool: "mocha",
    kind: "test",
    file: location?.file ?? (fallbackFile ? context.toRepoPath(fallbackFile) : null),
    line: location?.line ?? null,
    column: location?.column ?? null,
    test: title.join(" ").replace(/:$/, ""),
    message: message.join("\n"),
    rule: null,
    frames: frames.map((p) => p.frame),
  };
}
