// Which tests reach a symbol: walking call edges backwards from its references (a bounded number of
// hops), every test symbol (or top-level test code) met on the way, with the path that leads to it.
// Tests the diff itself changed come first: they are the ones written for this change.
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import type { Reference } from "./symbol-references.ts";

export interface ReachingTest {
  /** The test symbol (a test function or `describe`/`it` block); null for top-level test code. */
  test: string | null;
  path: string;
  line: number;
  /** Qualified names from the test down to the symbol, the symbol last. */
  via: string[];
  changedInDiff: boolean;
  /** "calls": found by walking the call graph; "coverage": the test file's run executed the symbol. */
  evidence: "calls" | "coverage";
}

interface Edge {
  from: string | null;
  file: string;
  line: number;
}

export interface IncomingEdges {
  into: Map<string, Edge[]>;
  /** Calls the index left unresolved, by callee name, made through a binding into the repository
   * (`tomllib.loads` where `tomllib` is the project's package; never `json.loads`). */
  byName: Map<string, Edge[]>;
  /** Unresolved `x.name()` / `this.x.name()` calls by member name, for a method whose name no other
   * method of the repository has (a mocha `this.negotiator.charsets()`, a `self.cache.get()`): the
   * index leaves a field receiver's type unknown, but only one method can answer that name. */
  byMember: Map<string, Edge[]>;
  /** How many methods of the repository have each name. */
  methodCount: Map<string, number>;
}

export const maxHops = 6;

export function incomingEdges(index: CodeIndex): IncomingEdges {
  const into: IncomingEdges["into"] = new Map();
  const byName: IncomingEdges["byName"] = new Map();
  const byMember: IncomingEdges["byMember"] = new Map();
  const methodCount = new Map<string, number>();
  for (const symbol of index.symbols)
    if (symbol.kind === "method") methodCount.set(symbol.name, (methodCount.get(symbol.name) ?? 0) + 1);
  const internal = new Map<string, Set<string>>();
  for (const ref of index.imports) {
    if (!ref.resolved) continue;
    const set = internal.get(ref.file) ?? new Set<string>();
    for (const b of ref.bindings ?? ref.names.map((n) => ({ local: n }))) set.add(b.local);
    internal.set(ref.file, set);
  }
  const fileOf = new Map(index.symbols.map((s) => [s.id, s.file]));
  for (const call of index.calls) {
    const edge = { from: call.from, file: call.file, line: call.line };
    const parts = call.calleeName.split(".");
    const name = parts.pop() ?? "";
    const through = parts.length === 0 ? name : parts.join(".");
    const imported = internal.get(call.file)?.has(through) ?? false;
    // A name the file imports from the repository cannot mean a definition of that same file (a
    // `describe("withBase")` block titled like the imported `withBase` it tests): such an edge is
    // taken by name, like an unresolved one.
    const resolved = call.to && !(imported && fileOf.get(call.to) === call.file) ? call.to : null;
    if (resolved && resolved !== call.from) push(into, resolved, edge);
    if (resolved) continue;
    if (imported) push(byName, name, edge);
    else if (parts.length > 0 && !through.includes("(")) push(byMember, name, edge);
  }
  return { into, byName, byMember, methodCount };
}

function push(map: Map<string, Edge[]>, key: string, edge: Edge): void {
  const list = map.get(key);
  if (list) list.push(edge);
  else map.set(key, [edge]);
}

/** Unresolved member calls that can only mean this method (its name is unique among methods). */
function memberCalls(edges: IncomingEdges, symbol: { kind: string; name: string } | undefined): Edge[] {
  if (symbol?.kind !== "method" || edges.methodCount.get(symbol.name) !== 1) return [];
  return edges.byMember.get(symbol.name) ?? [];
}

const constructorNames = new Set(["__init__", "constructor"]);

/**
 * The symbol whose use runs this one without a call by name: a constructor or a Python special
 * method (`__call__`, `__get__`, `__enter__`) runs when its class is used; a function or class
 * declared inside a function (a decorator's wrapper, a factory's closure) runs when that function's
 * result is used, so the function's callers reach it.
 */
function implicitCaller(lookup: SymbolLookup, symbol: CodeSymbol): CodeSymbol | null {
  const parent = symbol.parent ? lookup.byId(symbol.parent) : undefined;
  if (!parent) return null;
  const inside = parent.startLine <= symbol.startLine && symbol.endLine <= parent.endLine;
  if (symbol.kind === "method" && parent.kind === "class")
    return constructorNames.has(symbol.name) || /^__\w+__$/.test(symbol.name) ? parent : null;
  if ((parent.kind === "function" || parent.kind === "method") && inside) return parent;
  return null;
}

export function testsReaching(
  lookup: SymbolLookup,
  edges: IncomingEdges,
  target: { qualifiedName: string; name: string; kind: string },
  references: readonly Reference[],
  changedFiles: ReadonlySet<string>,
): ReachingTest[] {
  const name = target.qualifiedName;
  const found = new Map<string, ReachingTest>();
  const visited = new Set<string>();
  const record = (test: string | null, path: string, line: number, via: string[]) => {
    const key = `${path}:${test ?? line}`;
    if (!found.has(key))
      found.set(key, { test, path, line, via, changedInDiff: changedFiles.has(path), evidence: "calls" });
  };
  let frontier: { id: string | null; path: string; line: number; via: string[] }[] = [
    ...references.map((r) => ({
      id: r.callerId,
      path: r.path,
      line: r.line,
      via: [r.caller ?? r.path, name],
    })),
    ...memberCalls(edges, target).map((e) => ({
      id: e.from,
      path: e.file,
      line: e.line,
      via: [(e.from ? lookup.byId(e.from)?.qualifiedName : undefined) ?? e.file, name],
    })),
  ];
  for (let hop = 0; hop <= maxHops && frontier.length > 0; hop++) {
    const next: typeof frontier = [];
    for (const site of frontier) {
      if (lookup.isTest(site.path)) {
        record(
          site.id ? (lookup.byId(site.id)?.qualifiedName ?? null) : null,
          site.path,
          site.line,
          site.via,
        );
        continue;
      }
      if (hop === maxHops || !site.id || visited.has(site.id)) continue;
      visited.add(site.id);
      const symbol = lookup.byId(site.id);
      const named =
        symbol && symbol.kind !== "method"
          ? (edges.byName.get(symbol.name) ?? [])
          : memberCalls(edges, symbol);
      for (const e of [...(edges.into.get(site.id) ?? []), ...named]) {
        const from = e.from ? lookup.byId(e.from) : undefined;
        next.push({
          id: e.from,
          path: e.file,
          line: e.line,
          via: [from?.qualifiedName ?? e.file, ...site.via],
        });
      }
      const holder = symbol ? implicitCaller(lookup, symbol) : null;
      if (holder && !visited.has(holder.id))
        next.push({
          id: holder.id,
          path: holder.file,
          line: holder.startLine,
          via: [holder.qualifiedName, ...site.via],
        });
    }
    frontier = next;
  }
  return [...found.values()].sort(
    (a, b) =>
      Number(b.changedInDiff) - Number(a.changedInDiff) ||
      a.via.length - b.via.length ||
      a.path.localeCompare(b.path) ||
      a.line - b.line,
  );
}
