// uvu: per file a name line, per suite ` Suite  • ✘ …  (n / m)`, then per failing test a block
// `   FAIL  Suite  "test"` (no suite for a file's default suite), the assertion message and its `at …` frames; the run ends with
// `  Total:` / `  Passed:` lines. The innermost frame outside node_modules is the failure's place.
import type { Failure } from "../failure.ts";
import type { LogParser, ParseContext } from "./log-parser.ts";
import { innermostProjectLocation, parseJsStackFrame, type ParsedJsFrame } from "../js-stack-frame.ts";

const FAIL = /^\s+FAIL {2}(?:(.+?) {2})?"(.*)"\s*$/;
const TOTAL = /^ {2}(?:Total|Passed|Skipped|Duration): +\S/;
const SUITE_LINE = /^ ?\S.* {2}\(\d+ \/ \d+\)$/;

export const uvuParser: LogParser = {
  tool: "uvu",
  markers: ["  FAIL  "],
  detect(lines) {
    const fail = lines.some((l) => FAIL.test(l));
    if (!fail) return 0;
    return lines.some((l) => TOTAL.test(l) || SUITE_LINE.test(l)) ? 80 : 40;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    for (let i = 0; i < lines.length; i++) {
      const head = FAIL.exec(lines[i] ?? "");
      if (!head) continue;
      const message: string[] = [];
      const parsed: ParsedJsFrame[] = [];
      let j = i + 1;
      for (; j < lines.length; j++) {
        const line = lines[j] ?? "";
        if (FAIL.test(line) || SUITE_LINE.test(line) || TOTAL.test(line)) break;
        const frame = parseJsStackFrame(line, context);
        if (frame) parsed.push(frame);
        else if (parsed.length > 0 && line.trim() !== "")
          break; // the next file's name line
        else if (parsed.length === 0 && line.trim() !== "") message.push(line.trim());
      }
      i = j - 1;
      failures.push(
        uvuFailure(head[1] ? `${head[1]} > ${head[2] ?? ""}` : (head[2] ?? ""), message, parsed, context),
      );
    }
    return failures;
  },
};

function uvuFailure(
  test: string,
  message: readonly string[],
  parsed: readonly ParsedJsFrame[],
  context: ParseContext,
): Failure {
  const at = innermostProjectLocation(parsed);
  return {
    tool: "uvu",
    kind: "test",
    file: at ? context.toRepoPath(at.file) : null,
    line: at?.line ?? null,
    column: at?.column ?? null,
    test,
    message: message[0] ?? "test failed",
    rule: null,
    frames: parsed.map((p) => p.frame),
  };
}
