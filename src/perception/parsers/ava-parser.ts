// AVA: `✘ [fail]: title …` lines, then after a `─` rule one detail block per failure (title, the
// assertion's `file:line` and code, the difference or the thrown error with its stack, `› file:line:col`
// frames), blocks separated by `─`. `Uncaught exception in <file>` blocks belong to a file (test null).
// A run that outlived `--timeout` prints `✘ Timed out while running tests`, then per file
// `N tests were pending in <file>` and a `◌ title` line per pending test: one timeout each. A file
// none of whose tests had started (its worker stuck while loading it) is `Failed to exit when running
// <file>`: one timeout for the file, test null.
import type { Failure } from "../failure.ts";
import type { LogParser, ParseContext } from "./log-parser.ts";
import { innermostProjectLocation, parseJsStackFrame, type ParsedJsFrame } from "../js-stack-frame.ts";

const RULE = /^ {2}─$/;
// AVA 4+ marks failures `✘ [fail]: `; AVA 3 printed `✖ title` and a `N tests failed` summary.
const FAIL_LINE = /^\s*✘ \[fail\]: /;
const OLD_FAIL_LINE = /^\s*✖ \S/;
const FAILED_SUMMARY = /^ {2}\d+ tests? failed$/;
const ASSERT_AT = /^ {2}((?:[\w@.-]+\/)*[\w@.-]+\.[cm]?[jt]sx?):(\d+)$/;
const ARROW = /^\s*› (.+):(\d+):(\d+)$/;
const FILE_LEVEL = /^(?:Uncaught exception|Unhandled rejection) in (.+)$/;
const CODE_LINE = /^\s+\d+: /;
const TIMED_OUT = "✘ Timed out while running tests";
const PENDING_IN = /^\s*\d+ tests? (?:were|was) pending in (\S+)$/;
const PENDING_TEST = /^\s*◌ (\S.*)$/;
const FAILED_TO_EXIT = /^\s*Failed to exit when running (\S+)$/;

export const avaParser: LogParser = {
  tool: "ava",
  markers: ["[fail]: ", " tests failed", " test failed", TIMED_OUT],
  detect(lines) {
    if (lines.some((l) => FAIL_LINE.test(l) || l.includes(TIMED_OUT))) return 85;
    // node:test's spec reporter also prints `✖ name`; its summary lines tell it apart.
    if (lines.some((l) => l.startsWith("ℹ tests ") || l.trim() === "✖ failing tests:")) return 0;
    return lines.some((l) => FAILED_SUMMARY.test(l)) && lines.some((l) => OLD_FAIL_LINE.test(l)) ? 70 : 0;
  },
  parse(lines, context) {
    const failures: Failure[] = timeoutFailures(lines, context);
    const first = lines.findIndex((l) => RULE.test(l));
    if (first === -1) return failures;
    let block: string[] = [];
    let blanks = 0;
    const flush = () => {
      if (block.some((l) => l.trim() !== "")) failures.push(blockFailure(block, context));
      block = [];
    };
    // Blocks are separated by a rule or by two or more blank lines; one blank line splits parts of a block.
    for (const line of lines.slice(first + 1)) {
      if (RULE.test(line)) {
        flush();
        blanks = 0;
        continue;
      }
      blanks = line.trim() === "" ? blanks + 1 : 0;
      if (blanks === 2) flush();
      if (blanks < 2) block.push(line);
    }
    return failures;
  },
};

function timeoutFailures(lines: readonly string[], context: ParseContext): Failure[] {
  const at = lines.findIndex((l) => l.includes(TIMED_OUT));
  if (at === -1) return [];
  const failures: Failure[] = [];
  let file: string | null = null;
  for (const line of lines.slice(at + 1)) {
    if (RULE.test(line)) break;
    const pendingIn = PENDING_IN.exec(line);
    if (pendingIn) file = context.toRepoPath(pendingIn[1] ?? "");
    const pending = PENDING_TEST.exec(line);
    if (pending && file !== null) failures.push(timeout(file, (pending[1] ?? "").trim()));
    const stuck = FAILED_TO_EXIT.exec(line);
    if (stuck) failures.push(timeout(context.toRepoPath(stuck[1] ?? ""), null));
  }
  return failures;
}

function timeout(file: string, test: string | null): Failure {
  return {
    tool: "ava",
    kind: "timeout",
    file,
    line: null,
    column: null,
    test,
    message: TIMED_OUT.slice(2),
    rule: null,
    frames: [],
  };
}

function blockFailure(block: readonly string[], context: ParseContext): Failure {
  const content = block.filter((l) => l.trim() !== "");
  const title = (content[0] ?? "").trim();
  const frames: ParsedJsFrame[] = [];
  let assertAt: { file: string; line: number } | null = null;
  for (const line of content.slice(1)) {
    const arrow = ARROW.exec(line);
    const parsed = arrow ? arrowFrame(arrow, context) : parseJsStackFrame(line, context);
    if (parsed) frames.push(parsed);
    const at = ASSERT_AT.exec(line);
    if (at && !assertAt) assertAt = { file: context.toRepoPath(at[1] ?? ""), line: Number(at[2]) };
  }
  const fileLevel = FILE_LEVEL.exec(title);
  const location = innermostProjectLocation(frames);
  return {
    tool: "ava",
    kind: "test",
    file: location?.file ?? assertAt?.file ?? (fileLevel ? context.toRepoPath(fileLevel[1] ?? "") : null),
    line: location?.line ?? assertAt?.line ?? null,
    column: location?.column ?? null,
    test: fileLevel ? null : title,
    message: pickMessage(content.slice(1)),
    rule: null,
    frames: frames.map((p) => p.frame),
  };
}

function arrowFrame(m: RegExpExecArray, context: ParseContext): ParsedJsFrame {
  const file = m[1] ?? "";
  return {
    frame: {
      file: context.toRepoPath(file),
      line: Number(m[2]),
      function: null,
      external: context.isExternal(file),
    },
    column: Number(m[3]),
  };
}

// The thrown error's own line when there is one; otherwise AVA's explanation (e.g. `Difference …:`).
function pickMessage(content: readonly string[]): string {
  const error = content.find((l) => /^\s*(?:[\w.]*Error|Error)(?: \[\w+\])?: /.test(l));
  if (error) return error.trim();
  const text = content.filter(
    (l) => !ASSERT_AT.test(l) && !CODE_LINE.test(l) && !ARROW.test(l) && !/^\s+at /.test(l),
  );
  return text
    .slice(0, 6)
    .map((l) => l.trim())
    .join("\n");
}
