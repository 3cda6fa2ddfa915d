// What a changed symbol affects at the head: every reference to it (calls, constructor calls,
// values, types, re-exports; code and tests apart) with real totals, the tests that reach it
// through the call graph, what it calls that it did not call at the base, and, for a removed
// symbol, call sites that still use its name. The call graph and the identifier scan are built
// once per explanation, so a large PR costs one pass, not one per symbol.
import type { ChangedSymbol } from "./changed-symbols.ts";
import type { CallEdge, CodeIndex, CodeSymbol } from "../index/code-index.ts";
import { CONSTRUCTOR_NAMES } from "../index/constructor-names.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import type { UseKind } from "./identifier-uses.ts";
import type { ModuleShapes } from "./module-shapes.ts";
import { symbolProviders } from "./symbol-providers.ts";
import { unresolvedTestImports } from "./unresolved-test-imports.ts";
import { baseNames, symbolReferences, type Reference, type UsesIn } from "./symbol-references.ts";
import { incomingEdges } from "./incoming-edges.ts";
import { reachGapText, type ReachGap } from "./reach-gaps.ts";
import { testsReaching, type ReachingTest } from "./tests-reaching.ts";

export interface CallSite {
  /** Qualified name of the referring symbol; null for top-level code. */
  caller: string | null;
  path: string;
  line: number;
  /** How the site uses the symbol (absent on call sites of a removed symbol's name). */
  use?: UseKind;
}

export interface SymbolImpact {
  /** Calls and constructor calls from code (not tests), at most `maxListed`. */
  callers: CallSite[];
  callerTotal: number;
  /** References of any kind from test code, at most `maxListed`. */
  tests: CallSite[];
  testTotal: number;
  /** Other uses from code: as a value, a type, a re-export. */
  references: CallSite[];
  referenceTotal: number;
  /** Tests that reach the symbol through calls, the diff's own tests first. */
  testsReaching: ReachingTest[];
  testsReachingTotal: number;
  /** When the static walk met what it cannot follow (a method call on an object of unknown type,
   * a use as a value, more than the hop limit): why "no test reaches it" cannot be claimed. */
  reachGaps?: string[];
  /** Callees of the head symbol whose names the base symbol did not call. */
  newCallees: { name: string; path: string | null; line: number | null }[];
  /** Removed symbols only: head call sites by that name that resolve to no symbol. */
  stillCalled: CallSite[];
}

export interface CallGraph {
  impact(changed: ChangedSymbol): SymbolImpact;
}

/** `this[key]`, `self[key]`, `getattr(self, name)`: a member looked up by a computed name. */
const computedSelfMember = /\b(?:this|self)\s*\[|\bgetattr\s*\(\s*self\s*,/;
/** A lookup of an own member by computed name, with the literal prefix of that name when there is
 * one: `getattr(self, "visit_" + name)` in Python (`self[k]` is `__getitem__`, not a member),
 * `this["$" + type]` or `this[key]` in JS/TS. */
const computedLookup = {
  python: /\bgetattr\s*\(\s*self\s*,\s*(?:(["'])(\w*)\1\s*\+)?/g,
  js: /\bthis\s*\[\s*(?:(["'`])([\w$]*)\1\s*\+)?/g,
};

/** Lists in the data are bounded; the totals are not. */
export const maxListed = 200;

export function createCallGraph(
  index: CodeIndex,
  lookup: SymbolLookup,
  usesIn: UsesIn,
  changedFiles: ReadonlySet<string>,
  shapes: ModuleShapes | null = null,
  readText: (file: string) => string | null = () => null,
): CallGraph {
  const out = new Map<string, { call: CallEdge; to: CodeSymbol | undefined }[]>();
  const unresolved = new Map<string, CallSite[]>();
  for (const call of index.calls) {
    const to = call.to ? lookup.byId(call.to) : undefined;
    if (call.from) push(out, call.from, { call, to });
    if (call.to === null) {
      const from = call.from ? lookup.byId(call.from) : undefined;
      const site = { caller: from?.qualifiedName ?? null, path: call.file, line: call.line };
      push(unresolved, call.calleeName.split(".").pop() ?? "", site);
    }
  }
  const edges = incomingEdges(index);
  // Read once, on the first symbol no test was found for.
  let unresolvedImports: string[] | undefined;
  const classesNamed = new Map<string, CodeSymbol[]>();
  for (const s of index.symbols)
    if (s.kind === "class") classesNamed.set(s.name, [...(classesNamed.get(s.name) ?? []), s]);
  const bodyReadsComputedMember = (owner: CodeSymbol) => {
    const body = (readText(owner.file) ?? "")
      .split("\n")
      .slice(owner.startLine - 1, owner.endLine)
      .join("\n");
    return computedSelfMember.test(body);
  };
  // The class and the repository classes it inherits from (a few levels, by base name): a visitor's
  // `visit_ored` is found by the base `NodeVisitor.visit`'s `getattr(self, "visit_" + name)`.
  const lineage = (owner: CodeSymbol): CodeSymbol[] => {
    const out: CodeSymbol[] = [];
    let level = [owner];
    for (let depth = 0; depth < 4 && level.length > 0; depth++) {
      const next: CodeSymbol[] = [];
      for (const c of level) {
        if (out.includes(c)) continue;
        out.push(c);
        for (const base of baseNames(c.signature)) next.push(...(classesNamed.get(base) ?? []));
      }
      level = next;
    }
    return out;
  };
  const readsComputedMember = (owner: CodeSymbol) => lineage(owner).some(bodyReadsComputedMember);
  const methodsOf = new Map<string, CodeSymbol[]>();
  for (const s of index.symbols)
    if (s.kind === "method" && s.parent) methodsOf.set(s.parent, [...(methodsOf.get(s.parent) ?? []), s]);
  const computedDispatchers = (owner: CodeSymbol) =>
    lineage(owner).flatMap((c) =>
      (methodsOf.get(c.id) ?? []).flatMap((method) => {
        const prefixes = computedPrefixes(method, readText);
        return prefixes.length > 0 ? [{ method, prefixes }] : [];
      }),
    );
  // What modules hand each symbol the walk meets out as: a pass over the imports per symbol of a
  // file some import resolves to; a file no one imports hands out nothing beyond itself.
  const exported = new Map<string, ReadonlyMap<string, string>>();
  const imported = new Set(index.imports.map((i) => i.resolved));
  const exportsOf = (symbol: CodeSymbol) => {
    if (!imported.has(symbol.file)) return new Map([[symbol.file, symbol.name]]);
    let known = exported.get(symbol.id);
    if (!known) {
      known = symbolProviders(index, symbol, shapes).exports;
      exported.set(symbol.id, known);
    }
    return known;
  };
  // A constructor (`__init__`, `constructor`) is called by instantiating its class: `Flags()`,
  // `new Range(...)` are its call sites, and the tests that reach them reach it.
  const constructorCalls = (target: CodeSymbol): Reference[] => {
    if (target.kind !== "method" || !CONSTRUCTOR_NAMES.has(target.name) || !target.parent) return [];
    const owner = lookup.byId(target.parent);
    if (!owner || owner.kind !== "class") return [];
    return symbolReferences(index, lookup, owner, usesIn, shapes).filter((r) => r.use === "constructor");
  };
  return {
    impact(changed) {
      const target = changed.after;
      const refs = target
        ? [...symbolReferences(index, lookup, target, usesIn, shapes), ...constructorCalls(target)]
        : [];
      const site = (r: Reference): CallSite => ({ caller: r.caller, path: r.path, line: r.line, use: r.use });
      const inTests = refs.filter((r) => lookup.isTest(r.path));
      const inCode = refs.filter((r) => !lookup.isTest(r.path));
      const calls = inCode.filter((r) => r.use === "call" || r.use === "constructor");
      const others = inCode.filter((r) => r.use !== "call" && r.use !== "constructor");
      const gaps = new Set<ReachGap>();
      const reaching = target
        ? testsReaching(lookup, edges, target, refs, changedFiles, gaps, {
            exportsOf,
            readsComputedMember,
            computedDispatchers,
          })
        : [];
      if (target && reaching.length === 0) {
        unresolvedImports ??= unresolvedTestImports(index, readText);
        if (unresolvedImports.length > 0) gaps.add("unresolved-import");
      }
      const stillCalled = target ? [] : (unresolved.get(changed.name) ?? []);
      return {
        callers: calls.slice(0, maxListed).map(site),
        callerTotal: calls.length,
        tests: inTests.slice(0, maxListed).map(site),
        testTotal: inTests.length,
        references: others.slice(0, maxListed).map(site),
        referenceTotal: others.length,
        testsReaching: reaching.slice(0, maxListed),
        testsReachingTotal: reaching.length,
        reachGaps: [...gaps].map((g) => reachGapText[g]),
        newCallees: target ? newCallees(changed, out.get(target.id) ?? []) : [],
        stillCalled: stillCalled.slice(0, maxListed),
      };
    },
  };
}

/** The name prefixes a method's computed own-member lookups use ("" when one has none). */
function computedPrefixes(method: CodeSymbol, readText: (file: string) => string | null): string[] {
  const body = (readText(method.file) ?? "")
    .split("\n")
    .slice(method.startLine - 1, method.endLine)
    .join("\n");
  const pattern = method.file.endsWith(".py") ? computedLookup.python : computedLookup.js;
  return [...body.matchAll(pattern)].map((m) => m[2] ?? "");
}

function newCallees(
  changed: ChangedSymbol,
  calls: readonly { call: CallEdge; to: CodeSymbol | undefined }[],
): SymbolImpact["newCallees"] {
  const before = new Set(changed.before?.calleeNames ?? []);
  const seen = new Set<string>();
  const list: SymbolImpact["newCallees"] = [];
  for (const { call, to } of calls) {
    // `(a || b)()` and the like have no name to show.
    const name = to?.qualifiedName ?? call.calleeName.replace(/^(\(\)\.)+/, "");
    if (before.has(call.calleeName) || seen.has(name) || !/^[\w$]/.test(name)) continue;
    seen.add(name);
    list.push({ name, path: to?.file ?? null, line: to?.startLine ?? null });
  }
  return list.slice(0, maxListed);
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
