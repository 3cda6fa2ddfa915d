// A run that died instead of reporting: killed by the OOM killer or a signal, V8 out of heap or on
// another fatal error (its `# Fatal error in …` banner), a segfault, abort or trap (the shell's
// `Segmentation fault`/`Aborted`/`Trace/breakpoint trap`, Python's faulthandler dump). One
// `crash` failure per section, under the runner whose run died (the script's command, else the
// runner's own frames on the dump's stack), placed at the innermost project frame of the dump.
import type { Failure } from "../failure.ts";
import { crashLocation } from "./crash-location.ts";
import { commandTool, frameRunner, scriptCommand } from "./crash-runner.ts";
import type { LogParser } from "./log-parser.ts";

// Most telling first: the first pattern any line matches gives the failure's message.
const CRASH = [
  /FATAL ERROR: .*(?:heap out of memory|Allocation failed)/,
  // V8's fatal-error banner: `# Fatal error in FILE, line N` then what failed (`# Fatal JavaScript
  // invalid size error …`, `# Fatal process out of memory: …`, `# Check failed: …`); V8 then traps.
  /^# (?:Fatal JavaScript|Fatal process|Check failed:) /,
  /^# Fatal error in .*, line \d+$/,
  // faulthandler writes straight to stderr, after pytest's progress on the same line (`.Fatal …`).
  /Fatal Python error: /,
  /^(?:.*\s)?Killed(?:\s|$)/,
  /^(?:Segmentation fault|Aborted|Bus error|Trace\/breakpoint trap|Illegal instruction)(?: \(core dumped\))?$/,
  // bash's job report: `line 1:  7384 Segmentation fault      cmd …`
  /^(?:.*\s)?\d+ (?:Segmentation fault|Aborted|Bus error|Trace\/breakpoint trap|Illegal instruction)(?: \(core dumped\))?(?:\s|$)/,
  /Aborted \(core dumped\)|Bus error \(core dumped\)/,
  /^npm (?:error|ERR!) signal SIG(?:KILL|SEGV|ABRT|BUS)/,
  /^Error: Process completed with exit code 1(?:3[47]|39)\.|Process completed with exit code 1(?:3[47]|39)\./,
];
// Every CRASH pattern needs one of these substrings (the scan finds the lines that hold them).
const PYTHON_FATAL = "Fatal Python error: ";
const MARKERS = [
  "FATAL",
  "# Fatal ",
  "# Check failed:",
  "Fatal Python error",
  "Killed",
  "Segmentation fault",
  "Aborted",
  "Bus error",
  "Trace/breakpoint trap",
  "Illegal instruction",
  "signal SIG",
  "exit code 1",
];

export const crashParser: LogParser = {
  tool: "process",
  crashReporter: true,
  markers: MARKERS,
  detect(lines) {
    return lines.some(isCrashLine) ? 30 : 0;
  },
  parse(lines, context) {
    const evidence = mostTelling(lines);
    if (evidence === null) return [];
    const where = crashLocation(lines, context);
    const command = scriptCommand(lines);
    const tool = (command === null ? null : commandTool(command)) ?? frameRunner(where?.frames ?? []);
    return [
      {
        tool: tool ?? (where?.frames.length && evidence.startsWith("Fatal Python") ? "python" : "process"),
        kind: "crash",
        file: where?.file ?? null,
        line: where?.line ?? null,
        column: where?.column ?? null,
        test: where?.test ?? null,
        message: evidence,
        rule: null,
        frames: where?.frames ?? [],
      } satisfies Failure,
    ];
  },
};

function isCrashLine(line: string): boolean {
  return MARKERS.some((m) => line.includes(m)) && CRASH.some((p) => p.test(line));
}

function mostTelling(lines: readonly string[]): string | null {
  const crashLines = lines.filter(isCrashLine);
  for (const pattern of CRASH) {
    const line = crashLines.find((l) => pattern.test(l));
    if (line === undefined) continue;
    const python = line.indexOf(PYTHON_FATAL);
    // V8 frames its banner in `#` lines; the message is what follows.
    return (python > 0 ? line.slice(python) : line).trim().replace(/^# /, "");
  }
  return null;
}
