// Which `path:line` mentions of a raw log are printed as a line of a stack trace (`at fn (path:l:c)`,
// node:test's `fn (path:l:c)`, Python's `File "path", line N` and pytest's `path:N: in fn`), as opposed
// to a location a runner names beside the stack (node:test's `location: 'path:l:c'`). Only a stack
// line says who called whom, so only a stack line in test code may mark a stack as starting in a
// callback the test wrote.
import { parseJsStackFrame } from "../../perception/js-stack-frame.ts";
import { normaliseLine } from "../../perception/normalise-line.ts";
import { parsePythonFrame } from "../../perception/parsers/python-traceback-frames.ts";
import type { ParseContext } from "../../perception/parsers/log-parser.ts";

// Paths stay as printed: only the shape of the line is asked about.
const asPrinted: ParseContext = { toRepoPath: (printed) => printed, isExternal: () => false };

// An HTML error page quoted in a message (Express's finalhandler, connect's errorhandler: a 500
// page a test's HTTP client received) prints the server's stack with `<br>` for its newlines and
// `&nbsp;` for runs of spaces, HTML-escaped, all on one log line.
const HTML_BREAK = /<br\s*\/?>/i;
const ENTITIES: Record<string, string> = { nbsp: " ", lt: "<", gt: ">", amp: "&", quot: '"', "#39": "'" };

/** A log line as the lines it prints: split at HTML line breaks, entities decoded. */
export function printedLines(line: string): string[] {
  if (!HTML_BREAK.test(line)) return [line];
  return line
    .split(HTML_BREAK)
    .map((part) => part.replace(/&(nbsp|lt|gt|amp|quot|#39);/g, (_, e) => ENTITIES[e] ?? ""));
}

/**
 * True when the printed line is one stack frame: CPython's or pytest's for a Python file (`path` as
 * the mention prints it), V8's with or without `at` for any other.
 */
export function isStackLine(printed: string, path: string): boolean {
  // The frame parsers expect what diagnose gives them, a line as a terminal shows it; localize has
  // the raw log. A `\r` (a CRLF log) or colour codes would hide every frame, and a `\r` or U+2028
  // mid-line ends the line for `.` but not for `$`: the anchored regexes backtrack over it (A45).
  const line = normaliseLine(printed);
  return path.endsWith(".py")
    ? parsePythonFrame(line, asPrinted) !== null
    : parseJsStackFrame(line, asPrinted, false) !== null;
}
