// Which tests reach a symbol: walking call edges backwards from its references (a bounded number of
// hops), every test symbol (or top-level test code) met on the way, with the path that leads to it.
// Tests the diff itself changed come first: they are the ones written for this change.
import type { CodeSymbol } from "../index/code-index.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import { implicitCallers } from "./implicit-callers.ts";
import type { Edge, IncomingEdges } from "./incoming-edges.ts";
import { exportedCalls, hierarchyCalls, memberCalls, namedCalls, testImports } from "./indirect-edges.ts";
import { importerSites, runsOnLoad } from "./module-load-step.ts";
import { maxHops, type ReachGap } from "./reach-gaps.ts";
import { callerSite, symbolSite, type ReachSite } from "./reach-site.ts";
import { startingSites, type ReachTarget, type StartOptions } from "./reach-start.ts";
import { runsNoTests } from "./runs-no-tests.ts";
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

/** What the walk may ask beyond the call edges. */
export interface ReachWalk extends StartOptions {
  /** The class reads its own members by computed name (`this[key]`, `self[key]`, `getattr(self, n)`):
   * any method of it may be called that way (ohash's `this["$" + type]`). */
  readsComputedMember?: (owner: CodeSymbol) => boolean;
}

export function testsReaching(
  lookup: SymbolLookup,
  edges: IncomingEdges,
  target: ReachTarget,
  references: readonly Reference[],
  changedFiles: ReadonlySet<string>,
  gaps: Set<ReachGap> = new Set(),
  walk: ReachWalk = {},
): ReachingTest[] {
  const { exportsOf } = walk;
  if (references.some((r) => r.use === "value" && !lookup.isTest(r.path))) gaps.add("passed-as-value");
  if (target.kind === "method" && (edges.methodCount.get(target.name) ?? 0) > 1) gaps.add("dynamic-dispatch");
  const self = target.id ? lookup.byId(target.id) : undefined;
  const owner = self?.parent ? lookup.byId(self.parent) : undefined;
  if (self?.kind === "method" && owner?.kind === "class" && walk.readsComputedMember?.(owner))
    gaps.add("computed-member");
  const found = new Map<string, ReachingTest>();
  const visited = new Set<string>();
  const record = (test: string | null, path: string, line: number, via: string[]) => {
    const key = `${path}:${test ?? line}`;
    if (!found.has(key))
      found.set(key, { test, path, line, via, changedInDiff: changedFiles.has(path), evidence: "calls" });
  };
  let frontier = startingSites(lookup, edges, target, references, walk);
  // Its holders are on the frontier already: the walk does not go through the symbol again.
  if (self && implicitCallers(lookup, edges, self).length > 0) visited.add(self.id);
  // Test files that import a function the walk met: counted only where no call reaches, and last.
  const imported: { path: string; line: number; via: string[] }[] = [];
  const importsOfSymbol = (symbol: CodeSymbol | undefined, via: string[]) => {
    for (const e of symbol ? testImports(edges, lookup, symbol) : [])
      // A test helper runs nothing itself: the tests calling it are found by the walk.
      if (!runsNoTests(e.file) && !edges.notLoadedAsTests.has(e.file) && !edges.testHelpers.has(e.file))
        imported.push({ path: e.file, line: e.line, via: [e.file, ...via] });
  };
  if (self) importsOfSymbol(self, [target.qualifiedName]);
  const loadedModules = new Set<string>();
  for (let hop = 0; hop <= maxHops && frontier.length > 0; hop++) {
    const next: ReachSite[] = [];
    for (const site of frontier) {
      // A test helper is walked through like project code: the tests that call it are what run it.
      if (lookup.isTest(site.path) && !edges.testHelpers.has(site.path)) {
        if (runsNoTests(site.path) || edges.notLoadedAsTests.has(site.path)) continue;
        record(
          site.id ? (lookup.byId(site.id)?.qualifiedName ?? null) : null,
          site.path,
          site.line,
          site.via,
        );
        continue;
      }
      if (hop === maxHops && site.id && !visited.has(site.id)) gaps.add("depth");
      if (hop < maxHops && !site.value && !loadedModules.has(site.path) && runsOnLoad(lookup, edges, site)) {
        loadedModules.add(site.path);
        for (const importer of importerSites(lookup, edges, site)) next.push(importer);
      }
      if (hop === maxHops || !site.id || visited.has(site.id)) continue;
      visited.add(site.id);
      const symbol = lookup.byId(site.id);
      // Callers of a method whose name other methods share are calls on objects of unknown type.
      if (symbol?.kind === "method" && (edges.methodCount.get(symbol.name) ?? 0) > 1)
        gaps.add("dynamic-dispatch");
      importsOfSymbol(symbol, site.via);
      for (const e of callersOf(lookup, edges, site.id, symbol, exportsOf))
        next.push(callerSite(lookup, e, site.via));
      // Pushed onto this hop's own frontier: a structural step is free.
      for (const holder of symbol ? implicitCallers(lookup, edges, symbol) : [])
        if (!visited.has(holder.id)) frontier.push(symbolSite(holder, site.via));
    }
    frontier = next;
  }
  const reached = new Set([...found.values()].map((t) => t.path));
  for (const i of imported)
    if (!reached.has(i.path)) {
      reached.add(i.path);
      record(null, i.path, i.line, i.via);
    }
  return [...found.values()].sort(
    (a, b) =>
      Number(b.changedInDiff) - Number(a.changedInDiff) ||
      a.via.length - b.via.length ||
      a.path.localeCompare(b.path) ||
      a.line - b.line,
  );
}

/** The edges one call up from a symbol: those the index resolved to it, then the calls that can
 * mean it by name (a function) or through a unique member name or the class hierarchy (a method). */
function callersOf(
  lookup: SymbolLookup,
  edges: IncomingEdges,
  id: string,
  symbol: CodeSymbol | undefined,
  exportsOf: ReachWalk["exportsOf"],
): Edge[] {
  const named =
    symbol && symbol.kind !== "method"
      ? [...namedCalls(edges, lookup, symbol), ...exportedCalls(edges, exportsOf, symbol)]
      : [...memberCalls(edges, symbol), ...(symbol ? hierarchyCalls(lookup, edges, symbol) : [])];
  return [...(edges.into.get(id) ?? []), ...named];
}
