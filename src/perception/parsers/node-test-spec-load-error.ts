// A test file that fails while loading (a missing module, a syntax error) has no test of its own:
// node:test's spec reporter lists the file as a failed test with the message 'test failed' and
// prints the file's stderr just above that file's line in the tree. Read like node-test-tap.ts reads
// the same crash from TAP comments: the first error line is the message, the location comes from a
// project frame of its stack or the `file:///abs/file.js:3` line Node prints above a syntax error.
import type { Failure } from "../failure.ts";
import type { ParseContext } from "./log-parser.ts";
import { innermostProjectLocation, parseJsStackFrame, type ParsedJsFrame } from "../js-stack-frame.ts";

const ERROR_LINE = /^(?:[\w.]*Error|Error|AssertionError)\b.*?:/;
const TREE_LINE = /^[✔✖▶﹣⚠ℹ] /;
const MAX_STDERR_LINES = 200;

export function fileLoadError(
  lines: readonly string[],
  name: string,
  before: number,
  context: ParseContext,
): Failure | null {
  const treeLine = lastIndexBefore(lines, before, (l) => l.startsWith(`✖ ${name}`));
  if (treeLine === -1) return null;
  const stderr: string[] = [];
  for (let j = treeLine - 1; j >= 0 && stderr.length < MAX_STDERR_LINES; j--) {
    const line = lines[j] ?? "";
    if (TREE_LINE.test(line)) break; // the previous test's output: not this file's
    stderr.unshift(line);
  }
  const errorAt = stderr.findIndex((l) => ERROR_LINE.test(l.trim()));
  if (errorAt === -1) return null;
  const frames: ParsedJsFrame[] = [];
  for (const line of stderr.slice(errorAt + 1)) {
    const parsed = parseJsStackFrame(line, context, false);
    if (parsed) frames.push(parsed);
  }
  const location = innermostProjectLocation(frames) ?? sourceHeaderLocation(stderr, context);
  return {
    tool: "node:test",
    kind: "test",
    file: location?.file ?? null,
    line: location ? location.line : 1,
    column: location ? location.column : null,
    test: null,
    message: (stderr[errorAt] ?? "").trim(),
    rule: null,
    frames: frames.map((p) => p.frame),
  };
}

function lastIndexBefore(lines: readonly string[], end: number, match: (l: string) => boolean): number {
  for (let j = end - 1; j >= 0; j--) if (match(lines[j] ?? "")) return j;
  return -1;
}

// Node prints `file:///abs/file.js:3` above the source line of a syntax or link error.
function sourceHeaderLocation(stderr: readonly string[], context: ParseContext) {
  for (const line of stderr) {
    const m = /^((?:file:\/\/)?\/\S+|[A-Za-z]:\\\S+):(\d+)$/.exec(line.trim());
    if (m && !context.isExternal(m[1] ?? ""))
      return { file: context.toRepoPath(m[1] ?? ""), line: Number(m[2]), column: null };
  }
  return null;
}
