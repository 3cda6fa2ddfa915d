// Which lines a change removed and added, as multisets (order-insensitive): enough to count removed
// assertions or added skips without a full diff algorithm.
export interface LineChanges {
  removed: string[];
  added: string[];
}

export function lineChanges(before: string | null, after: string | null): LineChanges {
  const old = before === null ? [] : before.split("\n").map((l) => l.trim());
  const now = after === null ? [] : after.split("\n").map((l) => l.trim());
  const remaining = new Map<string, number>();
  for (const line of now) remaining.set(line, (remaining.get(line) ?? 0) + 1);
  const removed: string[] = [];
  for (const line of old) {
    const n = remaining.get(line) ?? 0;
    if (n > 0) remaining.set(line, n - 1);
    else if (line !== "") removed.push(line);
  }
  const kept = new Map<string, number>();
  for (const line of old) kept.set(line, (kept.get(line) ?? 0) + 1);
  const added: string[] = [];
  for (const line of now) {
    const n = kept.get(line) ?? 0;
    if (n > 0) kept.set(line, n - 1);
    else if (line !== "") added.push(line);
  }
  return { removed, added };
}
