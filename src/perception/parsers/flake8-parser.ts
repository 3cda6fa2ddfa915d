// flake8 (pycodestyle, pyflakes, mccabe and plugins): `path:line:col: CODE message` by default and
// `path:line: [CODE] message` with --format=pylint. --show-source adds the source and a caret line;
// --statistics and --count add totals, which are not failures.
import type { Failure } from "../failure.ts";
import type { LogParser } from "./log-parser.ts";
import { markerLinesOf } from "./marker-lines.ts";
import { hasRuffMarkers } from "./python-lint-markers.ts";

const DEFAULT = /^(.+?\.pyi?):(\d+):(\d+): ([A-Z]{1,4}\d{1,4}) (.*)$/;
const PYLINT_STYLE = /^(.+?\.pyi?):(\d+): \[([A-Z]{1,4}\d{1,4})\] (.*)$/;
// What both formats need after the line number (`: E501` / `: [E501`): one unanchored test spares the
// two lazy `^(.+?\.pyi?):` scans on every `.py` line of a traceback.
const MAY_BE_DIAGNOSTIC = /: \[?[A-Z]{1,4}\d/;

export const flake8Parser: LogParser = {
  tool: "flake8",
  // Both formats print `file.py:` / `file.pyi:` before the line number.
  markers: [".py:", ".pyi:"],
  detect(allLines, markerLines) {
    // Every hit holds `.py:` / `.pyi:`; ruff's markers are looked for in the whole section.
    const lines = markerLinesOf(allLines, markerLines);
    let hits = 0;
    for (const line of lines)
      if (
        line.includes(".py") &&
        MAY_BE_DIAGNOSTIC.test(line) &&
        (DEFAULT.test(line) || PYLINT_STYLE.test(line))
      )
        hits++;
    if (hits === 0 || hasRuffMarkers(allLines)) return 0;
    return 60 + Math.min(hits, 20);
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    for (const line of lines) {
      const d = DEFAULT.exec(line);
      const p = d ? null : PYLINT_STYLE.exec(line);
      if (!d && !p) continue;
      const [file, lineNo, col, code, message] = d
        ? [d[1], d[2], d[3], d[4], d[5]]
        : [p?.[1], p?.[2], undefined, p?.[3], p?.[4]];
      const row = Number(lineNo);
      failures.push({
        tool: "flake8",
        kind: "lint",
        file: context.toRepoPath(file ?? ""),
        line: row > 0 ? row : null,
        column: col ? Number(col) : null,
        test: null,
        message: message ?? "",
        rule: code ?? null,
        frames: [],
      });
    }
    return failures;
  },
};
