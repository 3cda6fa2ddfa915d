// ESLint, every core output format: stylish (a file line, then `  line:col  severity  message  rule`),
// compact (`file: line 4, col 3, Error - msg (rule)`), unix (`file:4:3: msg [Error/rule]`) and json
// (one line `[{"filePath":…,"messages":[…]}]`). Warnings count: they fail `--max-warnings 0`.
import type { Failure } from "../failure.ts";
import type { LogParser } from "./log-parser.ts";
import { parseEslintJson } from "./eslint-json.ts";

const STYLISH_ROW = /^\s+(\d+):(\d+)\s+(error|warning)\s+(.+?)\s*$/;
const RULE_TAIL = /^(.*?)\s{2,}((?:@[\w.-]+\/)?[\w.-]+(?:\/[\w.-]+)?)$/;
const COMPACT = /^(.+?): line (\d+), col (\d+), (Error|Warning) - (.*?)(?: \(([^()\s]+)\))?$/;
const UNIX = /^(.+?):(\d+):(\d+): (.*) \[(Error|Warning)(?:\/([^\]]+))?\]$/;
const SUMMARY = /^[✖×] \d+ problems? \(/;
// ESLint itself failed (no config, a broken plugin): no file, the reason follows the version line.
const CRASHED = "Oops! Something went wrong! :(";
// Anchored and tail-free, for detect(): the full row regex backtracks on long lines.
const STYLISH_START = /^\s+\d+:\d+\s+(?:error|warning)\s/;

export const eslintParser: LogParser = {
  tool: "eslint",
  markers: [CRASHED, " error ", " warning ", '"filePath":', ", col ", "[Error", "[Warning"],
  detect(lines) {
    let score = 0;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? "";
      if (line.startsWith('[{"filePath":')) return 90;
      if (line === CRASHED) return 80;
      if (startsLikeSummary(line) && SUMMARY.test(line)) score = Math.max(score, 80);
      else if (line.includes(", col ") && COMPACT.test(line)) score = Math.max(score, 75);
      else if (
        line.endsWith("]") &&
        (line.includes("[Error") || line.includes("[Warning")) &&
        UNIX.test(line)
      ) {
        score = Math.max(score, 75);
      } else if (
        score < 60 &&
        line.charCodeAt(0) === 32 &&
        mayStartStylishRow(line) &&
        STYLISH_START.test(line) &&
        isFileHeader(lines[i - 1] ?? "")
      ) {
        score = 60;
      }
    }
    return score;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    let file: string | null = null;
    const crashed = lines.indexOf(CRASHED);
    if (crashed !== -1) failures.push(crashFailure(lines.slice(crashed + 1)));
    for (const line of lines) {
      if (line.startsWith('[{"filePath":')) {
        failures.push(...parseEslintJson(line, context));
        continue;
      }
      const row = file !== null && STYLISH_START.test(line) ? STYLISH_ROW.exec(line) : null;
      if (row && file !== null) {
        failures.push(stylishFailure(file, row));
        continue;
      }
      const compact = line.includes(", col ") ? COMPACT.exec(line) : null;
      if (compact) {
        const [, path = "", l = "", c = "", , message = "", rule] = compact;
        failures.push(lint(context.toRepoPath(path), l, c, message, rule ?? null));
        continue;
      }
      const unix =
        line.endsWith("]") && (line.includes("[Error") || line.includes("[Warning")) ? UNIX.exec(line) : null;
      if (unix) {
        const [, path = "", l = "", c = "", message = "", , rule] = unix;
        failures.push(lint(context.toRepoPath(path), l, c, message, rule ?? null));
        continue;
      }
      if (isFileHeader(line)) file = context.toRepoPath(line.trim());
      else if (line.trim() === "" || SUMMARY.test(line)) file = line.trim() === "" ? file : null;
      else if (!/^\s/.test(line)) file = null;
    }
    return failures;
  },
};

function startsLikeSummary(line: string): boolean {
  const c = line.charCodeAt(0);
  return c === 0x2716 /* ✖ */ || c === 0xd7; /* × */
}

// STYLISH_START needs a digit after the leading whitespace: a printable ASCII character that is not a
// digit there rules it out without the regex (most indented lines of a test log). Anything else
// (tab, a Unicode space) is left to the regex.
function mayStartStylishRow(line: string): boolean {
  let k = 1;
  while (line.charCodeAt(k) === 32) k++;
  const c = line.charCodeAt(k);
  return !(c > 32 && c < 127) || (c >= 48 && c <= 57);
}

// Stylish prints the file path alone, unindented; it has a slash or an extension and no spaces.
function isFileHeader(line: string): boolean {
  if (line === "" || line.startsWith(" ") || line.startsWith(">")) return false;
  const trimmed = line.trim();
  return !/\s/.test(trimmed) && /[\\/]|\.\w+$/.test(trimmed) && !/:\d+/.test(trimmed);
}

function stylishFailure(file: string, row: RegExpExecArray): Failure {
  const [, l = "", c = "", , rest = ""] = row;
  const tail = RULE_TAIL.exec(rest);
  return lint(file, l, c, tail ? (tail[1] ?? rest) : rest, tail ? (tail[2] ?? null) : null);
}

function crashFailure(after: readonly string[]): Failure {
  const reason = after.find((l) => l.trim() !== "" && !/^ESLint: \d/.test(l.trim())) ?? CRASHED;
  return { ...lint("", "", "", reason, null), file: null };
}

function lint(file: string, line: string, column: string, message: string, rule: string | null): Failure {
  return {
    tool: "eslint",
    kind: "lint",
    file,
    line: Number(line) || null,
    column: Number(column) || null,
    test: null,
    message: message.trim(),
    rule,
    frames: [],
  };
}
