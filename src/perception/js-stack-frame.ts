// V8 stack frames as jest, vitest, mocha, ava, tap and node:test print them:
// `at fn (path:line:col)`, `at path:line:col`, and node:test's TAP form without the `at`.
import type { Failure, FailureKind, Frame } from "./failure.ts";
import type { ParseContext } from "./parsers/log-parser.ts";
import { matchFrameWithFunction } from "./match-frame-with-function.ts";

const BARE =
  /^\s*(?:at\s+)?(?:async\s+)?((?:file:\/\/|node:|\/|[A-Za-z]:[\\/]|\.{0,2}[\w@.-]*\/)[^\s()]*?):(\d+)(?::(\d+))?\s*,?$/;

export interface ParsedJsFrame {
  frame: Frame;
  column: number | null;
}

/** Parses one stack line; `requireAt` rejects lines without the `at ` keyword (plain text with colons). */
export function parseJsStackFrame(
  line: string,
  context: ParseContext,
  requireAt = true,
): ParsedJsFrame | null {
  if (requireAt && !mayStartWithAt(line)) return null;
  const trimmed = line.trimStart();
  if (requireAt && !trimmed.startsWith("at ")) return null;
  // `fn (file:line:col)` needs a `(`, BARE a `:`; plain checks spare the matchers on message lines.
  const withFn = trimmed.includes("(") ? matchFrameWithFunction(trimmed) : null;
  if (withFn) return build(withFn.file, withFn.line, withFn.column, withFn.fn, context);
  const bare = trimmed.includes(":") ? BARE.exec(trimmed) : null;
  if (bare) {
    const [, file = "", lineNo = "", col] = bare;
    return build(file, lineNo, col, null, context);
  }
  return null;
}

// Whether the line may start with `at ` after its leading whitespace: false when the first character
// after spaces is printable ASCII other than `a` (message and code lines), without a trimmed copy.
// Tabs and Unicode spaces are left to trimStart.
function mayStartWithAt(line: string): boolean {
  let k = 0;
  while (line.charCodeAt(k) === 32) k++;
  const c = line.charCodeAt(k);
  return !(c > 32 && c < 127) || c === 97;
}

function build(
  printed: string,
  lineNo: string,
  col: string | undefined,
  fn: string | null,
  context: ParseContext,
): ParsedJsFrame {
  const external = context.isExternal(printed) || printed === "<anonymous>";
  return {
    frame: { file: context.toRepoPath(printed), line: Number(lineNo), function: fn, external },
    column: col === undefined ? null : Number(col),
  };
}

/** The failure location rule: the innermost (first printed) frame in project code. */
export function innermostProjectFrame(frames: readonly Frame[]): Frame | null {
  return frames.find((f) => !f.external && f.line !== null) ?? null;
}

/** The innermost project frame with its column, from parsed frames in printed order. */
export function innermostProjectLocation(
  parsed: readonly ParsedJsFrame[],
): { file: string; line: number | null; column: number | null } | null {
  const hit = parsed.find((p) => !p.frame.external && p.frame.line !== null);
  return hit ? { file: hit.frame.file, line: hit.frame.line, column: hit.column } : null;
}

/**
 * A failure that has no test title and no rule (a test file that threw while loading, a process that
 * died of an uncaught error), placed at the innermost project frame of its stack.
 */
export function stackFailure(
  tool: string,
  kind: FailureKind,
  message: string,
  parsed: readonly ParsedJsFrame[],
): Failure {
  const location = innermostProjectLocation(parsed);
  return {
    tool,
    kind,
    file: location?.file ?? null,
    line: location?.line ?? null,
    column: location?.column ?? null,
    test: null,
    message,
    rule: null,
    frames: parsed.map((p) => p.frame),
  };
}
