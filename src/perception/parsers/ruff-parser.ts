// ruff check in its text output formats: concise / pre-0.12 full (`path:line:col: F401 [*] msg`, the
// full form followed by a `|` code frame and `= help:`), 0.12+ full (`F401 [*] msg` then
// ` --> path:line:col`), grouped (`path:` then `  line:col F401 msg`), pylint (`path:line: [F401] msg`);
// and `ruff format --check` (`Would reformat: path`).
import type { Failure } from "../failure.ts";
import type { LogParser } from "./log-parser.ts";
import { markerLinesOf } from "./marker-lines.ts";
import { hasRuffMarkers } from "./python-lint-markers.ts";

const CODE = "([A-Z]+\\d+|SyntaxError|invalid-syntax|unformatted)";
const CONCISE = new RegExp(`^(.+?):(\\d+):(\\d+): ${CODE}:?(?: \\[\\*\\])? (.*)$`);
const FULL_HEADER = new RegExp(`^${CODE}:?(?: \\[\\*\\])? (.*)$`);
const ARROW = /^\s*--> (.+?):(\d+):(\d+)$/;
const GROUP_FILE = /^(\S.*\.pyi?):$/;
const GROUP_ENTRY = new RegExp(`^\\s+(\\d+):(\\d+) ${CODE}:?(?: \\[\\*\\])? (.*)$`);
const PYLINT_STYLE = /^(.+?\.pyi?):(\d+): \[([A-Z]+\d+|invalid-syntax)\] (.*)$/;
const REFORMAT = /^Would reformat: (.+)$/;

export const ruffParser: LogParser = {
  tool: "ruff",
  // Each thing hasRuffMarkers looks for contains one of these.
  markers: [
    " error.", // `Found N error(s).` (tsc's and mypy's `Found N errors in …` have neither)
    " errors.",
    "No fixes available",
    "All checks passed!",
    "[*] ",
    "Would reformat: ",
    " would be reformatted",
    "ruff ",
    "`", // the backtick diagnostic needs both "`" and ".py:"; "`" is the rarer one
  ],
  detect(allLines, markerLines) {
    // Every line that scores holds one of the markers.
    const lines = markerLinesOf(allLines, markerLines);
    return hasRuffMarkers(lines) ? 80 : 0;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    let group: string | null = null;
    const add = (file: string, line: number | null, column: number | null, rule: string, message: string) =>
      failures.push({
        tool: "ruff",
        kind: "lint",
        file: context.toRepoPath(file),
        line,
        column,
        test: null,
        message,
        rule: ruleOf(rule),
        frames: [],
      });
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? "";
      const concise = CONCISE.exec(line) ?? PYLINT_STYLE.exec(line);
      if (concise) {
        const hasColumn = concise.length === 6;
        const [, file = "", row, a, b, c] = concise;
        if (hasColumn) add(file, Number(row), Number(a), b ?? "", c ?? "");
        else add(file, Number(row), null, a ?? "", b ?? "");
        continue;
      }
      const header = FULL_HEADER.exec(line);
      const arrow = header ? ARROW.exec(lines[i + 1] ?? "") : null;
      if (header && arrow) {
        add(arrow[1] ?? "", Number(arrow[2]), Number(arrow[3]), header[1] ?? "", header[2] ?? "");
        i++;
        continue;
      }
      const groupFile = GROUP_FILE.exec(line);
      if (groupFile) {
        group = groupFile[1] ?? null;
        continue;
      }
      const entry = group ? GROUP_ENTRY.exec(line) : null;
      if (entry && group) {
        add(group, Number(entry[1]), Number(entry[2]), entry[3] ?? "", entry[4] ?? "");
        continue;
      }
      if (!/^\s/.test(line)) group = null;
      const reformat = REFORMAT.exec(line);
      if (reformat) add(reformat[1] ?? "", null, null, "format", "Would reformat");
    }
    return failures;
  },
};

function ruleOf(code: string): string | null {
  if (code === "invalid-syntax" || code === "SyntaxError") return null;
  return code === "unformatted" ? "format" : code;
}
