// Ranks one dumped question (ask-features.ts) with given weights the way recall does: scoreOf on
// each candidate's features, then the entry-point pass (named-entry-callees.ts) and the wrapper
// pass (delegating-wrappers.ts) replayed on the dumped call links. ask-features checks that it
// reproduces recall's own top three with the committed weights.
import {
  ranksAfterCode,
  scoreOf,
  type RecallFeatures,
  type RecallWeights,
} from "../src/understanding/ask/recall-weights.ts";

export interface DumpedItem {
  id: string;
  span: number;
  callable: boolean;
  answers: boolean;
  /** null: not scored by recall, only reachable as a wrapper's implementation. */
  f: RecallFeatures | null;
}
export interface DumpedQuestion {
  id: string;
  repo: string;
  set: string;
  items: DumpedItem[];
  /** Named callable candidate -> the scored candidates it reaches in two calls. */
  reach: Record<string, string[]>;
  /** Short wrapper -> its implementations (candidates). */
  wrappers: Record<string, string[]>;
  /** recall's top three with the committed weights (ids). */
  recalled: string[];
}

const ENTRY_RANK = 3;
const DELEGATE_MARGIN = 0.01;
const MAX_DELEGATION_STEPS = 3;

/** The question's items in recall's order, best first, at most `limit`. */
export function rank(q: DumpedQuestion, w: Readonly<RecallWeights>, limit = 3): DumpedItem[] {
  const byItem = new Map(q.items.map((i) => [i.id, i]));
  const out: { item: DumpedItem; score: number }[] = [];
  for (const item of q.items) {
    if (!item.f) continue;
    const score = scoreOf(item.f, w);
    if (score > 0) out.push({ item, score });
  }
  const entries = [...out]
    .sort((a, b) => b.score - a.score)
    .slice(0, ENTRY_RANK)
    .filter((r) => r.item.f?.named && r.item.callable);
  const reached = new Set(entries.flatMap((r) => q.reach[r.item.id] ?? []));
  for (const r of out) if (reached.has(r.item.id) && (r.item.f?.lexical ?? 0) > 0) r.score += w.reached;
  const byId = new Map(out.map((r) => [r.item.id, r]));
  for (let step = 0; step < MAX_DELEGATION_STEPS; step++)
    for (const wrapper of [...byId.values()])
      for (const calleeId of q.wrappers[wrapper.item.id] ?? []) {
        const lifted = wrapper.score + DELEGATE_MARGIN;
        const have = byId.get(calleeId);
        if (have && have.score >= lifted) continue;
        if (have) have.score = lifted;
        else {
          const item = byItem.get(calleeId);
          if (!item) continue;
          const added = { item, score: lifted };
          out.push(added);
          byId.set(calleeId, added);
        }
      }
  const tier = (r: { item: DumpedItem }) => (r.item.f && ranksAfterCode(r.item.f) ? 1 : 0);
  return out
    .sort((a, b) => tier(a) - tier(b) || b.score - a.score || a.item.span - b.item.span)
    .slice(0, limit)
    .map((r) => r.item);
}

/** 0 for an answer first, 1 second, ...; -1 when none of the top `limit` answers. */
export function answerRank(q: DumpedQuestion, w: Readonly<RecallWeights>, limit = 3): number {
  return rank(q, w, limit).findIndex((i) => i.answers);
}
