// What a changed symbol affects, read from the head index's call graph: where it is called from
// (code and tests apart), what it calls that it did not call at the base, and, for a removed symbol,
// call sites at the head that still use its name and resolve to nothing.
import type { ChangedSymbol } from "./changed-symbols.ts";
import type { CodeIndex } from "./code-index.ts";
import type { SymbolLookup } from "./symbol-lookup.ts";
import { resolveCallee } from "./test-target-signal.ts";

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

export function symbolImpact(
  index: CodeIndex,
  lookup: SymbolLookup,
  changed: ChangedSymbol,
  max = 10,
): SymbolImpact {
  const target = changed.after;
  const callers: CallSite[] = [];
  const tests: CallSite[] = [];
  const stillCalled: CallSite[] = [];
  const newCallees: SymbolImpact["newCallees"] = [];
  const before = new Set(changed.before?.calleeNames ?? []);
  const seen = new Set<string>();
  for (const call of index.calls) {
    const from = call.from ? lookup.byId(call.from) : undefined;
    if (target && call.from === target.id && !before.has(call.calleeName) && !seen.has(call.calleeName)) {
      seen.add(call.calleeName);
      const to = resolveCallee(call, lookup)[0];
      newCallees.push({
        name: to?.qualifiedName ?? call.calleeName,
        path: to?.file ?? null,
        line: to?.startLine ?? null,
      });
    }
    const site = { caller: from?.qualifiedName ?? null, path: call.file, line: call.line };
    if (target) {
      if (from?.id === target.id || !resolveCallee(call, lookup).some((t) => t.id === target.id)) continue;
      (lookup.isTest(call.file) ? tests : callers).push(site);
    } else if (call.to === null && call.calleeName.split(".").pop() === changed.name) stillCalled.push(site);
  }
  return {
    callers: callers.slice(0, max),
    tests: tests.slice(0, max),
    newCallees: newCallees.slice(0, max),
    stillCalled: stillCalled.slice(0, max),
  };
}
