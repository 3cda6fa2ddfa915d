// A question often names an entry point and asks about one part of what it does ("how does the
// cached decorator use a lock?"). That part lives in a function the entry point reaches (`cached` →
// `_wrapper` → `_locked`), while a same-named twin in a sibling module (`_cachedmethod._locked`)
// matches the question's words just as well. The functions a named, well-ranked symbol reaches in
// a couple of calls are its implementation, so the ones that match the question are raised a little.
import type { CallEdge, CodeIndex, CodeSymbol } from "../index/code-index.ts";
import { createSymbolLookup, isCallable, type SymbolLookup } from "../index/symbol-lookup.ts";
import { importBindings, importInScope, type NameImports } from "../index/import-in-scope.ts";
import { askCallees, type CalleesOf } from "./receiver-callees.ts";
import type { RecalledSymbol } from "./recalled-symbol.ts";

/** How deep the calls of a named entry point are followed: the entry, a dispatcher, the variant. */
const MAX_CALL_STEPS = 2;
/** Only a named symbol the rest of the question also supports is an entry point to follow. */
const ENTRY_RANK = 3;

/**
 * Raises the recalled symbols that match the question's words (`matches`) and are reached by the
 * calls of a symbol the question names (`named`) that ranks in the top ENTRY_RANK.
 */
export function raiseNamedEntryCallees(
  out: RecalledSymbol[],
  index: CodeIndex,
  named: ReadonlySet<CodeSymbol>,
  matches: ReadonlySet<CodeSymbol>,
  /** Added to each (recall-weights.ts: below a name match and the lexical score, a nudge). */
  lift: number,
): void {
  const entries = [...out]
    .sort((a, b) => b.score - a.score)
    .slice(0, ENTRY_RANK)
    .map((r) => r.symbol)
    .filter((s) => named.has(s) && isCallable(s));
  if (entries.length === 0) return;
  const reached = reachedFrom(index, entries);
  for (const r of out) {
    const reach = reached.get(r.symbol);
    if (!reach || !matches.has(r.symbol)) continue;
    r.score += lift;
    const { entry, steps } = reach;
    const how = steps === 1 ? "calls it" : `reaches it in ${steps} calls`;
    r.why.push(`${entry.qualifiedName} (${entry.file}:${entry.startLine}), named in the question, ${how}`);
  }
}

/**
 * Each function reached from an entry within MAX_CALL_STEPS calls, with the first entry reaching it
 * and in how many calls.
 */
export function reachedFrom(
  index: CodeIndex,
  entries: readonly CodeSymbol[],
): Map<CodeSymbol, { entry: CodeSymbol; steps: number }> {
  const graph = callGraphOf(index);
  const out = new Map<CodeSymbol, { entry: CodeSymbol; steps: number }>();
  for (const entry of entries) {
    const seen = new Set([entry]);
    let frontier = [entry];
    for (let step = 0; step < MAX_CALL_STEPS && frontier.length > 0; step++) {
      const next: CodeSymbol[] = [];
      for (const caller of frontier)
        for (const callee of calleesOf(graph, caller)) {
          if (seen.has(callee)) continue;
          seen.add(callee);
          next.push(callee);
          if (!out.has(callee)) out.set(callee, { entry, steps: step + 1 });
        }
      frontier = next;
    }
  }
  return out;
}

/** The functions each of `callers` calls directly, resolved as reachedFrom resolves them. */
export function directCallees(
  index: CodeIndex,
  callers: readonly CodeSymbol[],
): Map<CodeSymbol, Set<CodeSymbol>> {
  if (callers.length === 0) return new Map();
  const graph = callGraphOf(index);
  return new Map(callers.map((c) => [c, new Set(calleesOf(graph, c))]));
}

// Both passes of a question (reachedFrom, directCallees) and every question on the same index read
// one graph: building it walks every symbol, import and call of the repository.
const graphs = new WeakMap<CodeIndex, CallGraph>();

function callGraphOf(index: CodeIndex): CallGraph {
  const built = graphs.get(index);
  if (built) return built;
  const lookup = createSymbolLookup(index);
  const graph: CallGraph = {
    lookup,
    resolve: askCallees(index, lookup),
    imports: importBindings(index),
    callsIn: new Map(),
  };
  for (const call of index.calls) {
    const list = graph.callsIn.get(call.file);
    if (list) list.push(call);
    else graph.callsIn.set(call.file, [call]);
  }
  graphs.set(index, graph);
  return graph;
}

/**
 * The functions `caller` calls, its nested functions' calls included. A name the caller's file
 * imports from the repository means the imported module's function (the import in scope at the
 * call decides, index/import-in-scope.ts); an ambiguous name otherwise prefers the caller's file.
 */
interface CallGraph {
  lookup: SymbolLookup;
  /** What a call runs when no import in scope says (receiver-callees.ts). */
  resolve: CalleesOf;
  /** file -> local name -> its imports (index/import-in-scope.ts). */
  imports: Map<string, Map<string, NameImports>>;
  callsIn: Map<string, CallEdge[]>;
}

function calleesOf({ lookup, resolve, imports, callsIn }: CallGraph, caller: CodeSymbol): CodeSymbol[] {
  const functions = lookup.symbolsIn(caller.file).filter(isCallable);
  const out: CodeSymbol[] = [];
  for (const call of callsIn.get(caller.file) ?? []) {
    if (call.line < caller.startLine || call.line > caller.endLine) continue;
    const parts = call.calleeName.split(".");
    const name = parts.pop() ?? "";
    const through = parts.length === 0 ? name : (parts[0] ?? "");
    const file = importInScope(imports.get(caller.file)?.get(through), functions, call.line);
    const imported = lookup
      .byName(name)
      .filter((s) => s.file === file && isCallable(s) && !lookup.isTest(s.file));
    let callees = imported.length > 0 ? imported : resolve(call);
    const own = callees.filter((s) => s.file === caller.file);
    if (callees.length > 1 && own.length > 0) callees = own;
    for (const callee of callees) if (callee !== caller && !out.includes(callee)) out.push(callee);
  }
  return out;
}
