// Where a crashed process was when it died, from the dump it printed on the way down: Python's
// faulthandler (`Fatal Python error: …` then `File "path", line N in fn`, innermost first) or V8's
// `----- JavaScript stack trace -----` (`N: fn (path:line:col)`, innermost first). The crash is
// placed at the innermost frame in project code; for a Python test the frame's function is the test.
import type { Frame } from "../failure.ts";
import { parseJsStackFrame } from "../js-stack-frame.ts";
import type { ParseContext } from "./log-parser.ts";

export interface CrashLocation {
  file: string | null;
  line: number | null;
  column: number | null;
  /** The Python function the innermost project frame is in, when it is a test (`test_*`). */
  test: string | null;
  frames: Frame[];
}

const JS_TRACE = "----- JavaScript stack trace -----";
const FAULTHANDLER_FRAME = '  File "';

export function crashLocation(lines: readonly string[], context: ParseContext): CrashLocation | null {
  const frames = [...faulthandlerFrames(lines, context), ...v8TraceFrames(lines, context)];
  if (frames.length === 0) return null;
  const own = frames.find((f) => !f.frame.external) ?? null;
  const fn = own?.frame.function ?? null;
  return {
    file: own?.frame.file ?? null,
    line: own?.frame.line ?? null,
    column: own?.column ?? null,
    test: fn !== null && fn.startsWith("test") ? fn : null,
    frames: frames.map((f) => f.frame),
  };
}

// `  File "/abs/tests/test_x.py", line 9 in test_y` (no comma before `in`, unlike a traceback).
function faulthandlerFrames(lines: readonly string[], context: ParseContext) {
  const out: { frame: Frame; column: number | null }[] = [];
  for (const line of lines) {
    if (!line.startsWith(FAULTHANDLER_FRAME)) continue;
    const close = line.lastIndexOf('", line ');
    if (close <= FAULTHANDLER_FRAME.length) continue;
    const rest = /^", line (\d+) in (\S+)$/.exec(line.slice(close));
    if (!rest) continue;
    const printed = line.slice(FAULTHANDLER_FRAME.length, close);
    const external = context.isExternal(printed) || printed.startsWith("<");
    out.push({
      frame: {
        file: context.toRepoPath(printed),
        line: Number(rest[1]),
        function: rest[2] ?? null,
        external,
      },
      column: null,
    });
  }
  return out;
}

function v8TraceFrames(lines: readonly string[], context: ParseContext) {
  const at = lines.indexOf(JS_TRACE);
  if (at === -1) return [];
  const out: { frame: Frame; column: number | null }[] = [];
  for (const line of lines.slice(at + 1)) {
    const numbered = /^\s*\d+: /.exec(line);
    if (!numbered) {
      if (line.trim() === "" && out.length === 0) continue;
      break;
    }
    const parsed = parseJsStackFrame(line.slice(numbered[0].length), context, false);
    if (parsed) out.push(parsed);
  }
  return out;
}
