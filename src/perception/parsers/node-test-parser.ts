// Node's built-in test runner (`node --test`), whichever reporter printed it: TAP (default off a
// terminal), spec or dot. Detected by what only node:test prints (failureType/duration_ms YAML keys,
// the `ℹ tests N` summary, the recap headers).
import type { LogParser } from "./log-parser.ts";
import { parseNodeTestTap } from "./node-test-tap.ts";
import { parseNodeTestSpec, RECAP_MARKERS } from "./node-test-spec.ts";

export const nodeTestParser: LogParser = {
  tool: "node:test",
  markers: ["failureType: ", "duration_ms", "ℹ tests ", "# suites ", "✖ failing tests:", "Failed tests:"],
  detect(lines) {
    let tap = 0;
    let spec = 0;
    for (const line of lines) {
      // Only lines that start with whitespace (any kind trim() takes) need trimming for the prefix
      // checks; the recap check needs the whole trimmed line, so it is only made when the text is there.
      const c = line.charCodeAt(0);
      const t = c <= 32 || c === 0xa0 || c >= 0x1680 ? line.trimStart() : line;
      if (t.startsWith("failureType: ") || t.startsWith("duration_ms: ")) tap += 1;
      else if (
        t.startsWith("ℹ tests ") ||
        t.startsWith("# suites ") ||
        (line.includes("ailed tests:") && RECAP_MARKERS.includes(line.trim())) ||
        (line.includes("failing tests:") && RECAP_MARKERS.includes(line.trim()))
      )
        spec += 1;
    }
    if (tap > 0 && lines.some((l) => l.startsWith("TAP version"))) return 88;
    return tap > 0 || spec > 0 ? 80 : 0;
  },
  parse(lines, context) {
    const isTap = lines.some((l) => l.startsWith("TAP version"));
    return isTap ? parseNodeTestTap(lines, context) : parseNodeTestSpec(lines, context);
  },
};
