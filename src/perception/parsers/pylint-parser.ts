// pylint in its output formats: text / colorized (`path:line:col: C0410: msg (symbol)`), parseable
// (`path:line: [C0410(symbol), obj] msg`), msvs (`path(line): [C0410(symbol)obj] msg`) and pylint 1.x
// text (`C:  1, 0: msg (symbol)` under `************* Module pkg.mod`). Columns are 0-based in pylint's
// output; records carry them 1-based like every other tool.
import type { Failure } from "../failure.ts";
import type { LogParser, ParseContext } from "./log-parser.ts";
import { markerLinesOf } from "./marker-lines.ts";

const ID = "([CRWEFI]\\d{4})";
const TEXT = new RegExp(`^(.+?):(\\d+):(\\d+): ${ID}: (.*?)(?: \\(([\\w-]+)\\))?$`);
const PARSEABLE = new RegExp(`^(.+?):(\\d+): \\[${ID}(?:\\(([\\w-]+)\\))?, [^\\]]*\\] (.*)$`);
const MSVS = new RegExp(`^(.+?)\\((\\d+)\\): \\[${ID}(?:\\(([\\w-]+)\\))?[^\\]]*\\] (.*)$`);
const OLD = /^([CRWEFI]):\s*(\d+),\s*(\d+): (.*?)(?: \(([\w-]+)\))?$/;
const MODULE = /^\*{13} Module (\S+)$/;
// What TEXT and PARSEABLE both need after the line number (`: C0410` / `: [C0410`): one unanchored
// test instead of two lazy `^(.+?):` scans on every `.py:` line of a pytest traceback.
const MAY_BE_DIAGNOSTIC = /: \[?[CRWEFI]\d{4}/;

export const pylintParser: LogParser = {
  tool: "pylint",
  // The module header, the score line, or a `file.py:` diagnostic.
  markers: ["************* Module ", "Your code has been rated at ", ".py:"],
  detect(allLines, markerLines) {
    // Every line that scores holds one of the markers.
    const lines = markerLinesOf(allLines, markerLines);
    let score = 0;
    for (const line of lines) {
      if ((line.startsWith("*****") && MODULE.test(line)) || line.startsWith("Your code has been rated at "))
        score = Math.max(score, 85);
      else if (
        line.includes(".py:") &&
        MAY_BE_DIAGNOSTIC.test(line) &&
        (TEXT.test(line) || PARSEABLE.test(line))
      )
        score = Math.max(score, 70);
    }
    return score;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    let module: string | null = null;
    for (const line of lines) {
      const header = MODULE.exec(line);
      if (header) {
        module = header[1] ?? null;
        continue;
      }
      const found = parseLine(line, module, context);
      if (found) failures.push(found);
    }
    return failures;
  },
};

function parseLine(line: string, module: string | null, context: ParseContext): Failure | null {
  const text = TEXT.exec(line);
  if (text)
    return build(context.toRepoPath(text[1] ?? ""), text[2], Number(text[3]) + 1, text[4], text[6], text[5]);
  const parseable = PARSEABLE.exec(line) ?? MSVS.exec(line);
  if (parseable) {
    const [, file = "", lineNo, id, symbol, message] = parseable;
    return build(context.toRepoPath(file), lineNo, null, id, symbol, message);
  }
  const old = module ? OLD.exec(line) : null;
  if (old && module) {
    const file = `${module.replace(/\./g, "/")}.py`;
    return build(file, old[2], Number(old[3]) + 1, old[1], old[5], old[4]);
  }
  return null;
}

function build(
  file: string,
  lineNo: string | undefined,
  column: number | null,
  id: string | undefined,
  symbol: string | undefined,
  message: string | undefined,
): Failure {
  return {
    tool: "pylint",
    kind: "lint",
    file,
    line: Number(lineNo),
    column,
    test: null,
    message: message ?? "",
    rule: symbol ?? id ?? null,
    frames: [],
  };
}
