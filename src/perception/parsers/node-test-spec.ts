// node:test's spec and dot reporters: `✖ name (1.2ms)` followed by the indented error and stack. Since
// Node 23 spec is also what `node --test` prints off a terminal (Node 20 printed TAP there), so a CI
// log from Node 24 reads the same as node-test-tap.ts reads its TAP: same test names, files, lines
// and messages. Both reporters end with a recap (`✖ failing tests:` / `Failed tests:`), the spec one
// with a `test at file:line:col` line above each entry; when the recap is there only it is read, so
// nothing counts twice. Todo tests (`⚠`) and skipped ones (`﹣`) are never failures.
import type { Failure } from "../failure.ts";
import type { ParseContext } from "./log-parser.ts";
import { innermostProjectLocation, parseJsStackFrame, type ParsedJsFrame } from "../js-stack-frame.ts";
import { fileLoadError } from "./node-test-spec-load-error.ts";

const HEADER = /^(\s*)✖ (.+?)(?: \([\d.]+m?s\))?$/;
const TEST_AT = /^\s*test at (.+):(\d+):(\d+)$/;
const PARENT_ONLY = /^'?\d+ subtests? failed'?$/;
const STACK_LINE = /^\s*at /;
// `AssertionError [ERR_ASSERTION]: ` / `RangeError [Error]: `: util.inspect's prefix, which TAP's
// `error:` field does not carry.
const ERROR_PREFIX = /^[A-Z][\w$]*(?:Error|Exception)(?: \[[^\]]+\])?: /;
export const RECAP_MARKERS = ["✖ failing tests:", "Failed tests:"];

export function parseNodeTestSpec(lines: readonly string[], context: ParseContext): Failure[] {
  // Both recap headers hold " tests:"; the trimmed copy is made only for such lines.
  const recap = lines.findIndex((l) => l.includes(" tests:") && RECAP_MARKERS.includes(l.trim()));
  const failures: Failure[] = [];
  for (let i = recap === -1 ? 0 : recap + 1; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (!line.includes("✖")) continue;
    const header = HEADER.exec(line);
    if (!header || RECAP_MARKERS.includes(line.trim())) continue;
    const indent = (header[1] ?? "").length;
    let end = i + 1;
    while (end < lines.length && isBody(lines[end] ?? "", indent)) end++;
    const body = lines.slice(i + 1, end);
    const declared = TEST_AT.exec(previousNonBlank(lines, i));
    const name = header[2] ?? "";
    const message = errorMessage(body);
    const headerAt = i;
    i = end - 1;
    if (message === "" || PARENT_ONLY.test(message)) continue;
    const loadError =
      message === "test failed" && declared && isFileItself(name, declared)
        ? fileLoadError(lines, name, recap === -1 ? headerAt : recap, context)
        : null;
    failures.push(
      loadError
        ? { ...loadError, file: loadError.file ?? context.toRepoPath(declared?.[1] ?? "") }
        : specFailure(name, message, body, declared, context),
    );
  }
  return failures;
}

function isBody(line: string, headerIndent: number): boolean {
  if (line.trim() === "") return true;
  return line.length - line.trimStart().length > headerIndent;
}

function previousNonBlank(lines: readonly string[], index: number): string {
  for (let j = index - 1; j >= 0; j--) if ((lines[j] ?? "").trim() !== "") return lines[j] ?? "";
  return "";
}

// The error's text down to its stack: dedented, without util.inspect's class prefix or the quotes
// around a plain string, as TAP's `error:` field holds it.
function errorMessage(body: readonly string[]): string {
  const first = body.findIndex((l) => l.trim() !== "");
  if (first === -1) return "";
  const indent = (body[first] ?? "").length - (body[first] ?? "").trimStart().length;
  const text: string[] = [];
  for (const line of body.slice(first)) {
    if (STACK_LINE.test(line)) break;
    text.push(line.slice(Math.min(indent, line.length - line.trimStart().length)).trimEnd());
  }
  const joined = text.join("\n").trim().replace(ERROR_PREFIX, "");
  return /^'[^'\n]*'$/.test(joined) ? joined.slice(1, -1) : joined;
}

// A file that failed while loading is reported as a test named after the file, declared at 1:1.
function isFileItself(name: string, declared: RegExpExecArray): boolean {
  return declared[2] === "1" && declared[3] === "1" && (declared[1] ?? "").endsWith(name);
}

function specFailure(
  name: string,
  message: string,
  body: readonly string[],
  declared: RegExpExecArray | null,
  context: ParseContext,
): Failure {
  const frames: ParsedJsFrame[] = [];
  for (const line of body) {
    const parsed = parseJsStackFrame(line, context);
    if (parsed) frames.push(parsed);
  }
  const location = innermostProjectLocation(frames);
  return {
    tool: "node:test",
    kind: "test",
    file: location?.file ?? (declared ? context.toRepoPath(declared[1] ?? "") : null),
    line: location ? location.line : declared ? Number(declared[2]) : null,
    column: location ? location.column : declared ? Number(declared[3]) : null,
    test: name,
    message,
    rule: null,
    frames: frames.map((p) => p.frame),
  };
}
