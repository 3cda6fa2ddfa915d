// A symbol removed and another of the same kind added whose bodies match once the old name is
// replaced by the new one is a rename (or a move), not an addition and a removal.
import type { ChangedSymbol } from "./changed-symbols.ts";

const minSimilarity = 0.6;

export function detectRenames(changed: readonly ChangedSymbol[]): ChangedSymbol[] {
  const removed = changed.filter((c) => c.change === "removed");
  const used = new Set<ChangedSymbol>();
  const merged = new Map<ChangedSymbol, ChangedSymbol>();
  for (const add of changed.filter((c) => c.change === "added")) {
    let best: { gone: ChangedSymbol; score: number } | null = null;
    for (const gone of removed) {
      if (used.has(gone) || gone.kind !== add.kind || gone.name === add.name) continue;
      const score = similarity(bodyOf(gone, "-", gone.name, add.name), bodyOf(add, "+", add.name, add.name));
      if (score >= minSimilarity && (!best || score > best.score)) best = { gone, score };
    }
    if (!best) continue;
    used.add(best.gone);
    merged.set(add, {
      ...add,
      change: "renamed",
      renamedFrom: { qualifiedName: best.gone.qualifiedName, file: best.gone.file },
      before: best.gone.before,
      removedLines: best.gone.removedLines,
      hunk: [...best.gone.hunk, "@@", ...add.hunk],
    });
  }
  return changed.filter((c) => !used.has(c)).map((c) => merged.get(c) ?? c);
}

function bodyOf(c: ChangedSymbol, sign: string, from: string, to: string): Set<string> {
  const word = new RegExp(`\\b${from.replace(/[$]/g, "\\$")}\\b`, "g");
  return new Set(
    c.hunk
      .filter((l) => l.startsWith(sign))
      .map((l) => l.slice(1).replace(word, to).replace(/\s+/g, " ").trim())
      .filter((l) => l.length > 1),
  );
}

function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let same = 0;
  for (const x of a) if (b.has(x)) same++;
  return same / (a.size + b.size - same);
}
