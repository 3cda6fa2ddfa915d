// Vitest: after the run, `⎯ Failed Suites N ⎯` / `⎯ Failed Tests N ⎯` sections hold one block per
// failure: ` FAIL  file > suite > test` (several headers when they share one error), the error, then
// ` ❯ [fn] file:line:col` frames with code frames. ` FAIL  file [ file ]` is a suite that did not load.
// Unhandled errors get their own `⎯ Unhandled Rejection ⎯` blocks.
import type { Failure } from "../failure.ts";
import type { LogParser, ParseContext } from "./log-parser.ts";
import { innermostProjectLocation, parseJsStackFrame, type ParsedJsFrame } from "../js-stack-frame.ts";

const WORKER_DIED = /\[vitest-pool\]: Worker \w+ emitted error|Worker exited unexpectedly/;

const FAIL = /^ FAIL {1,2}(\S+?)(?: \[ .+ \]| > (.+))?$/;
const ARROW_FRAME = /^\s*❯ (?:(.+?) )?(\S+?):(\d+):(\d+)$/;
const SECTION = /^⎯+ (Failed Tests|Failed Suites|Unhandled (?:Errors?|Rejections?))(?: \d+)? ⎯+$/;
const SEPARATOR = /^⎯{3,}(?:\[\d+\/\d+\])?⎯*$/;
const CODE_FRAME = /^\s*\d*\s*\|/;
const ORIGIN = /originated in "([^"]+)" test file/;
const LATEST_TEST = /The latest test that might've caused the error is "([^"]+)"/;
const MAX_MESSAGE_LINES = 12;

export const vitestParser: LogParser = {
  tool: "vitest",
  markers: ["⎯", " Test Files ", " RUN "],
  detect(lines) {
    let sections = 0;
    let summary = false;
    for (const line of lines) {
      if (line.startsWith("⎯") && SECTION.test(line)) sections++;
      else if (line.startsWith(" Test Files ") || /^ RUN {1,2}v\d/.test(line)) summary = true;
    }
    if (sections > 0) return 88;
    return summary ? 40 : 0;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    let section: string | null = null;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? "";
      const header = line.startsWith("⎯") ? SECTION.exec(line) : null;
      if (header) {
        section = header[1] ?? null;
        if (section?.startsWith("Unhandled") && /Unhandled (?:Rejection|Error)$/.test(section)) {
          const end = blockEnd(lines, i + 1);
          failures.push(unhandled(lines.slice(i + 1, end), context));
          i = end - 1;
        }
        continue;
      }
      if (section === null || !line.startsWith(" FAIL ")) continue;
      const heads: RegExpExecArray[] = [];
      let j = i;
      for (let m = FAIL.exec(lines[j] ?? ""); m; m = FAIL.exec(lines[++j] ?? "")) heads.push(m);
      const end = blockEnd(lines, j);
      const body = readBody(lines.slice(j, end), context);
      for (const head of heads) failures.push(build(head, body, context));
      i = end - 1;
    }
    return failures;
  },
};

function blockEnd(lines: readonly string[], from: number): number {
  for (let j = from; j < lines.length; j++) {
    const line = lines[j] ?? "";
    if (
      line.startsWith(" FAIL ") ||
      line.startsWith(" Test Files ") ||
      (line.startsWith("⎯") && (SEPARATOR.test(line) || SECTION.test(line)))
    )
      return j;
  }
  return lines.length;
}

interface Body {
  message: string;
  frames: ParsedJsFrame[];
  raw: readonly string[];
}

function readBody(body: readonly string[], context: ParseContext): Body {
  const frames: ParsedJsFrame[] = [];
  const message: string[] = [];
  for (const line of body) {
    const frame = parseArrowFrame(line, context) ?? parseJsStackFrame(line, context);
    if (frame) frames.push(frame);
    else if (
      frames.length === 0 &&
      !CODE_FRAME.test(line) &&
      line.trim() !== "" &&
      message.length < MAX_MESSAGE_LINES
    )
      message.push(line.trim());
  }
  return { message: message.join("\n"), frames, raw: body };
}

function parseArrowFrame(line: string, context: ParseContext): ParsedJsFrame | null {
  if (!line.includes("❯")) return null;
  const m = ARROW_FRAME.exec(line);
  if (!m) return null;
  const [, fn, file = "", l = "", c = ""] = m;
  return {
    frame: {
      file: context.toRepoPath(file),
      line: Number(l),
      function: fn ?? null,
      external: context.isExternal(file),
    },
    column: Number(c),
  };
}

function build(head: RegExpExecArray, body: Body, context: ParseContext): Failure {
  const suiteFile = context.toRepoPath(head[1] ?? "");
  const location = innermostProjectLocation(body.frames);
  return {
    tool: "vitest",
    kind: "test",
    file: location?.file ?? suiteFile,
    line: location?.line ?? null,
    column: location?.column ?? null,
    test: head[2]?.trim() ?? null,
    message: body.message,
    rule: null,
    frames: body.frames.map((p) => p.frame),
  };
}

function unhandled(lines: readonly string[], context: ParseContext): Failure {
  const body = readBody(
    lines.filter((l) => !ORIGIN.test(l) && !LATEST_TEST.test(l)),
    context,
  );
  const text = lines.join("\n");
  const origin = ORIGIN.exec(text)?.[1];
  const location = innermostProjectLocation(body.frames);
  return {
    tool: "vitest",
    // A pool worker that exited (V8 heap limit, a signal) crashed the files it ran.
    kind: WORKER_DIED.test(body.message) ? "crash" : "test",
    file: location?.file ?? (origin ? context.toRepoPath(origin) : null),
    line: location?.line ?? null,
    column: location?.column ?? null,
    // Vitest only names the test that was running last; the error belongs to the file.
    test: null,
    message: body.message
      .split("\n")
      .filter((l) => !l.startsWith("This error originated"))
      .join("\n"),
    rule: null,
    frames: body.frames.map((p) => p.frame),
  };
}
