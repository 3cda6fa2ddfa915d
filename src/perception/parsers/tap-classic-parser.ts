// node-tap's `-R classic` reporter: one `file ..... n/m` line per test file, then per failing
// assertion its test's name, `not ok <assertion>` (no number: not TAP) and an indented YAML-ish
// block with `at:` (`line:`, `column:`, `file:`) and a `stack: |` of `fn (file:line:col)` lines.
import type { Failure } from "../failure.ts";
import type { LogParser, ParseContext } from "./log-parser.ts";
import { parseJsStackFrame, type ParsedJsFrame } from "../js-stack-frame.ts";

const FILE_LINE = /^(\S+\.[cm]?[jt]sx?) \.{2,} ?\d+\/\d+(?:\s.*)?$/;
const NOT_OK = /^(\s*)not ok (?!\d+(?:\s|$))(.*)$/;
const KEY = /^\s+(line|column|file): (.+)$/;

export const tapClassicParser: LogParser = {
  tool: "tap",
  markers: ["not ok "],
  detect(lines) {
    if (lines.some((l) => l.startsWith("TAP version "))) return 0;
    const files = lines.some((l) => FILE_LINE.test(l));
    return files && lines.some((l) => NOT_OK.test(l)) ? 75 : 0;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    let file: string | null = null;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? "";
      const fileLine = FILE_LINE.exec(line);
      if (fileLine) {
        file = fileLine[1] ?? null;
        continue;
      }
      const notOk = NOT_OK.exec(line);
      if (!notOk) continue;
      const indent = (notOk[1] ?? "").length;
      const previous = lines[i - 1] ?? "";
      const name =
        i > 0 && !FILE_LINE.test(previous) && leading(previous) === indent && previous.trim() !== ""
          ? previous.trim()
          : null;
      const at: Record<string, string> = {};
      const parsed: ParsedJsFrame[] = [];
      let j = i + 1;
      for (; j < lines.length; j++) {
        const body = lines[j] ?? "";
        if (body.trim() !== "" && leading(body) <= indent) break;
        const key = KEY.exec(body);
        if (key && at[key[1] ?? ""] === undefined) at[key[1] ?? ""] = (key[2] ?? "").trim();
        const frame = body.includes("(") ? parseJsStackFrame(body, context, false) : null;
        if (frame) parsed.push(frame);
      }
      i = j - 1;
      failures.push(classicFailure(name, notOk[2] ?? "", at, file, parsed, context));
    }
    return failures;
  },
};

function leading(line: string): number {
  return line.length - line.trimStart().length;
}

function classicFailure(
  name: string | null,
  assertion: string,
  at: Record<string, string>,
  file: string | null,
  parsed: readonly ParsedJsFrame[],
  context: ParseContext,
): Failure {
  const where = at["file"] ?? file;
  const line = Number(at["line"]);
  const column = Number(at["column"]);
  return {
    tool: "tap",
    kind: "test",
    file: where ? context.toRepoPath(where) : null,
    line: Number.isFinite(line) && at["line"] ? line : null,
    column: Number.isFinite(column) && at["column"] ? column : null,
    test: name ? `${name} > ${assertion}` : assertion,
    message: assertion,
    rule: null,
    frames: parsed.map((p) => p.frame).filter((f) => !f.external || parsed.length === 1),
  };
}
