// Ranks one dumped question (ask-features.ts) with given weights the way recall does: scoreOf on
// each candidate's features, then the entry-point pass (named-entry-callees.ts), the wrapper pass
// (delegating-wrappers.ts), the record pass (record-class-users.ts) and the callee-over-caller pass
// (callee-over-caller.ts, the same function recall calls) replayed on the dumped links.
// ask-features checks that it reproduces recall's own top three with the committed weights.
import {
  ranksAfterCode,
  scoreOf,
  type RecallFeatures,
  type RecallWeights,
} from "../src/understanding/ask/recall-weights.ts";
import { raiseCallees, type QuestionMatch } from "../src/understanding/ask/callee-over-caller.ts";
import { recordUserScore } from "../src/understanding/ask/record-class-users.ts";

export interface DumpedItem {
  id: string;
  /** Lines of what recall cites (a large function's window), its last tie-break. */
  span: number;
  callable: boolean;
  answers: boolean;
  /** null: not scored by recall, only reachable as a wrapper's implementation or a record's user. */
  f: RecallFeatures | null;
  /** The (stemmed) question terms its words hold and its name's terms, when it matches any. */
  matched?: string[];
  name?: string[];
}
/** One question as ask-dump.ts dumps it: what the offline ranker reads. */
export interface DumpedRanking {
  items: DumpedItem[];
  /** Named callable candidate -> the scored candidates it reaches in two calls. */
  reach: Record<string, string[]>;
  /** Short wrapper -> its implementations (candidates). */
  wrappers: Record<string, string[]>;
  /** Matching candidate -> the matching candidates it calls directly. */
  callees?: Record<string, string[]>;
  /** Record class -> what stores it (class, constructor) and the one function that names it. */
  records?: Record<string, { stored: string[]; user: string }>;
  /** recall's top three with the committed weights (ids). */
  recalled: string[];
}
export interface DumpedQuestion extends DumpedRanking {
  id: string;
  repo: string;
  set: string;
}

const ENTRY_RANK = 3;
const DELEGATE_MARGIN = 0.01;
const MAX_DELEGATION_STEPS = 3;

interface Ranked {
  symbol: DumpedItem;
  score: number;
}

/** The question's items in recall's order, best first, at most `limit`. */
export function rank(q: DumpedRanking, w: Readonly<RecallWeights>, limit = 3): DumpedItem[] {
  const byItem = new Map(q.items.map((i) => [i.id, i]));
  const out: Ranked[] = [];
  for (const item of q.items) {
    if (!item.f) continue;
    const score = scoreOf(item.f, w);
    if (score > 0) out.push({ symbol: item, score });
  }
  const entries = [...out]
    .sort((a, b) => b.score - a.score)
    .slice(0, ENTRY_RANK)
    .filter((r) => r.symbol.f?.named && r.symbol.callable);
  const reached = new Set(entries.flatMap((r) => q.reach[r.symbol.id] ?? []));
  for (const r of out) if (reached.has(r.symbol.id) && (r.symbol.f?.lexical ?? 0) > 0) r.score += w.reached;
  const byId = new Map(out.map((r) => [r.symbol.id, r]));
  const raise = (id: string, score: number) => {
    const have = byId.get(id);
    if (have && have.score >= score) return;
    if (have) have.score = score;
    else {
      const item = byItem.get(id);
      if (!item) return;
      const added = { symbol: item, score };
      out.push(added);
      byId.set(id, added);
    }
  };
  for (let step = 0; step < MAX_DELEGATION_STEPS; step++)
    for (const wrapper of [...byId.values()])
      for (const calleeId of q.wrappers[wrapper.symbol.id] ?? [])
        raise(calleeId, wrapper.score + DELEGATE_MARGIN);
  if (w.recordUser > 0)
    for (const [record, { stored, user }] of Object.entries(q.records ?? {}))
      if (byId.has(record))
        raise(
          user,
          recordUserScore(
            w.recordUser,
            stored.map((id) => byId.get(id)?.score ?? 0),
          ),
        );
  const { matchOf, callees } = calleeLinks(q, byItem);
  raiseCallees(out, (callers) => new Map(callers.map((c) => [c, callees.get(c) ?? new Set()])), matchOf);
  const tier = (r: Ranked) => (r.symbol.f && ranksAfterCode(r.symbol.f) ? 1 : 0);
  return out
    .sort((a, b) => tier(a) - tier(b) || b.score - a.score || a.symbol.span - b.symbol.span)
    .slice(0, limit)
    .map((r) => r.symbol);
}

/** 0 for an answer first, 1 second, ...; -1 when none of the top `limit` answers. */
export function answerRank(q: DumpedRanking, w: Readonly<RecallWeights>, limit = 3): number {
  return rank(q, w, limit).findIndex((i) => i.answers);
}

interface CalleeLinks {
  matchOf: Map<DumpedItem, QuestionMatch>;
  callees: Map<DumpedItem, Set<DumpedItem>>;
}
// Built once per question: the weight search ranks each question thousands of times.
const linksOf = new WeakMap<DumpedRanking, CalleeLinks>();

function calleeLinks(q: DumpedRanking, byItem: ReadonlyMap<string, DumpedItem>): CalleeLinks {
  const known = linksOf.get(q);
  if (known) return known;
  const matchOf = new Map<DumpedItem, QuestionMatch>();
  for (const i of q.items)
    if (i.matched && i.name) matchOf.set(i, { matched: new Set(i.matched), name: new Set(i.name) });
  const callees = new Map<DumpedItem, Set<DumpedItem>>();
  for (const [caller, ids] of Object.entries(q.callees ?? {})) {
    const item = byItem.get(caller);
    if (item) callees.set(item, new Set(ids.flatMap((id) => byItem.get(id) ?? [])));
  }
  const links = { matchOf, callees };
  linksOf.set(q, links);
  return links;
}
