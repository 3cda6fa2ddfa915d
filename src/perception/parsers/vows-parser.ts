// vows (spec and dot reporters): per context a name line, per vow `✓ name` or `✗ name`; a broken
// vow's `» expected …` lines (the assertion's place appended as ` // file:line`, mostly vows' own
// macros), an errored vow's error line and its `at …` frames. A batch that never finished prints
// `✗ Errored » Asynchronous Error` with `in CONTEXT` / `in FILE` lines. The run ends with
// `✗ Broken » N honored ∙ M broken (…s)`, `✗ Errored » …` or `✓ OK » N honored (…s)`.
import type { Failure } from "../failure.ts";
import type { LogParser, ParseContext } from "./log-parser.ts";
import { innermostProjectLocation, parseJsStackFrame, type ParsedJsFrame } from "../js-stack-frame.ts";

const VOW_FAILED = /^(\s+)✗ (.*\p{L}.*?)\s*$/u;
const VOW_PASSED = /^\s+✓ /;
const SUMMARY = /^\s*(?:✗ (?:Broken|Errored)|✓ OK) » \d+ honored\b/;
const ERRORED = /^\s*✗ Errored » (.+?)\s*$/;
const IN_LINE = /^\s+in (.+?)\s*$/;
const ASSERT_PLACE = /\s+\/\/ (\S+?):(\d+)\s*$/;
// `♢ roundCents`: a suite's header, not a context.
const SUITE = /^\s*♢ /;

export const vowsParser: LogParser = {
  tool: "vows",
  markers: [" honored", "✗ "],
  detect(lines) {
    if (!lines.some((l) => VOW_FAILED.test(l) || ERRORED.test(l))) return 0;
    if (lines.some((l) => SUMMARY.test(l))) return 90;
    return lines.some((l) => l.trimStart().startsWith("» ")) ? 50 : 0;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    let contextName = "";
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? "";
      if (SUMMARY.test(line)) continue;
      const errored = ERRORED.exec(line);
      if (errored) {
        const where: string[] = [];
        for (let j = i + 1; j < lines.length; j++) {
          const m = IN_LINE.exec(lines[j] ?? "");
          if (!m) break;
          where.push(m[1] ?? "");
          i = j;
        }
        failures.push(erroredBatch(errored[1] ?? "", where, context));
        continue;
      }
      const vow = VOW_FAILED.exec(line);
      if (!vow) {
        // Vows' bodies are consumed below, so any other line but a passed vow or a suite header names
        // the context of the vows under it.
        if (line.trim() !== "" && !VOW_PASSED.test(line) && !SUITE.test(line)) contextName = line.trim();
        continue;
      }
      const body: string[] = [];
      const parsed: ParsedJsFrame[] = [];
      let j = i + 1;
      for (; j < lines.length; j++) {
        const next = lines[j] ?? "";
        if (next.trim() === "" || VOW_FAILED.test(next) || VOW_PASSED.test(next) || SUMMARY.test(next)) break;
        const frame = parseJsStackFrame(next, context);
        if (frame) parsed.push(frame);
        else if (parsed.length > 0 || !isBodyLine(next, vow[1] ?? "")) break;
        else body.push(next.trim());
      }
      i = j - 1;
      const test = contextName ? `${contextName} ${vow[2] ?? ""}` : (vow[2] ?? "");
      failures.push(vowFailure(test, body, parsed, context));
    }
    return failures;
  },
};

// A broken vow's `» …` lines and their continuations (`got 1 (==)` on the next line, indented with a
// tab), or an errored vow's error line: as deep as the vow's own `✗` (the dot reporter) or deeper.
// Context lines sit above the vows; the vows' own lines were told apart before this is asked.
function isBodyLine(line: string, vowIndent: string): boolean {
  const indent = line.length - line.trimStart().length;
  return line.trimStart().startsWith("»") || /^ *\t/.test(line) || indent >= vowIndent.length;
}

function vowFailure(
  test: string,
  body: readonly string[],
  parsed: readonly ParsedJsFrame[],
  context: ParseContext,
): Failure {
  const text = body.join(" ").replace(/^»\s*/, "").replace(/\s+/g, " ").trim();
  const place = ASSERT_PLACE.exec(text);
  const message = place ? text.slice(0, place.index).trim() : text;
  const at = innermostProjectLocation(parsed);
  const asserted = place && !context.isExternal(place[1] ?? "") ? place : null;
  return {
    tool: "vows",
    kind: "test",
    file: at ? context.toRepoPath(at.file) : asserted ? context.toRepoPath(asserted[1] ?? "") : null,
    line: at?.line ?? (asserted ? Number(asserted[2]) : null),
    column: at?.column ?? null,
    test,
    message: message || "vow failed",
    rule: null,
    frames: parsed.map((p) => p.frame),
  };
}

/** `✗ Errored » Asynchronous Error` / `in API` / `in test/api_test.js`: the last `in` is the file. */
function erroredBatch(message: string, where: readonly string[], context: ParseContext): Failure {
  const file = where.length > 1 ? (where.at(-1) ?? null) : null;
  return {
    tool: "vows",
    kind: "test",
    file: file ? context.toRepoPath(file) : null,
    line: null,
    column: null,
    test: where.length > 1 ? where.slice(0, -1).join(" ") : (where[0] ?? null),
    message,
    rule: null,
    frames: [],
  };
}
