// Tiny wrappers and the code they delegate to: `replaceCarets` maps `replaceCaret` over a list,
// `Negotiator.charsets` returns `preferredCharsets(...)`. Both carry the question's words in their
// names, and BM25's length normalisation favours the few lines of the wrapper, so the wrapper would
// outrank the implementation that actually answers "how". A wrapper's score is handed to its
// implementation, which is ranked just above it.
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import { createSymbolLookup } from "../index/symbol-lookup.ts";
import { splitIdentifier } from "../index/split-identifiers.ts";
import { askCallees } from "./receiver-callees.ts";
import { raiseRecalled, type RecalledSymbol } from "./recalled-symbol.ts";

/** At most this many lines, header and closing brace included: a wrapper, not an algorithm. */
export const MAX_WRAPPER_LINES = 8;
// Accessor and factory prefixes say how a function is called, not what it is about: `getContrast`
// calling `getLuminance` is no wrapper of it, though both names start with `get`.
const GENERIC_NAME_PARTS = ["get", "set", "is", "has", "to", "make", "create"];
// The implementation is ranked this much above its wrapper; chains are followed this many steps.
const DELEGATE_MARGIN = 0.01;
const MAX_DELEGATION_STEPS = 3;
// A callee more wrappers than this delegate to is a helper they share (withoutSharedHelpers).
// (8: 3, 5 and 8 give the same top-1 and top-3 on every seen set, 8 moves the fewest answers down:
// bench/ask-corpus/RESULTS.md, session 48.)
const MAX_WRAPPERS = 8;

/**
 * For each tiny function or method (by id), the longer functions it calls that are named for the
 * same thing (a stemmed name part in common): the implementations it delegates to.
 */
export function delegatesOf(
  index: CodeIndex,
  stem: (terms: readonly string[]) => string[],
): Map<string, CodeSymbol[]> {
  const lookup = createSymbolLookup(index);
  const generic = new Set(stem(GENERIC_NAME_PARTS));
  const nameTerms = (s: CodeSymbol) => new Set(stem(splitIdentifier(s.name)).filter((t) => !generic.has(t)));
  const calleesOf = askCallees(index, lookup);
  const out = new Map<string, CodeSymbol[]>();
  for (const call of index.calls) {
    const from = call.from ? lookup.byId(call.from) : undefined;
    if (!from || (from.kind !== "function" && from.kind !== "method")) continue;
    if (from.endLine - from.startLine + 1 > MAX_WRAPPER_LINES || lookup.isTest(from.file)) continue;
    const own = nameTerms(from);
    for (const callee of calleesOf(call)) {
      if (callee.id === from.id || callee.endLine - callee.startLine <= from.endLine - from.startLine)
        continue;
      if (![...nameTerms(callee)].some((t) => own.has(t))) continue;
      const list = out.get(from.id) ?? [];
      if (!list.includes(callee)) list.push(callee);
      out.set(from.id, list);
    }
  }
  return withoutSharedHelpers(out);
}

/**
 * The links without the callees that many wrappers call: a function that every `render_X` or
 * `visit_X` hands its element to (a dispatcher, `render_children`) is a helper they share, not the
 * implementation of any one of them, and lifting it to each wrapper's score puts it above whatever a
 * question asks.
 */
function withoutSharedHelpers(links: Map<string, CodeSymbol[]>): Map<string, CodeSymbol[]> {
  const wrappers = new Map<CodeSymbol, number>();
  for (const callees of links.values()) for (const c of callees) wrappers.set(c, (wrappers.get(c) ?? 0) + 1);
  const out = new Map<string, CodeSymbol[]>();
  for (const [id, callees] of links) {
    const own = callees.filter((c) => (wrappers.get(c) ?? 0) <= MAX_WRAPPERS);
    if (own.length > 0) out.set(id, own);
  }
  return out;
}

/**
 * Each wrapper's implementation is scored just above the wrapper, or recalled there if it was not. Chains
 * (`charset` → `charsets` → `preferredCharsets`) are followed a few steps.
 */
export function liftImplementations(
  out: RecalledSymbol[],
  delegates: ReadonlyMap<string, readonly CodeSymbol[]>,
  candidates: ReadonlySet<CodeSymbol>,
): void {
  const byId = new Map(out.map((r) => [r.symbol.id, r]));
  for (let step = 0; step < MAX_DELEGATION_STEPS; step++)
    for (const wrapper of [...byId.values()]) {
      for (const callee of delegates.get(wrapper.symbol.id) ?? []) {
        if (!candidates.has(callee)) continue;
        const why = `${wrapper.symbol.qualifiedName} (${wrapper.symbol.file}:${wrapper.symbol.startLine}) is a short wrapper that delegates to it`;
        raiseRecalled(out, byId, callee, wrapper.score + DELEGATE_MARGIN, why);
      }
    }
}
