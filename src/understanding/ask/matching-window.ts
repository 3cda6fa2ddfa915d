// The lines of a large symbol worth showing for a question: the window of `size` lines holding the
// most of the question's words, so the answer inside a 250-line function is what the reader sees.
import { splitIdentifiers } from "../index/split-identifiers.ts";

export function matchingWindow(
  lines: readonly string[],
  startLine: number,
  endLine: number,
  question: string,
  size: number,
): { startLine: number; endLine: number } {
  if (endLine - startLine + 1 <= size) return { startLine, endLine };
  const terms = new Set(splitIdentifiers(question));
  const hits = lines
    .slice(startLine - 1, endLine)
    .map((l) => splitIdentifiers(l).filter((t) => terms.has(t)).length);
  let best = 0;
  let bestScore = -1;
  let score = hits.slice(0, size).reduce((a, b) => a + b, 0);
  for (let i = 0; i + size <= hits.length; i++) {
    if (i > 0) score += (hits[i + size - 1] ?? 0) - (hits[i - 1] ?? 0);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  // No word matches anywhere: the header is the most telling part.
  if (bestScore <= 0) return { startLine, endLine: startLine + size - 1 };
  return { startLine: startLine + best, endLine: startLine + best + size - 1 };
}
