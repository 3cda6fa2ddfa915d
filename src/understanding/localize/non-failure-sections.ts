// Parts of a test log that report something other than a failure: pytest's warnings summary and
// durations, coverage tables (coverage.py, pytest-cov, istanbul/nyc/c8), Python and Node warning
// lines, jest's console blocks. Their `path:line` mentions are not where a test failed, so they must
// never count as frames; blanking them (line count kept) lets the mention scan skip them.

// pytest `==== title ====` headers; the section runs to the next such header.
const PYTEST_HEADER = /^={3,} (.+?) ={3,}\s*$/;
const SKIPPED_TITLE = /warnings summary|slowest (?:\d+ )?durations|coverage|benchmark/i;
// `---------- coverage: platform linux, python 3.11.7-final-0 -----------` (pytest-cov) and
// coverage.py's own report header; both end at their TOTAL row (or a blank line: one file, no TOTAL).
const COVERAGE_START = /^-{3,} coverage: |^Name\s+Stmts\s+Miss\b/;
const COVERAGE_END = /^TOTAL\s/;
// istanbul-style tables (jest --coverage, nyc, c8, vitest): `File | % Stmts | ...` and their rows.
// No leading `\s*` before `[^|]*`, which takes blanks too: the two split a run of blanks every way
// (quadratic on a long blank line, A45).
const TABLE_ROW = /^[^|]*\|\s*(?:[\d.]+|% Stmts)\s*\|/;
const TABLE_RULE = /^\s*-+(?:\|-+)+\|?\s*$/;
// `pkg/lexer.py:169: PendingDeprecationWarning: ...` (warnings module) and the source line under it.
const PY_WARNING = /^\s*\S+:\d+: [A-Z]\w*Warning\b/;
// `(node:1234) [DEP0040] DeprecationWarning: ...` and its `(Use \`node --trace-deprecation ...\`)`.
const NODE_WARNING = /^\s*\(node:\d+\) (?:\[\w+\] )?\w*Warning\b|^\s*\(Use `node --trace-/;
// jest prints console output as an indented block under `console.warn` (with a stack of its own).
const CONSOLE_BLOCK = /^(\s*)console\.(?:log|warn|info|debug|error|trace)\s*$/;
// The code frame jest prints in that block marks the calling line with a `>` two columns left of the
// other frame lines, at the block header's own indent (`    > 88 |     console.warn(...)`), colored
// or not: the marked line is inside the block, not the end of it.
// eslint-disable-next-line no-control-regex -- jest colors the marker with terminal escapes
const CODE_FRAME_MARK = /^\s*(?:\x1b\[[\d;]*m)*>(?:\x1b\[[\d;]*m)*\s*\d+ \|/;

/** The log with every non-failure section's lines blanked (same number of lines). */
export function withoutNonFailureSections(logText: string): string {
  const lines = logText.split("\n");
  let skipping: "pytest" | "coverage" | "console" | null = null;
  let consoleIndent = 0;
  let previousWasWarning = false;
  const kept = lines.map((line) => {
    const header = PYTEST_HEADER.exec(line);
    if (header) skipping = SKIPPED_TITLE.test(header[1] ?? "") ? "pytest" : null;
    else if (skipping === "coverage" && (COVERAGE_END.test(line) || line.trim() === "")) {
      skipping = null;
      return "";
    } else if (
      skipping === "console" &&
      line.trim() !== "" &&
      indentOf(line) <= consoleIndent &&
      !CODE_FRAME_MARK.test(line)
    )
      skipping = null;
    if (skipping === null && COVERAGE_START.test(line)) skipping = "coverage";
    const console = skipping === null ? CONSOLE_BLOCK.exec(line) : null;
    if (console) {
      skipping = "console";
      consoleIndent = (console[1] ?? "").length;
    }
    if (skipping !== null) return "";
    const warningSource = previousWasWarning && /^\s{2,}\S/.test(line);
    previousWasWarning = PY_WARNING.test(line);
    if (previousWasWarning || warningSource || NODE_WARNING.test(line)) return "";
    return TABLE_ROW.test(line) || TABLE_RULE.test(line) ? "" : line;
  });
  return kept.join("\n");
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}
