// The lines of a large symbol worth showing for a question: the window of `size` lines holding the
// most of the question's words, so the answer inside a 250-line function is what the reader sees;
// of equally good windows, the one that centres its matching lines.
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
  let bestScore = -1;
  let tied: number[] = [];
  let score = hits.slice(0, size).reduce((a, b) => a + b, 0);
  for (let i = 0; i + size <= hits.length; i++) {
    if (i > 0) score += (hits[i + size - 1] ?? 0) - (hits[i - 1] ?? 0);
    if (score > bestScore) [bestScore, tied] = [score, [i]];
    else if (score === bestScore) tied.push(i);
  }
  // No word matches anywhere: the header is the most telling part.
  if (bestScore <= 0) return { startLine, endLine: startLine + size - 1 };
  const best = mostCentred(hits, tied, size);
  return { startLine: startLine + best, endLine: startLine + best + size - 1 };
}

/**
 * Of windows that match as many words, the one whose matching lines sit nearest its middle: the
 * first best window ends on the first matching line, so a single answering line was shown last,
 * with none of the code after it.
 */
function mostCentred(hits: readonly number[], tied: readonly number[], size: number): number {
  let best = tied[0] ?? 0;
  let bestImbalance = Infinity;
  for (const i of tied) {
    const inside = hits.slice(i, i + size);
    const first = inside.findIndex((h) => h > 0);
    const last = size - 1 - [...inside].reverse().findIndex((h) => h > 0);
    const imbalance = Math.abs(first - (size - 1 - last));
    if (imbalance < bestImbalance) [best, bestImbalance] = [i, imbalance];
  }
  return best;
}
