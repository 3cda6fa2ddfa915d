// Locates the text an edit replaces: an exact unique match first, then a match that ignores
// indentation and trailing whitespace (the new text is re-indented by the same amount). When there is
// no unique match, the closest line windows are returned so the model can copy the real text.
export type EditTarget =
  | { kind: "found"; start: number; end: number; replacement: string }
  | { kind: "ambiguous"; lines: number[] }
  | { kind: "missing"; candidates: Array<{ line: number; text: string; similarity: number }> };

export function findEditTarget(text: string, oldText: string, newText: string): EditTarget {
  const exact = occurrences(text, oldText);
  if (exact.length === 1)
    return { kind: "found", start: exact[0]!, end: exact[0]! + oldText.length, replacement: newText };
  if (exact.length > 1) return { kind: "ambiguous", lines: exact.map((i) => lineOf(text, i)) };
  const lines = text.split("\n");
  const oldLines = trimBlankEdges(oldText.split("\n"));
  if (oldLines.length === 0) return { kind: "missing", candidates: [] };
  const key = oldLines.map(normalize);
  const hits: number[] = [];
  for (let i = 0; i + oldLines.length <= lines.length; i++) {
    if (key.every((k, j) => normalize(lines[i + j]!) === k)) hits.push(i);
  }
  if (hits.length > 1) return { kind: "ambiguous", lines: hits.map((i) => i + 1) };
  if (hits.length === 0) return { kind: "missing", candidates: closest(lines, key) };
  const first = hits[0]!;
  const start = offsetOfLine(lines, first);
  const endLine = first + oldLines.length - 1;
  const end = offsetOfLine(lines, endLine) + lines[endLine]!.length;
  const delta = indentOf(lines[first]!).length - indentOf(oldLines[0]!).length;
  return {
    kind: "found",
    start,
    end,
    replacement: reindent(trimBlankEdges(newText.split("\n")).join("\n"), delta, indentOf(lines[first]!)),
  };
}

function occurrences(text: string, needle: string): number[] {
  if (needle === "") return [];
  const found: number[] = [];
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) found.push(i);
  return found;
}

const normalize = (line: string) => line.trim().replace(/\s+/g, " ");
const indentOf = (line: string) => /^[ \t]*/.exec(line)![0];
const lineOf = (text: string, offset: number) => text.slice(0, offset).split("\n").length;
const offsetOfLine = (lines: string[], index: number) =>
  lines.slice(0, index).reduce((n, l) => n + l.length + 1, 0);

function trimBlankEdges(lines: string[]): string[] {
  let from = 0;
  let to = lines.length;
  while (from < to && lines[from]!.trim() === "") from++;
  while (to > from && lines[to - 1]!.trim() === "") to--;
  return lines.slice(from, to);
}

function reindent(text: string, delta: number, unit: string): string {
  if (delta === 0) return text;
  return text
    .split("\n")
    .map((line) => {
      if (line.trim() === "") return line;
      if (delta > 0) return unit.slice(0, delta) + line;
      return line.slice(Math.min(-delta, indentOf(line).length));
    })
    .join("\n");
}

function closest(lines: string[], key: string[]): Array<{ line: number; text: string; similarity: number }> {
  const windows: Array<{ line: number; text: string; similarity: number }> = [];
  const target = bigrams(key.join("\n"));
  for (let i = 0; i + key.length <= lines.length; i++) {
    const window = lines.slice(i, i + key.length);
    windows.push({
      line: i + 1,
      text: window.join("\n"),
      similarity: dice(target, bigrams(window.map(normalize).join("\n"))),
    });
  }
  return windows
    .sort((a, b) => b.similarity - a.similarity || a.line - b.line)
    .slice(0, 3)
    .filter((w) => w.similarity > 0.3);
}

function bigrams(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < text.length - 1; i++)
    counts.set(text.slice(i, i + 2), (counts.get(text.slice(i, i + 2)) ?? 0) + 1);
  return counts;
}

function dice(a: Map<string, number>, b: Map<string, number>): number {
  let shared = 0;
  let total = 0;
  for (const [gram, n] of a) shared += Math.min(n, b.get(gram) ?? 0);
  for (const n of a.values()) total += n;
  for (const n of b.values()) total += n;
  return total === 0 ? 0 : (2 * shared) / total;
}
