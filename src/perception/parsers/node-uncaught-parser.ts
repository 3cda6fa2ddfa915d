// A Node.js process that dies of an uncaught exception prints where it was thrown (`file:line`, the
// source line, a caret), the error and its stack, and last `Node.js vX.Y.Z`. A test runner that
// rethrows a test file's load error this way (mocha 10 through yargs) prints no report of its own, so
// this is the only account of the failure. A fallback: a runner's own report of the same section wins.
import type { Failure } from "../failure.ts";
import type { LogParser, ParseContext } from "./log-parser.ts";
import { parseJsStackFrame, stackFailure, type ParsedJsFrame } from "../js-stack-frame.ts";
import { frameRunner } from "./crash-runner.ts";
import { markerLinesOf } from "./marker-lines.ts";

const TRAILER = /^Node\.js v\d+\.\d+\.\d+$/;
const STACK_LINE = /^\s+at\s/;
const MAX_MESSAGE_LINES = 12;

export const nodeUncaughtParser: LogParser = {
  tool: "node",
  fallback: true,
  markers: ["Node.js v"],
  detect(lines, markerLines) {
    // Above the generic `path:line: message` reader, which would take the throw site's header line.
    return markerLinesOf(lines, markerLines).some((l) => TRAILER.test(l)) ? 20 : 0;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    for (let i = 0; i < lines.length; i++)
      if (TRAILER.test(lines[i] ?? "")) {
        const failure = uncaughtAbove(lines, i, context);
        if (failure) failures.push(failure);
      }
    return failures;
  },
};

/** The error and stack printed above the trailer at `end`: blank lines, frames, then the message. */
function uncaughtAbove(lines: readonly string[], end: number, context: ParseContext): Failure | null {
  let i = end - 1;
  while (i >= 0 && (lines[i] ?? "").trim() === "") i--;
  const frames: ParsedJsFrame[] = [];
  // Every `at` line is the stack's, though some (`at node:internal/main/run_main_module:28:49`,
  // `at Array.forEach (<anonymous>)`) name no file a frame can hold.
  for (; i >= 0 && STACK_LINE.test(lines[i] ?? ""); i--) {
    const frame = parseJsStackFrame(lines[i] ?? "", context);
    if (frame) frames.unshift(frame);
  }
  const message: string[] = [];
  for (; i >= 0 && (lines[i] ?? "").trim() !== "" && message.length < MAX_MESSAGE_LINES; i--)
    message.unshift((lines[i] ?? "").trim());
  if (message.length === 0) return null;
  const runner = frameRunner(frames.map((p) => p.frame));
  return stackFailure(runner ?? "node", runner ? "test" : "crash", message.join("\n"), frames);
}
