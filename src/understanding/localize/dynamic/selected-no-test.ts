// Whether a filtered run that did not fail selected no test at all, as opposed to tests that ran and
// passed: a title filter that matched nothing exits 0 under mocha, jest, vitest and node:test alike.
// Read from the runner's own summary, and from the per-test hook, which records every test it saw
// run: none recorded where a hook was in means none ran.
import stripAnsi from "strip-ansi";
import type { TestRunnerKind } from "./test-runner-kind.ts";

/** The runners whose failing tests are selected by a title pattern (a retry can loosen it). */
export type TitleFilterRunner = "mocha" | "jest" | "vitest" | "node_test";

export function isTitleFilterRunner(runner: TestRunnerKind | null): runner is TitleFilterRunner {
  return runner === "mocha" || runner === "jest" || runner === "vitest" || runner === "node_test";
}

export function selectedNoTest(
  runner: TitleFilterRunner,
  output: string,
  /** Tests the per-test hook recorded; null when the run had no hook. */
  recordedTests: number | null,
): boolean {
  const summary = summarySays(runner, stripAnsi(output));
  // node:test 22+ reports a file in which no test ran as one passing test named after the file: its
  // summary cannot say "none"; the hook can.
  if (summary === "some" && runner !== "node_test") return false;
  return summary === "none" || recordedTests === 0;
}

/** "none": the summary counts no passed or failed test; "some": it counts one; null: no summary. */
function summarySays(runner: TitleFilterRunner, text: string): "none" | "some" | null {
  switch (runner) {
    case "mocha": {
      // spec, dot, list, min...: `  0 passing (2ms)`, then `N pending` / `N failing` when there are any;
      // tap: `# pass 0` and `# fail 0`.
      const passing = /^\s*(\d+) passing\b/m.exec(text) ?? /^# pass (\d+)$/m.exec(text);
      if (passing === null) return null;
      const other = /^\s*[1-9]\d* (?:pending|failing)\b|^# fail [1-9]/m.test(text);
      return passing[1] === "0" && !other ? "none" : "some";
    }
    case "jest":
      // `Tests:       5 skipped, 5 total` when `-t` matched none of the files' tests.
      return countsLine(/^Tests:[^\n]*\btotal\b.*$/m, text);
    case "vitest":
      // `      Tests  2 skipped (2)`.
      return countsLine(/^\s*Tests\s+\d[^\n]*\(\d+\)\s*$/m, text);
    case "node_test": {
      // `# pass 0` / `ℹ pass 0` with `fail 0` (node 20: the unmatched tests are counted as skipped).
      const pass = /^(?:#|ℹ) pass (\d+)$/m.exec(text);
      const fail = /^(?:#|ℹ) fail (\d+)$/m.exec(text);
      if (pass === null || fail === null) return null;
      return pass[1] === "0" && fail[1] === "0" ? "none" : "some";
    }
  }
}

function countsLine(line: RegExp, text: string): "none" | "some" | null {
  const found = line.exec(text);
  if (found === null) return null;
  return /\b[1-9]\d* (?:passed|failed)\b/.test(found[0]) ? "some" : "none";
}
