// rustc diagnostics, directly or through cargo build / test / check / clippy: a header
// `error[E0308]: mismatched types` (or `warning: unused variable: ...`) then ` --> src/main.rs:3:5`, a
// code frame and sub-diagnostics (`note:`, `help:`, each maybe with its own `-->`), which belong to the
// header. `--error-format=short` prints `src/main.rs:3:5: error[E0308]: msg` on one line. Cargo's
// summaries (`error: could not compile`, `warning: ... generated 2 warnings`) are not diagnostics.
import type { Failure } from "../failure.ts";
import type { LogParser } from "./log-parser.ts";

const HEADER = /^(error|warning)(?:\[(E\d{4})\])?: (.+)$/;
const ARROW = /^\s*--> (.+?):(\d+):(\d+)$/;
const SHORT = /^(.+?\.rs):(\d+):(\d+): (error|warning)(?:\[(E\d{4})\])?: (.+)$/;
const LINT_NOTE = /^\s*= note: `#\[(?:warn|deny|forbid)\(([\w:]+)\)\]`/;
const CLIPPY_HELP =
  /^\s*= help: for further information visit https:\/\/rust-lang\.github\.io\/rust-clippy\/.*#(\w+)$/;
const CARGO_SUMMARY =
  /^(?:could not compile|aborting due to|build failed|test failed|`.+` \(.+\) generated \d+ warnings?|\d+ warnings? emitted|Some errors have detailed explanations|For more information about)/;
const LOOKAHEAD_LINES = 30;
const TESTS_RAN = /^running \d+ tests?$/;

export const rustcParser: LogParser = {
  tool: "rustc",
  // detect needs a `file.rs:` short diagnostic or a ` --> ` location line.
  markers: [".rs:", "--> "],
  detect(lines) {
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? "";
      if (line.includes(".rs:") && SHORT.test(line)) return 80;
      if (
        (line.startsWith("error") || line.startsWith("warning")) &&
        HEADER.test(line) &&
        ARROW.test(lines[i + 1] ?? "")
      )
        return 80;
    }
    return 0;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    // In a test run compiler warnings are noise, not failures; in a build log they count.
    const testsRan = lines.some((l) => TESTS_RAN.test(l));
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? "";
      const short = SHORT.exec(line);
      if (short) {
        const [, file = "", row, col, severity = "", code, message = ""] = short;
        if (testsRan && severity === "warning") continue;
        failures.push(
          build(context.toRepoPath(file), Number(row), Number(col), code ?? null, message, severity),
        );
        continue;
      }
      const header = HEADER.exec(line);
      if (!header || CARGO_SUMMARY.test(header[3] ?? "")) continue;
      const arrow = ARROW.exec(lines[i + 1] ?? "");
      if (!arrow) continue;
      const [, severity = "", code, message = ""] = header;
      if (testsRan && severity === "warning") continue;
      const failure = build(
        context.toRepoPath(arrow[1] ?? ""),
        Number(arrow[2]),
        Number(arrow[3]),
        code ?? null,
        message,
        severity,
      );
      failure.rule ??= lintName(lines, i + 2);
      failures.push(failure);
    }
    return failures;
  },
};

// Lints name themselves in a `= note: #[warn(name)] on by default` (or clippy's help link) line.
function lintName(lines: readonly string[], from: number): string | null {
  for (let j = from; j < lines.length && j < from + LOOKAHEAD_LINES; j++) {
    const line = lines[j] ?? "";
    if (HEADER.test(line)) return null;
    const name = LINT_NOTE.exec(line)?.[1] ?? CLIPPY_HELP.exec(line)?.[1];
    if (name) return name;
  }
  return null;
}

function build(
  file: string,
  line: number,
  column: number,
  code: string | null,
  message: string,
  severity: string,
): Failure {
  return {
    tool: "rustc",
    kind: "build",
    file,
    line,
    column,
    test: null,
    message: severity === "warning" ? `warning: ${message}` : message,
    rule: code,
    frames: [],
  };
}
