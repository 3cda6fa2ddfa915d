// Node's built-in test runner (`node --test`), whichever reporter printed it: TAP (default off a
// terminal), spec or dot. Detected by what only node:test prints (failureType/duration_ms YAML keys,
// the `ℹ tests N` summary, the recap headers).
import type { LogParser } from "./log-parser.ts";
import { markerLinesOf } from "./marker-lines.ts";
import { parseNodeTestTap } from "./node-test-tap.ts";
import { parseNodeTestSpec, RECAP_MARKERS } from "./node-test-spec.ts";

export const nodeTestParser: LogParser = {
  tool: "node:test",
  markers: ["failureType: ", "duration_ms", "ℹ tests ", "# suites ", "✖ failing tests:", "Failed tests:"],
  detect(allLines, markerLines) {
    // Every counted line holds a marker; the TAP header is looked for in the whole section.
    const lines = markerLinesOf(allLines, markerLines);
    let tap = 0;
    let spec = 0;
    for (const line of lines) {
      const t = line.trim();
      if (t.startsWith("failureType: ") || t.startsWith("duration_ms: ")) tap += 1;
      else if (t.startsWith("ℹ tests ") || t.startsWith("# suites ") || RECAP_MARKERS.includes(t)) spec += 1;
    }
    if (tap > 0 && allLines.some((l) => l.startsWith("TAP version"))) return 88;
    return tap > 0 || spec > 0 ? 80 : 0;
  },
  parse(lines, context) {
    const isTap = lines.some((l) => l.startsWith("TAP version"));
    return isTap ? parseNodeTestTap(lines, context) : parseNodeTestSpec(lines, context);
  },
};
