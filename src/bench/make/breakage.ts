// One candidate breakage of a source file: a span on one line replaced by other text.
import type { TaskKind } from "../bench-task.ts";

export interface Breakage {
  kind: Exclude<TaskKind, "other">;
  file: string;
  /** 1-based line of the span. */
  line: number;
  op: string;
  /** Character offsets into the file's text. */
  start: number;
  end: number;
  replacement: string;
  /** Groups candidates so a pack spreads over functions (or lines, for style breakages). */
  scope: string;
}

export function applyBreakage(text: string, b: Breakage): string {
  return `${text.slice(0, b.start)}${b.replacement}${text.slice(b.end)}`;
}

/** The whole line of the span, before and after. */
export function brokenLine(text: string, b: Breakage): { original: string; broken: string } {
  const lineStart = text.lastIndexOf("\n", b.start - 1) + 1;
  const nextBreak = text.indexOf("\n", b.end);
  const lineEnd = nextBreak === -1 ? text.length : nextBreak;
  const original = text.slice(lineStart, lineEnd);
  const broken = `${text.slice(lineStart, b.start)}${b.replacement}${text.slice(b.end, lineEnd)}`;
  return { original, broken };
}

export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
