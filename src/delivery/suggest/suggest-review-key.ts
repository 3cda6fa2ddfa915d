// The identity of a suggestion review: one per (PR head, set of failing checks). Its hidden marker
// in the review body lets a restarted worker, or a second run for the same head and checks, find
// the review instead of posting another.
import { createHash } from "node:crypto";

export function suggestReviewKey(headSha: string, failingChecks: readonly string[]): string {
  const checks = [...new Set(failingChecks)].sort().join("\n");
  return createHash("sha256").update(`${headSha}\n${checks}`).digest("hex").slice(0, 24);
}

export function suggestReviewMarker(key: string): string {
  return `<!-- xihe:suggest-review ${key} -->`;
}
