// Jest: `FAIL path` per suite, then one `● Suite › test` block per failed test (message, code frame,
// stack). `● Test suite failed to run` is a suite-level failure (test null). The location is the
// innermost project frame of the block's stack; failing that, the code frame's `>` line in the suite.
import type { Failure } from "../failure.ts";
import type { LogParser, ParseContext } from "./log-parser.ts";
import { markerLinesOf } from "./marker-lines.ts";
import { innermostProjectLocation, parseJsStackFrame, type ParsedJsFrame } from "../js-stack-frame.ts";

const WORKER_DIED = /^A jest worker process \(pid=\d+\) was terminated by|^Call retries were exceeded/;

// `FAIL [displayName] path [(1.2 s)]`: multi-project configs put the project name before the path.
const SUITE = /^\s*FAIL\s+(?:\S+\s+)?(\S+?)(?:\s+\([\d.]+ m?s\))?\s*$/;
const BLOCK = /^ {2}● (.+)$/;
// `>` then spaces only after a `>`: `\s*(>?)\s*` split a run of spaces every way (A45).
const CODE_FRAME = /^\s*(?:(>)\s*)?(\d+) \|/;
const NOT_FAILURES = new Set(["Console"]);
const MAX_MESSAGE_LINES = 20;
// ts-jest reports a type error of the test file as the suite's message, in tsc's own format.
const TS_DIAGNOSTIC = /^(\S+?)(?::(\d+):(\d+) - |\((\d+),(\d+)\): )error TS\d+: /;

export const jestParser: LogParser = {
  tool: "jest",
  markers: ["  ● ", "Test Suites: "],
  detect(allLines, markerLines) {
    // Every line that scores holds one of the markers.
    const lines = markerLinesOf(allLines, markerLines);
    let blocks = 0;
    let summary = false;
    for (const line of lines) {
      if (line.startsWith("  ● ")) blocks++;
      else if (line.startsWith("Test Suites: ")) summary = true;
    }
    if (blocks > 0) return summary ? 90 : 75;
    return summary ? 50 : 0;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    let suite: string | null = null;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? "";
      const suiteMatch = line.includes("FAIL") ? SUITE.exec(line) : null;
      if (suiteMatch) {
        suite = context.toRepoPath(suiteMatch[1] ?? "");
        continue;
      }
      const block = line.startsWith("  ● ") ? BLOCK.exec(line) : null;
      if (!block) continue;
      const title = (block[1] ?? "").trim();
      if (NOT_FAILURES.has(title)) continue;
      const end = blockEnd(lines, i + 1);
      failures.push(blockFailure(title, suite, lines.slice(i + 1, end), context));
      i = end - 1;
    }
    return failures;
  },
};

// A block runs until the next block, the next suite line, or any unindented line (summary, npm).
function blockEnd(lines: readonly string[], from: number): number {
  for (let j = from; j < lines.length; j++) {
    const line = lines[j] ?? "";
    if (line.startsWith("  ● ")) return j;
    if (line !== "" && !line.startsWith(" ")) return j;
  }
  return lines.length;
}

function blockFailure(
  title: string,
  suite: string | null,
  body: readonly string[],
  context: ParseContext,
): Failure {
  const frames: ParsedJsFrame[] = [];
  const message: string[] = [];
  let codeFrameLine: number | null = null;
  let inMessage = true;
  for (const line of body) {
    const parsed = parseJsStackFrame(line, context);
    if (parsed) {
      frames.push(parsed);
      inMessage = false;
      continue;
    }
    const code = CODE_FRAME.exec(line);
    if (code) {
      if (code[1] === ">" && codeFrameLine === null) codeFrameLine = Number(code[2]);
      inMessage = false;
      continue;
    }
    if (inMessage && line.trim() !== "" && message.length < MAX_MESSAGE_LINES) message.push(line.trim());
  }
  const typeError = message.map((m) => TS_DIAGNOSTIC.exec(m)).find((m) => m !== null);
  const location = typeError
    ? {
        file: context.toRepoPath(typeError[1] ?? ""),
        line: Number(typeError[2] ?? typeError[4]),
        column: Number(typeError[3] ?? typeError[5]),
      }
    : innermostProjectLocation(frames);
  const isSuiteError = title === "Test suite failed to run";
  // The worker running this file died (V8 heap limit, a signal): the suite crashed, it did not fail.
  const workerDied = isSuiteError && message.some((m) => WORKER_DIED.test(m));
  return {
    tool: "jest",
    kind: workerDied ? "crash" : "test",
    file: location?.file ?? suite,
    line: location ? location.line : codeFrameLine,
    column: location?.column ?? null,
    test: isSuiteError ? null : title,
    message: message.join("\n"),
    rule: null,
    frames: frames.map((p) => p.frame),
  };
}
