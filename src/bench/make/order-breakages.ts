// The order candidates are tried in: shuffled by the seed, then spread so every file gets its first
// candidate before any file gets its second.
import type { Breakage } from "./breakage.ts";
import { shuffled } from "./seeded-random.ts";

export function orderBreakages(random: () => number, candidates: readonly Breakage[]): Breakage[] {
  const perFile = new Map<string, number>();
  const ranked = shuffled(random, candidates).map((b, order) => {
    const rank = perFile.get(b.file) ?? 0;
    perFile.set(b.file, rank + 1);
    return { b, rank, order };
  });
  return ranked.sort((x, y) => x.rank - y.rank || x.order - y.order).map((r) => r.b);
}
