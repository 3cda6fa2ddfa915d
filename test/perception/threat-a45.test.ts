// Threat A45: super-linear regexes in perception. Every registered parser (and every stage diagnose
// runs on each line) gets crafted lines near the line cap, built from the marker tokens parsers look
// for repeated without spaces, and must parse them within a constant factor of an ordinary line of the
// same size measured here. A quadratic regex takes seconds on these lines, a linear one milliseconds.
import { describe, expect, it } from "vitest";
import { logParsers } from "../../src/perception/parsers/registry.ts";
import type { ParseContext } from "../../src/perception/parsers/log-parser.ts";
import { normaliseLine } from "../../src/perception/normalise-line.ts";
import { parseWorkflowCommand } from "../../src/perception/workflow-command.ts";
import { parseSectionStart } from "../../src/perception/section-start.ts";
import { matchRunSignal } from "../../src/perception/run-signals.ts";
import { parseJsStackFrame } from "../../src/perception/js-stack-frame.ts";
import { isExternalPath } from "../../src/perception/external-path.ts";
import { cleanPrintedPath, createPathMapper } from "../../src/perception/path-mapping.ts";

const LINE_CHARS = 64 * 1024; // a quarter of the line cap: quadratic is already ~0.5 s a line here
const FACTOR = 20;
const FLOOR_MS = 100;
const context: ParseContext = { toRepoPath: cleanPrintedPath, isExternal: isExternalPath };

// What parsers split and anchor on; each is repeated without spaces to fill a line.
const TOKENS = [
  "::",
  ":",
  "(",
  " (",
  ")",
  "at ",
  "at a (",
  "/",
  "=",
  "1",
  "a::",
  "a:1",
  ":1:",
  ".py::",
  ".py",
  " ",
  "\t",
  "- ",
  " - ",
  "[",
  "]",
  "[ 1%]",
  ".",
  "|",
  ">",
  ",",
  "'",
  '"',
  "{",
  "<",
  "E ",
  "a ",
  "--",
  "#",
  "%",
  "\\",
  "@",
  "$ ",
  "_",
  "~",
  "^",
  "error",
  " FAILED",
  "== ",
  "1 failed ",
  " in 1s",
];
// Lines that move a stateful parser into the part of its report where other regexes run.
const STATES = [
  "=================================== FAILURES ===================================",
  "=================================== ERRORS ===================================",
  "=========================== short test summary info ============================",
  "failures:",
  "TAP version 13",
  "Traceback (most recent call last):",
  "[ERROR] Failures: ",
  "  ● suite › test",
  "--- FAIL: TestX (0.00s)",
  "not ok 1 - test",
];

interface Subject {
  name: string;
  prefixes: readonly string[];
  run: (lines: readonly string[]) => void;
}

const subjects: Subject[] = [
  ...logParsers.map((parser) => ({
    name: parser.tool,
    prefixes: ["", "    at ", "E   ", ...(parser.markers ?? [])],
    run: (lines: readonly string[]) => {
      parser.detect(lines);
      parser.parse(lines, context);
    },
  })),
  ...[
    { name: "normalise-line", run: (l: string) => normaliseLine(l) },
    { name: "workflow-command", run: (l: string) => parseWorkflowCommand(l) },
    { name: "section-start", run: (l: string) => parseSectionStart(l) },
    { name: "run-signals", run: (l: string) => matchRunSignal(l) },
    { name: "js-stack-frame", run: (l: string) => parseJsStackFrame(l, context, false) },
    // Without fileExists: trying every suffix against a checkout is quadratic in segments (a known gap).
    { name: "path-mapping", run: (l: string) => createPathMapper().toRepoPath(l) },
  ].map(({ name, run }) => ({
    name,
    prefixes: ["", "::error file=", "> a@1 ", "    at ", "file://", "/home/runner/work/a/a/", "\u001b[31m"],
    run: (lines: readonly string[]) => lines.forEach(run),
  })),
];

const fill = (prefix: string, token: string) =>
  (prefix + token.repeat(Math.ceil(LINE_CHARS / token.length))).slice(0, LINE_CHARS);
const ordinary = [fill("", "the quick brown fox jumps over the lazy dog 12 times, "), fill("", "x")];

function timeMs(subject: Subject, lines: readonly string[]): number {
  const started = performance.now();
  subject.run(lines);
  return performance.now() - started;
}

// The slowest crafted section of one subject that stays slow when measured again (noise does not).
function offenders(subject: Subject): string[] {
  const found: string[] = [];
  for (const state of [null, ...STATES]) {
    const section = (line: string) => (state === null ? [line] : [state, line]);
    const baseline = Math.max(...ordinary.map((line) => timeMs(subject, section(line))));
    const limit = Math.max(FACTOR * baseline, FLOOR_MS);
    const prefixes = state === null ? subject.prefixes : [""];
    for (const prefix of prefixes)
      for (const token of TOKENS) {
        const lines = section(fill(prefix, token));
        if (timeMs(subject, lines) <= limit) continue;
        const again = Math.min(timeMs(subject, lines), timeMs(subject, lines));
        if (again > limit)
          found.push(
            `${JSON.stringify(prefix)} + ${JSON.stringify(token)}… after ${JSON.stringify(state)}: ${again.toFixed(0)} ms > ${limit.toFixed(0)} ms`,
          );
      }
  }
  return found;
}

describe("A45", () => {
  it.each(subjects.map((s) => [s.name, s] as const))(
    "A45: %s parses crafted lines near the line cap in linear time",
    (_name, subject) => {
      expect(offenders(subject)).toEqual([]);
    },
    300_000,
  );
});
