// A run that died instead of reporting: killed by the OOM killer or a signal, V8 out of heap, a
// segfault. One `crash` failure per section, named after the command the package script ran
// (`> jest --ci` -> jest) when the log shows it, since that is the tool whose run died.
import type { Failure } from "../failure.ts";
import type { LogParser } from "./log-parser.ts";

const CRASH = [
  /^(?:.*\s)?Killed(?:\s|$)/,
  /FATAL ERROR: .*(?:heap out of memory|Allocation failed)/,
  /Segmentation fault|Aborted \(core dumped\)|Bus error \(core dumped\)/,
  /^npm (?:error|ERR!) signal SIG(?:KILL|SEGV|ABRT)/,
  /^Error: Process completed with exit code 13[47]\.|Process completed with exit code 13[47]\./,
];
const SCRIPT_COMMAND = /^> ([\w@./:-]+)/;

export const crashParser: LogParser = {
  tool: "process",
  // One per CRASH pattern (a segfault without a core dump prints only "Segmentation fault").
  markers: ["Killed", "FATAL", "core dumped", "Segmentation fault", "signal SIG", "exit code 13"],
  detect(lines) {
    return lines.some(isCrashLine) ? 30 : 0;
  },
  parse(lines) {
    const evidence = lines.find(isCrashLine);
    if (evidence === undefined) return [];
    return [
      {
        tool: commandTool(lines) ?? "process",
        kind: "crash",
        file: null,
        line: null,
        column: null,
        test: null,
        message: evidence.trim(),
        rule: null,
        frames: [],
      } satisfies Failure,
    ];
  },
};

function isCrashLine(line: string): boolean {
  return (
    (line.includes("Killed") ||
      line.includes("FATAL") ||
      line.includes("core dumped") ||
      line.includes("signal SIG") ||
      line.includes("exit code 13")) &&
    CRASH.some((p) => p.test(line))
  );
}

// npm prints `> pkg@1.0.0 test` then `> the command`; the second line's first word is the tool.
function commandTool(lines: readonly string[]): string | null {
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!(lines[i] ?? "").startsWith("> ") || !/@\S+ /.test(lines[i] ?? "")) continue;
    const m = SCRIPT_COMMAND.exec(lines[i + 1] ?? "");
    if (!m) return null;
    const word = (m[1] ?? "").split("/").at(-1) ?? "";
    return word === "npx" ? null : word;
  }
  return null;
}
