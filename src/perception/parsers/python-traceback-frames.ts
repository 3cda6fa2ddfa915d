// Python traceback entries in the forms CPython and pytest print them, for the pytest and unittest
// parsers: `File "path", line N, in fn` (CPython, pytest --tb=native, SyntaxError locations inside `E`
// lines), `path:N: in fn` / `path:N: ExcType` (pytest long/short/line), `file path, line N` and a bare
// `path:N` (pytest fixture errors). Chained exceptions split a traceback into chunks; the failure is in
// the last one.
import type { Frame } from "../failure.ts";
import type { ParseContext } from "./log-parser.ts";

const NATIVE = /^\s*(?:E\s+)?File "(.+?)", line (\d+)(?:, in (.+))?$/;
const PYTEST_ENTRY = /^([^\s>].*?):(\d+):(?: (?:in (\S+)|.*))?$/;
const FIXTURE_DEF = /^file (.+), line (\d+)$/;
const BARE = /^(\S+\.py):(\d+)$/;
const CHAIN =
  /^(?:During handling of the above exception, another exception occurred:|The above exception was the direct cause of the following exception:)$/;

export interface PythonTraceback {
  /** Every frame, outermost first, across all chained exceptions. */
  frames: Frame[];
  /** Frames of the last chained exception only: where the reported error happened. */
  lastChunk: Frame[];
}

export function readPythonFrames(lines: readonly string[], context: ParseContext): PythonTraceback {
  const frames: Frame[] = [];
  let lastChunk: Frame[] = [];
  for (const line of lines) {
    if (line.includes(" exception") && CHAIN.test(line.trim())) {
      lastChunk = [];
      continue;
    }
    const frame = parsePythonFrame(line, context);
    if (!frame) continue;
    frames.push(frame);
    lastChunk.push(frame);
  }
  return { frames, lastChunk };
}

export function parsePythonFrame(line: string, context: ParseContext): Frame | null {
  // Every form has `:` or `, line ` in it; most body lines (source, `E` lines) are rejected by
  // plain string checks before any regex runs.
  const native = line.includes('File "') ? NATIVE.exec(line) : null;
  if (native) return frame(native[1], native[2], native[3], context);
  if (line.startsWith("E ") || !line.includes(":"))
    return line.startsWith("file ") ? fixtureDef(line, context) : null;
  // FIXTURE_DEF needs a leading `file `, BARE a `.py:`, PYTEST_ENTRY a first character that is
  // neither blank nor `>` (source and `>` lines are most of a long traceback).
  const fixture =
    (line.startsWith("file ") ? FIXTURE_DEF.exec(line) : null) ??
    (line.includes(".py:") ? BARE.exec(line) : null);
  if (fixture) return frame(fixture[1], fixture[2], undefined, context);
  const first = line.charCodeAt(0);
  const entry = first === 32 || first === 9 || first === 62 ? null : PYTEST_ENTRY.exec(line);
  if (entry && looksLikePath(entry[1] ?? "")) return frame(entry[1], entry[2], entry[3], context);
  return null;
}

function fixtureDef(line: string, context: ParseContext): Frame | null {
  const fixture = FIXTURE_DEF.exec(line);
  return fixture ? frame(fixture[1], fixture[2], undefined, context) : null;
}

/** The innermost frame in project code, or null when every frame is external. */
export function innermostProjectFrame(frames: readonly Frame[]): Frame | null {
  for (let i = frames.length - 1; i >= 0; i--) {
    const f = frames[i];
    if (f && !f.external) return f;
  }
  return null;
}

// pytest entries are `path:line:` with a file-like path; this keeps prose with colons out.
function looksLikePath(printed: string): boolean {
  if (printed.startsWith("<")) return true;
  return !/\s/.test(printed.replace(/^[A-Za-z]:/, "")) && /\.[A-Za-z0-9_]+$/.test(printed);
}

function frame(
  printed: string | undefined,
  lineNo: string | undefined,
  fn: string | undefined,
  context: ParseContext,
): Frame {
  const raw = printed ?? "";
  return {
    file: context.toRepoPath(raw),
    line: Number(lineNo),
    function: fn ?? null,
    external: raw.startsWith("<") || context.isExternal(raw),
  };
}
