// TypeScript `tsc`: plain `file(line,col): error TS2322: msg` (indented elaboration lines follow) and
// `--pretty` `file:line:col - error TS2322: msg` (elaboration, a code frame, related locations follow).
// A diagnostic without a location (`error TS18003: No inputs were found…`) has file null.
import type { Failure } from "../failure.ts";
import type { LogParser } from "./log-parser.ts";
import { markerLinesOf } from "./marker-lines.ts";

// tsc starts its diagnostics in column 0; indented copies (inside a jest/vitest block) belong to that tool.
const PLAIN = /^(\S.*?)\((\d+),(\d+)\): (error|warning|message) (TS\d+): (.*)$/;
const PRETTY = /^(\S.*?):(\d+):(\d+) - (error|warning|message) (TS\d+): (.*)$/;
const GLOBAL = /^(error|warning) (TS\d+): (.*)$/;
const MARKER = /\): (?:error|warning) TS\d+: | - (?:error|warning) TS\d+: |^error TS\d+: /;
const MAX_ELABORATION_LINES = 12;

export const tscParser: LogParser = {
  tool: "tsc",
  markers: [" TS"],
  detect(allLines, markerLines) {
    // Every line that scores holds one of the markers.
    const lines = markerLinesOf(allLines, markerLines);
    let hits = 0;
    for (const line of lines)
      if (line.includes(" TS") && line.charCodeAt(0) !== 32 && MARKER.test(line)) hits++;
    return hits > 0 ? 70 + Math.min(hits, 20) : 0;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? "";
      if (!line.includes("TS")) continue;
      const plain = PLAIN.exec(line);
      const pretty = plain ? null : PRETTY.exec(line);
      const located = plain ?? pretty;
      if (located) {
        const [, file = "", lineNo = "", col = "", , code = "", message = ""] = located;
        failures.push(
          build(context.toRepoPath(file), Number(lineNo), Number(col), code, message, elaboration(lines, i)),
        );
        continue;
      }
      const global = GLOBAL.exec(line);
      if (global)
        failures.push(build(null, null, null, global[2] ?? "", global[3] ?? "", elaboration(lines, i)));
    }
    return failures;
  },
};

// Both forms put the elaboration chain right under the header, indented by two spaces per level.
function elaboration(lines: readonly string[], headerIndex: number): string[] {
  const out: string[] = [];
  for (let j = headerIndex + 1; j < lines.length && out.length < MAX_ELABORATION_LINES; j++) {
    const next = lines[j] ?? "";
    if (!/^ {2,}\S/.test(next) || /^\s+\S+:\d+:\d+$/.test(next)) break;
    out.push(next.trim());
  }
  return out;
}

function build(
  file: string | null,
  line: number | null,
  column: number | null,
  code: string,
  message: string,
  more: string[],
): Failure {
  return {
    tool: "tsc",
    kind: "type",
    file,
    line,
    column,
    test: null,
    message: [message, ...more].join("\n"),
    rule: code,
    frames: [],
  };
}
