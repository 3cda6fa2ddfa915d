// Fallback for tools without a parser of their own: GNU-style `path:line[:col]: message` diagnostics
// (gcc, clang, many linters). It runs on a section only when no specific parser found anything there,
// and it takes only lines that carry a severity word or a column, so ordinary log lines with a colon
// and a number are not reported.
import type { Failure } from "../failure.ts";
import type { LogParser } from "./log-parser.ts";

const GNU =
  /^((?:[A-Za-z]:[\\/])?[\w.@~+\-\\/]*[\w-]\.[A-Za-z][\w+]{0,7}):(\d+)(?::(\d+))?:\s+(?:(fatal error|error|warning|note)\s*:\s*)?(.+)$/;
const NOT_A_PATH = /^(?:https?|ftp|file)$|^\d/;

export const genericParser: LogParser = {
  tool: "generic",
  fallback: true,
  detect(lines) {
    for (const line of lines) if (match(line)) return 10;
    return 0;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    for (const line of lines) {
      const m = match(line);
      if (!m) continue;
      const { file, row, column, severity, message } = m;
      const last = failures.at(-1);
      if (severity === "note") {
        if (last) last.message += `\n${message}`;
        continue;
      }
      failures.push({
        tool: "generic",
        kind: severity === "warning" ? "lint" : "build",
        file: context.toRepoPath(file),
        line: row,
        column,
        test: null,
        message: severity && severity !== "error" ? `${severity}: ${message}` : message,
        rule: /\[(-W[\w=-]+)\]$/.exec(message)?.[1] ?? null,
        frames: [],
      });
    }
    return failures;
  },
};

function match(line: string) {
  if (!/:\d/.test(line)) return null;
  const m = GNU.exec(line);
  if (!m) return null;
  const [, file = "", row = "", col, severity, message = ""] = m;
  if (NOT_A_PATH.test(file) || (!severity && !col)) return null;
  return {
    file,
    row: Number(row),
    column: col ? Number(col) : null,
    severity: severity ?? null,
    message: message.trim(),
  };
}
