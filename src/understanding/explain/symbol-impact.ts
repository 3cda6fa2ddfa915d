// What a changed symbol affects, read from the head index's call graph: where it is called from
// (code and tests apart), what it calls that it did not call at the base, and, for a removed symbol,
// call sites at the head that still use its name and resolve to nothing. The graph is indexed once
// per explanation, so a large PR costs one pass over the calls, not one per symbol.
import type { ChangedSymbol } from "./changed-symbols.ts";
import type { CallEdge, CodeIndex, CodeSymbol } from "../index/code-index.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import { resolveCallee } from "../localize/test-target-signal.ts";

export interface CallSite {
  /** Qualified name of the calling symbol; null for top-level code. */
  caller: string | null;
  path: string;
  line: number;
}

export interface SymbolImpact {
  callers: CallSite[];
  tests: CallSite[];
  /** Callees of the head symbol whose names the base symbol did not call. */
  newCallees: { name: string; path: string | null; line: number | null }[];
  /** Removed symbols only: head call sites by that name that resolve to no symbol. */
  stillCalled: CallSite[];
}

export interface CallGraph {
  impact(changed: ChangedSymbol, max?: number): SymbolImpact;
}

export function createCallGraph(index: CodeIndex, lookup: SymbolLookup): CallGraph {
  const into = new Map<string, CallSite[]>();
  const out = new Map<string, { call: CallEdge; to: CodeSymbol | undefined }[]>();
  const unresolved = new Map<string, CallSite[]>();
  for (const call of index.calls) {
    const from = call.from ? lookup.byId(call.from) : undefined;
    const targets = resolveCallee(call, lookup);
    const site = { caller: from?.qualifiedName ?? null, path: call.file, line: call.line };
    if (call.from) push(out, call.from, { call, to: targets[0] });
    for (const t of targets) if (t.id !== from?.id) push(into, t.id, site);
    if (call.to === null) push(unresolved, call.calleeName.split(".").pop() ?? "", site);
  }
  return {
    impact(changed, max = 10) {
      const target = changed.after;
      const sites = target ? (into.get(target.id) ?? []) : [];
      const before = new Set(changed.before?.calleeNames ?? []);
      const seen = new Set<string>();
      const newCallees: SymbolImpact["newCallees"] = [];
      for (const { call, to } of target ? (out.get(target.id) ?? []) : []) {
        if (before.has(call.calleeName) || seen.has(call.calleeName)) continue;
        seen.add(call.calleeName);
        newCallees.push({
          name: to?.qualifiedName ?? call.calleeName,
          path: to?.file ?? null,
          line: to?.startLine ?? null,
        });
      }
      return {
        callers: sites.filter((s) => !lookup.isTest(s.path)).slice(0, max),
        tests: sites.filter((s) => lookup.isTest(s.path)).slice(0, max),
        newCallees: newCallees.slice(0, max),
        stillCalled: target ? [] : (unresolved.get(changed.name) ?? []).slice(0, max),
      };
    },
  };
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
