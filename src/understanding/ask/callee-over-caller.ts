// A caller often outranks the function it calls on the callee's own words: `generateSource` loops
// over tokens and calls `scanLine(line)`, so for "how does a closing tag swallow the line break?" it
// holds every word `scanLine` holds, "line" among them through the call, and its longer body says
// them more often. When a well-ranked caller matches no word of the question that its direct callee
// lacks, and the callee's name carries one of them that the caller's name does not, the callee is
// the one that says what the question asks; it is ranked just above its caller. The reverse (a
// caller whose words include all of its callee's, raised above it) was measured and loses: an entry
// point repeats what its helpers do (bench/ask-corpus/RESULTS.md, session 44).
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import { directCallees } from "./named-entry-callees.ts";
import type { RecalledSymbol } from "./recalled-symbol.ts";

/** Only callers this high are looked at: the ones a reader sees first. */
const CALLER_RANK = 3;
/** The callee is ranked this much above its caller: an order, not a new score. */
const MARGIN = 0.001;

export interface QuestionMatch {
  /** The question's (stemmed) terms the symbol's words hold. */
  matched: ReadonlySet<string>;
  /** Its name's (stemmed) terms. */
  name: ReadonlySet<string>;
}

/** One ranked result as the rule reads it: recall's RecalledSymbol, or bench/ask-rank.ts' replay. */
export interface Ranked<S> {
  symbol: S;
  score: number;
}

/**
 * Raises, just above each of the first CALLER_RANK results, any function it calls directly whose
 * matched question terms include all of the caller's and whose name carries one the caller's name
 * does not. `wordOf` spells a stemmed term as the question wrote it.
 */
export function raiseCalleesOverCallers(
  out: RecalledSymbol[],
  index: CodeIndex,
  matchOf: ReadonlyMap<CodeSymbol, QuestionMatch>,
  wordOf: (term: string) => string,
): void {
  raiseCallees(
    out,
    (callers) => directCallees(index, callers),
    matchOf,
    (r, caller, named) => {
      const c = caller.symbol;
      r.why.push(
        `ranked above its caller ${c.qualifiedName} (${c.file}:${c.startLine}), which matches no word of the question it lacks; its name carries ${named.map((t) => `"${wordOf(t)}"`).join(", ")}, the caller's does not`,
      );
    },
  );
}

/**
 * The rule over any ranked items: `calleesOf` gives each caller's direct callees (recall resolves
 * them in the index; the offline ranker reads the ones ask-features dumped), `onRaised` is told each
 * move with the caller-name-less terms. Shared so that the weight search ranks as recall does.
 */
export function raiseCallees<S, R extends Ranked<S>>(
  out: readonly R[],
  calleesOf: (callers: readonly S[]) => ReadonlyMap<S, ReadonlySet<S>>,
  matchOf: ReadonlyMap<S, QuestionMatch>,
  onRaised: (callee: R, caller: R, named: string[]) => void = () => {},
): void {
  const callers = [...out].sort((a, b) => b.score - a.score).slice(0, CALLER_RANK);
  const callees = calleesOf(callers.map((r) => r.symbol));
  for (const caller of callers) {
    const mine = matchOf.get(caller.symbol);
    const called = callees.get(caller.symbol);
    if (!mine || !called) continue;
    for (const r of out) {
      if (r.score >= caller.score || !called.has(r.symbol)) continue;
      const theirs = matchOf.get(r.symbol);
      if (!theirs || ![...mine.matched].every((t) => theirs.matched.has(t))) continue;
      const named = [...mine.matched].filter((t) => theirs.name.has(t) && !mine.name.has(t));
      if (named.length === 0) continue;
      r.score = caller.score + MARGIN;
      onRaised(r, caller, named);
    }
  }
}
