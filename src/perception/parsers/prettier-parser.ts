// `prettier --check`: `[warn] <file>` for every file that is not formatted (no line: the whole file
// is the finding) and `[error] <file>: SyntaxError: … (line:col)` for files it could not parse.
import type { Failure } from "../failure.ts";
import type { LogParser } from "./log-parser.ts";

const WARN = /^\[warn\] (\S.*?)\s*$/;
const ERROR = /^\[error\] (\S+?): (.*?)(?: \((\d+):(\d+)\))?$/;
const SUMMARY = /^\[warn\] Code style issues (?:found|were found)/;

export const prettierParser: LogParser = {
  tool: "prettier",
  markers: ["[warn] ", "[error] ", "Checking formatting"],
  detect(lines) {
    let score = 0;
    for (const line of lines) {
      if (line.startsWith("Checking formatting...")) score = Math.max(score, 70);
      else if (SUMMARY.test(line)) return 90;
    }
    return score;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    for (const line of lines) {
      if (!line.startsWith("[")) continue;
      if (SUMMARY.test(line)) continue;
      const warn = WARN.exec(line);
      if (warn && !/\s/.test(warn[1] ?? " ")) {
        failures.push(
          build(context.toRepoPath(warn[1] ?? ""), null, null, "file is not formatted (prettier --check)"),
        );
        continue;
      }
      const error = ERROR.exec(line);
      if (error) {
        const [, file = "", message = "", l, c] = error;
        failures.push(build(context.toRepoPath(file), l ? Number(l) : null, c ? Number(c) : null, message));
      }
    }
    return failures;
  },
};

function build(file: string, line: number | null, column: number | null, message: string): Failure {
  return { tool: "prettier", kind: "lint", file, line, column, test: null, message, rule: null, frames: [] };
}
