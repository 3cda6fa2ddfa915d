// node:test's spec and dot reporters: `✖ name (1.2ms)` followed by the indented error and stack. Both
// end with a recap (`✖ failing tests:` / `Failed tests:`), the spec one with a `test at file:line:col`
// line above each entry; when the recap is there only it is read, so nothing counts twice.
import type { Failure } from "../failure.ts";
import type { ParseContext } from "./log-parser.ts";
import { innermostProjectLocation, parseJsStackFrame, type ParsedJsFrame } from "../js-stack-frame.ts";

const HEADER = /^(\s*)✖ (.+?)(?: \([\d.]+m?s\))?$/;
const TEST_AT = /^\s*test at (.+):(\d+):(\d+)$/;
const PARENT_ONLY = /^'?\d+ subtests? failed'?$/;
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
    i = end - 1;
    const message = body.find((l) => l.trim() !== "")?.trim() ?? "";
    if (message === "" || PARENT_ONLY.test(message)) continue;
    failures.push(specFailure(header[2] ?? "", message, body, declared, context));
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
