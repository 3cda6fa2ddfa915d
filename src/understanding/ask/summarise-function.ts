// A function for the model is whole or summarised, never cut mid-body: a body over its budget
// becomes its signature lines, the first lines and the last lines, with the gap marked.
export interface CodeExcerpt {
  file: string;
  symbol: string | null;
  startLine: number;
  endLine: number;
  /** The excerpt's lines, `lines[0]` being `startLine`. */
  lines: readonly string[];
}

export type CountTokens = (text: string) => number;

/** About four characters per token for code and English: good enough for budgeting. */
export const estimateTokens: CountTokens = (text) => Math.ceil(text.length / 4);

const HEAD_LINES = 8;
const TAIL_LINES = 4;

export function renderExcerpt(excerpt: CodeExcerpt): string {
  const header = `// ${excerpt.file}:${excerpt.startLine}-${excerpt.endLine}${excerpt.symbol ? ` ${excerpt.symbol}` : ""}`;
  return [header, ...numbered(excerpt.lines, excerpt.startLine)].join("\n");
}

/** The whole excerpt if it fits `budget`, else its summary if that fits, else null. */
export function fitExcerpt(excerpt: CodeExcerpt, budget: number, count: CountTokens): string | null {
  const whole = renderExcerpt(excerpt);
  if (count(whole) <= budget) return whole;
  const summary = summariseExcerpt(excerpt);
  return summary !== null && count(summary) <= budget ? summary : null;
}

export function summariseExcerpt(excerpt: CodeExcerpt): string | null {
  const { lines, startLine } = excerpt;
  if (lines.length <= HEAD_LINES + TAIL_LINES + 1) return null;
  const omitted = lines.length - HEAD_LINES - TAIL_LINES;
  const header = `// ${excerpt.file}:${startLine}-${excerpt.endLine}${excerpt.symbol ? ` ${excerpt.symbol}` : ""} (summarised)`;
  return [
    header,
    ...numbered(lines.slice(0, HEAD_LINES), startLine),
    `       ... ${omitted} lines omitted (${startLine + HEAD_LINES}-${startLine + HEAD_LINES + omitted - 1}) ...`,
    ...numbered(lines.slice(-TAIL_LINES), startLine + lines.length - TAIL_LINES),
  ].join("\n");
}

/**
 * The `file:line`s a brief's text shows with their numbers, read back from what renderExcerpt and
 * summariseExcerpt wrote (a header, then numbered lines): a summary's omitted lines and an excerpt
 * left out for lack of space are not in it, so a citation of them is not a citation of code shown.
 */
export function numberedLinesShown(text: string): Set<string> {
  const shown = new Set<string>();
  let file: string | null = null;
  for (const line of text.split("\n")) {
    const header = /^\/\/ (\S+):\d+-\d+(?: |$)/.exec(line);
    if (header) file = header[1] ?? null;
    const numbered = /^ *(\d+)\| /.exec(line);
    if (numbered && file !== null) shown.add(`${file}:${Number(numbered[1])}`);
    // Anything else but a summary's gap marker ends the excerpt.
    else if (!header && !line.startsWith("       ... ")) file = null;
  }
  return shown;
}

function numbered(lines: readonly string[], first: number): string[] {
  return lines.map((line, i) => `${String(first + i).padStart(6)}| ${line}`);
}
