// Which tests reach a symbol: walking call edges backwards from its references (a bounded number of
// hops), every test symbol (or top-level test code) met on the way, with the path that leads to it.
// Tests the diff itself changed come first: they are the ones written for this change.
import type { CodeIndex } from "../index/code-index.ts";
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
}

export const maxHops = 4;

export function incomingEdges(index: CodeIndex): IncomingEdges {
  const into: IncomingEdges["into"] = new Map();
  const byName: IncomingEdges["byName"] = new Map();
  const internal = new Map<string, Set<string>>();
  for (const ref of index.imports) {
    if (!ref.resolved) continue;
    const set = internal.get(ref.file) ?? new Set<string>();
    for (const b of ref.bindings ?? ref.names.map((n) => ({ local: n }))) set.add(b.local);
    internal.set(ref.file, set);
  }
  for (const call of index.calls) {
    const edge = { from: call.from, file: call.file, line: call.line };
    if (call.to && call.to !== call.from) push(into, call.to, edge);
    if (call.to) continue;
    const parts = call.calleeName.split(".");
    const name = parts.pop() ?? "";
    const through = parts.length === 0 ? name : parts.join(".");
    if (internal.get(call.file)?.has(through)) push(byName, name, edge);
  }
  return { into, byName };
}

function push(map: Map<string, Edge[]>, key: string, edge: Edge): void {
  const list = map.get(key);
  if (list) list.push(edge);
  else map.set(key, [edge]);
}

export function testsReaching(
  lookup: SymbolLookup,
  edges: IncomingEdges,
  name: string,
  references: readonly Reference[],
  changedFiles: ReadonlySet<string>,
): ReachingTest[] {
  const found = new Map<string, ReachingTest>();
  const visited = new Set<string>();
  const record = (test: string | null, path: string, line: number, via: string[]) => {
    const key = `${path}:${test ?? line}`;
    if (!found.has(key)) found.set(key, { test, path, line, via, changedInDiff: changedFiles.has(path) });
  };
  let frontier: { id: string | null; path: string; line: number; via: string[] }[] = references.map((r) => ({
    id: r.callerId,
    path: r.path,
    line: r.line,
    via: [r.caller ?? r.path, name],
  }));
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
      const named = symbol && symbol.kind !== "method" ? (edges.byName.get(symbol.name) ?? []) : [];
      for (const e of [...(edges.into.get(site.id) ?? []), ...named]) {
        const from = e.from ? lookup.byId(e.from) : undefined;
        next.push({
          id: e.from,
          path: e.file,
          line: e.line,
          via: [from?.qualifiedName ?? e.file, ...site.via],
        });
      }
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
