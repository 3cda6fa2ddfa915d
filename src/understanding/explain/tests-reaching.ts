// Which tests reach a symbol: walking call edges backwards from its references (a bounded number of
// hops), every test symbol (or top-level test code) met on the way, with the path that leads to it.
// Tests the diff itself changed come first: they are the ones written for this change.
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import { CONSTRUCTOR_NAMES } from "../index/constructor-names.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import { importBindings, importInScope } from "../index/import-in-scope.ts";
import { importingFunction, runsAtLoadIn } from "../index/module-load.ts";
import { definesMember, relatedClasses } from "./class-hierarchy.ts";
import { classMethods, methodOnNew } from "./class-methods.ts";
import { importsLead, moduleImported } from "./imports-lead.ts";
import { dispatchingCalls } from "./receiver-dispatch.ts";
import { superConstructorCalls } from "./super-constructor-calls.ts";
import { unconventionalTestFiles } from "./unconventional-test-files.ts";
import { baseNames, type Reference } from "./symbol-references.ts";

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
  /** For a call through an imported name: the repository file that import resolves to. */
  resolved?: string;
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
  /** Every call through a name imported from a repository file, by called name, whether or not
   * the index resolved it: the index may have guessed (`qs.stringify` through lib/index.js taken
   * for lib/stringify.js's inner `stringify`), and what the imported module hands out decides. */
  throughImport: Map<string, Edge[]>;
  /** How many methods of the repository have each name. */
  methodCount: Map<string, number>;
  /** Files under test folders that other test files import (a mocha `test/support/match.js`): they
   * run nothing by themselves, so the walk goes on to the tests that call them. */
  testHelpers: Set<string>;
  /** Test-side files the test run does not load as tests (unconventional-test-files.ts); a test
   * helper among them is still walked through. */
  notLoadedAsTests: Set<string>;
  /** Repository file -> the repository files it imports: what a module can pass on. */
  importsOf: Map<string, Set<string>>;
  /** Class id -> the classes naming it as a base (matched by base name, as class-methods.ts does). */
  subclasses: Map<string, CodeSymbol[]>;
  /** Class id -> the classes it names as bases: `subclasses` the other way. */
  superclasses: Map<string, CodeSymbol[]>;
  /** `self.m()` / `this.m()` calls made in a method of a class, by `classId\0m`, whether or not the
   * index resolved them: on an instance of a subclass they run the subclass's override. */
  receiverCalls: Map<string, Edge[]>;
  /** Class id -> the bare `super(...)` calls made in its constructor (super-constructor-calls.ts). */
  superConstructorCalls: Map<string, Edge[]>;
  /** Names a test file imports by name from a repository file, by the name in that module, with
   * the file the import resolves to: a function a test only passes on as a value
   * (`pytest.mark.parametrize("func", [bump_major])`) still runs in that test. */
  importedByTests: Map<string, Edge[]>;
  /** Repository file -> the imports of it: loading the importer loads the file and runs its top-level
   * code (module-load.ts). */
  importers: Map<string, Edge[]>;
  /** `path:line` of top-level calls under a script guard (`if __name__ == "__main__":`): they run only
   * when the file runs as a script, so importing the file does not run them. */
  scriptOnly: Set<string>;
}

export const maxHops = 6;

/** Files under test folders that check nothing a change could break: vitest's type tests
 * (`*.test-d.ts`, only type-checked, never executed) and benchmarks (`*.bench.ts`, run by `vitest
 * bench` for timings, not by the test run). */
const notATest = /\.(?:test|spec)-d\.[cm]?tsx?$|\.bench\.[cm]?[jt]sx?$/;

/** Benchmarks and type tests: code of the test side that no test run executes, so neither "no test
 * reaches it" nor "public API" applies to it (a `describe` block of `src/parse.bench.ts`). */
export function isBenchOrTypeTest(path: string): boolean {
  return notATest.test(path);
}

/** A Python file under a test folder that pytest's and unittest's default discovery (`test*.py`,
 * `*_test.py`) does not collect, nor a `conftest.py`: a benchmark script, a data module. */
function notCollectedByPytest(path: string): boolean {
  const name = path.split("/").pop() ?? path;
  return name.endsWith(".py") && !/^(?:test.*|.*_test|conftest)\.py$/.test(name);
}

/** A file under a test folder that the test run does not run as tests (see the two rules above). */
export function runsNoTests(path: string): boolean {
  return notATest.test(path) || notCollectedByPytest(path);
}

/** What the static walk could not follow, when it found no test: then "no test reaches it" would
 * claim more than it knows. */
export type ReachGap =
  "dynamic-dispatch" | "computed-member" | "passed-as-value" | "depth" | "unresolved-import";

export const reachGapText: Record<ReachGap, string> = {
  "dynamic-dispatch": "it is reached through a method call on an object of unknown type",
  "computed-member":
    "its class, or a class it inherits from, looks up its own members by computed name (`this[name]`, `getattr(self, name)`)",
  "passed-as-value": "it is passed as a value and called where it is passed",
  depth: `its callers go on beyond ${maxHops} calls`,
  "unresolved-import": "a test file imports project code the static walk could not resolve",
};

export function incomingEdges(index: CodeIndex): IncomingEdges {
  const into: IncomingEdges["into"] = new Map();
  const byName: IncomingEdges["byName"] = new Map();
  const byMember: IncomingEdges["byMember"] = new Map();
  const throughImport: IncomingEdges["throughImport"] = new Map();
  const methodCount = new Map<string, number>();
  for (const symbol of index.symbols)
    if (symbol.kind === "method") methodCount.set(symbol.name, (methodCount.get(symbol.name) ?? 0) + 1);
  // Several imports of one name when functions import it from different modules (`from ._cached
  // import _wrapper` in one, `from ._cachedmethod import _wrapper` in another).
  const internal = importBindings(index);
  const testFile = new Set(index.files.filter((f) => f.isTest).map((f) => f.path));
  const paths = new Set(index.files.map((f) => f.path));
  const testHelpers = new Set<string>();
  const importsOf = new Map<string, Set<string>>();
  const importedByTests: IncomingEdges["importedByTests"] = new Map();
  const importers: IncomingEdges["importers"] = new Map();
  const scriptOnly = new Set(index.calls.filter((c) => c.scriptOnly).map((c) => `${c.file}:${c.line}`));
  // file\0local name -> the name in the module it is imported from (`from pkg import helpers as h`).
  const importedName = new Map<string, string>();
  for (const ref of index.imports) {
    if (!ref.resolved) continue;
    for (const b of ref.bindings ?? []) importedName.set(`${ref.file}\0${b.local}`, b.imported);
    if (testFile.has(ref.file))
      for (const b of ref.bindings ?? [])
        if (b.imported !== "*" && b.imported !== "default")
          push(importedByTests, b.imported, {
            from: null,
            file: ref.file,
            line: ref.line,
            resolved: ref.resolved,
          });
    importsOf.set(ref.file, (importsOf.get(ref.file) ?? new Set()).add(ref.resolved));
    if (ref.resolved !== ref.file)
      push(importers, ref.resolved, { from: null, file: ref.file, line: ref.line });
    if (ref.resolved !== ref.file && testFile.has(ref.file) && testFile.has(ref.resolved))
      testHelpers.add(ref.resolved);
  }
  // Helpers are no candidates for tests, nor counted against the folder's naming.
  const notLoadedAsTests = unconventionalTestFiles([...testFile].filter((p) => !testHelpers.has(p)));
  const fileOf = new Map(index.symbols.map((s) => [s.id, s.file]));
  const definedIn = new Set(index.symbols.map((s) => `${s.file}\0${s.name}`));
  const scopes = new Map<string, CodeSymbol[]>();
  for (const s of index.symbols) {
    if (s.kind !== "function" && s.kind !== "method") continue;
    const list = scopes.get(s.file);
    if (list) list.push(s);
    else scopes.set(s.file, [s]);
  }
  const classes = classMethods(index);
  const subclasses: IncomingEdges["subclasses"] = new Map();
  const superclasses: IncomingEdges["superclasses"] = new Map();
  for (const c of index.symbols)
    if (c.kind === "class")
      for (const base of baseNames(c.signature))
        for (const b of classes.named.get(base) ?? [])
          if (b.id !== c.id) {
            // In place: bases match by name, so a PR's thousand classes named `Base` and their
            // subclasses make a million links, and copying each list per link made that cubic.
            push(subclasses, b.id, c);
            push(superclasses, c.id, b);
          }
  const { receiverCalls, superConstructorCalls } = receiverCallsByClass(index);
  for (const call of index.calls) {
    const edge = { from: call.from, file: call.file, line: call.line };
    const parts = call.calleeName.split(".");
    const name = parts.pop() ?? "";
    const through = parts.length === 0 ? name : parts.join(".");
    const resolvedFile = importInScope(
      internal.get(call.file)?.get(through),
      scopes.get(call.file),
      call.line,
    );
    const imported = resolvedFile !== undefined;
    if (imported) push(throughImport, name, { ...edge, resolved: resolvedFile });
    // A name the file imports from the repository cannot mean a definition of that same file (a
    // `describe("withBase")` block titled like the imported `withBase` it tests), nor one of
    // another module than the import in scope when that module defines the name itself: such an
    // edge is taken by name, like an unresolved one. A module that only re-exports (a package's
    // `__init__.py`, an `index.ts`) defines nothing of it, so the index's resolution stands.
    const target = call.to ? fileOf.get(call.to) : undefined;
    const otherModule = target !== resolvedFile && definedIn.has(`${resolvedFile ?? ""}\0${name}`);
    // Nor a definition in a test file the import does not lead to: the index's name fallback takes
    // `const { isMatch } = require('..')` for another test file's local `isMatch` wrapper.
    const inOtherTest = target !== undefined && target !== resolvedFile && testFile.has(target);
    // Nor a definition in a file the imported module cannot hand on: `REGEX_SPECIAL_CHARS.test(s)`
    // with that regex from a constants module that imports nothing is no call of the project's
    // `picomatch.test`, which the index took it for as the one method so named. A Python package's
    // submodule bound by `from pkg import helpers` is reached through itself, not the package.
    const module =
      resolvedFile === undefined
        ? undefined
        : moduleImported(resolvedFile, importedName.get(`${call.file}\0${through}`) ?? through, paths);
    const outOfReach =
      target !== undefined &&
      module !== undefined &&
      target !== resolvedFile &&
      target !== module &&
      !importsLead(importsOf, module, target);
    const onNew = call.to ? null : methodOnNew(through, name, call.file, internal.get(call.file), classes);
    const resolved =
      onNew ??
      (call.to && !(imported && (target === call.file || otherModule || inOtherTest || outOfReach))
        ? call.to
        : null);
    if (resolved && resolved !== call.from) push(into, resolved, edge);
    if (resolved) continue;
    if (imported) push(byName, name, { ...edge, resolved: resolvedFile });
    else if (parts.length > 0 && !through.includes("(")) push(byMember, name, edge);
  }
  return {
    into,
    byName,
    byMember,
    throughImport,
    methodCount,
    testHelpers,
    notLoadedAsTests,
    importsOf,
    subclasses,
    superclasses,
    receiverCalls,
    superConstructorCalls,
    importedByTests,
    importers,
    scriptOnly,
  };
}

/** The receiver of a call that is the instance (or, in a Python classmethod, the class) itself. */
const receiverCall = /^(?:self|this|cls)\.([\w$]+)$/;

function receiverCallsByClass(
  index: CodeIndex,
): Pick<IncomingEdges, "receiverCalls" | "superConstructorCalls"> {
  const byId = new Map(index.symbols.map((s) => [s.id, s]));
  const receiverCalls = new Map<string, Edge[]>();
  const superConstructorCalls = new Map<string, Edge[]>();
  for (const call of index.calls) {
    const caller = call.from ? byId.get(call.from) : undefined;
    if (caller?.kind !== "method" || !caller.parent) continue;
    const edge = { from: call.from, file: call.file, line: call.line };
    if (call.calleeName === "super" && !call.to && caller.name === "constructor")
      push(superConstructorCalls, caller.parent, edge);
    const member = receiverCall.exec(call.calleeName)?.[1];
    if (member) push(receiverCalls, `${caller.parent}\0${member}`, edge);
  }
  return { receiverCalls, superConstructorCalls };
}

function push<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}

/** Calls that reach a method through the class hierarchy rather than by its name: a base's
 * `this.m()` dispatching to an override, a subclass constructor's `super(...)`. */
function hierarchyCalls(lookup: SymbolLookup, edges: IncomingEdges, method: CodeSymbol): Edge[] {
  return [...dispatchingCalls(lookup, edges, method), ...superConstructorCalls(lookup, edges, method)];
}

/** Unresolved member calls that can only mean this method (its name is unique among methods). */
function memberCalls(edges: IncomingEdges, symbol: { kind: string; name: string } | undefined): Edge[] {
  if (symbol?.kind !== "method" || edges.methodCount.get(symbol.name) !== 1) return [];
  return edges.byMember.get(symbol.name) ?? [];
}

/** Calls through an imported name that can mean this symbol: the import resolves to its file, or to
 * a file that does not define that name itself (a package `__init__` or index passing it on); a
 * same-named function of another module (`_cached._wrapper` vs `_cachedmethod._wrapper`) is not it. */
function namedCalls(edges: IncomingEdges, lookup: SymbolLookup, symbol: CodeSymbol): Edge[] {
  return (edges.byName.get(symbol.name) ?? []).filter(
    (e) =>
      !e.resolved ||
      e.resolved === symbol.file ||
      (!lookup.symbolsIn(e.resolved).some((s) => s.name === symbol.name && s.parent === null) &&
        importsLead(edges.importsOf, e.resolved, symbol.file)),
  );
}

/** Test files importing this function by its name from its file or a module passing it on. */
function testImports(edges: IncomingEdges, lookup: SymbolLookup, symbol: CodeSymbol): Edge[] {
  if (symbol.kind !== "function" || symbol.parent !== null) return [];
  return (edges.importedByTests.get(symbol.name) ?? []).filter(
    (e) =>
      e.resolved === symbol.file ||
      (e.resolved !== undefined &&
        !lookup.symbolsIn(e.resolved).some((s) => s.name === symbol.name && s.parent === null) &&
        importsLead(edges.importsOf, e.resolved, symbol.file)),
  );
}

/** What the walk may ask beyond the call edges. */
export interface ReachWalk {
  exportsOf?: ExportsOf;
  /** The class reads its own members by computed name (`this[key]`, `self[key]`, `getattr(self, n)`):
   * any method of it may be called that way (ohash's `this["$" + type]`). */
  readsComputedMember?: (owner: CodeSymbol) => boolean;
  /** The methods of the class, or of a class it inherits from, that look a member up by computed
   * name, with the literal prefix of that name ("" for none): each may call the methods of the class
   * whose names start so (`NodeVisitor.visit`'s `"visit_" + name` running `visit_ored`). */
  computedDispatchers?: (owner: CodeSymbol) => { method: CodeSymbol; prefixes: string[] }[];
}

/** Where a symbol is handed out under which name (symbol-providers.ts `exports`): its own file, and
 * modules passing it on, e.g. `{ "lib/parse.js": "default", "lib/index.js": "parse" }`. */
export type ExportsOf = (symbol: CodeSymbol) => ReadonlyMap<string, string>;

/** Calls through an import of a module that hands the symbol out under the called name: `qs.parse()`
 * where `qs = require("..")` is lib/index.js and that file's `module.exports = { parse }` is
 * lib/parse.js's anonymous `module.exports = function`. */
function exportedCalls(edges: IncomingEdges, exportsOf: ExportsOf | undefined, symbol: CodeSymbol): Edge[] {
  if (!exportsOf || symbol.kind === "method") return [];
  const out: Edge[] = [];
  for (const [file, name] of exportsOf(symbol))
    if (name !== symbol.name || file !== symbol.file)
      for (const e of edges.throughImport.get(name) ?? []) if (e.resolved === file) out.push(e);
  return out;
}

/**
 * The symbol whose use runs this one without a call by name: a constructor or a Python special
 * method (`__call__`, `__get__`, `__enter__`) runs when its class is used; a function or class
 * declared inside a function (a decorator's wrapper, a factory's closure) runs when that function's
 * result is used, so the function's callers reach it; a class declared inside a class is made by
 * the outer class. These steps follow the code's structure, not a call: they cost no hop.
 */
function implicitCallers(lookup: SymbolLookup, edges: IncomingEdges, symbol: CodeSymbol): CodeSymbol[] {
  const parent = symbol.parent ? lookup.byId(symbol.parent) : undefined;
  if (!parent) return [];
  const inside = parent.startLine <= symbol.startLine && symbol.endLine <= parent.endLine;
  if (symbol.kind === "method" && parent.kind === "class")
    return CONSTRUCTOR_NAMES.has(symbol.name) || /^__\w+__$/.test(symbol.name)
      ? // Subclasses inheriting the method rather than defining it: an instance of one runs the
        // base's `__eq__` or constructor (`Literal("a") == Literal("a")` runs `Expression.__eq__`).
        [parent, ...relatedClasses(edges.subclasses, parent, (c) => definesMember(lookup, c, symbol.name))]
      : [];
  if ((parent.kind === "function" || parent.kind === "method") && inside) return [parent];
  // A class declared inside a class (a descriptor's `Wrapper`) is made by the outer class's code
  // (`self.Wrapper(obj)` in its `__get__`), so what uses the outer class reaches it.
  if (symbol.kind === "class" && parent.kind === "class" && inside) return [parent];
  return [];
}

/** The site is code its module runs when loaded (module-load.ts): top level, or the initializer of
 * a top-level constant or variable, outside a script guard. */
function runsOnLoad(
  lookup: SymbolLookup,
  edges: IncomingEdges,
  site: { id: string | null; path: string; line: number },
): boolean {
  return !edges.scriptOnly.has(`${site.path}:${site.line}`) && runsAtLoadIn(site.id, lookup);
}

export function testsReaching(
  lookup: SymbolLookup,
  edges: IncomingEdges,
  target: { id?: string; qualifiedName: string; name: string; kind: string },
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
  const name = target.qualifiedName;
  const found = new Map<string, ReachingTest>();
  const visited = new Set<string>();
  const record = (test: string | null, path: string, line: number, via: string[]) => {
    const key = `${path}:${test ?? line}`;
    if (!found.has(key))
      found.set(key, { test, path, line, via, changedInDiff: changedFiles.has(path), evidence: "calls" });
  };
  let frontier: { id: string | null; path: string; line: number; via: string[]; value?: boolean }[] = [
    ...references.map((r) => ({
      id: r.callerId,
      path: r.path,
      line: r.line,
      via: [r.caller ?? r.path, name],
      // Named, not called (`module.exports = crc32`): loading that module runs nothing of it.
      ...(r.use === "call" || r.use === "constructor" ? {} : { value: true }),
    })),
    ...[...memberCalls(edges, target), ...(self ? hierarchyCalls(lookup, edges, self) : [])].map((e) => ({
      id: e.from,
      path: e.file,
      line: e.line,
      via: [(e.from ? lookup.byId(e.from)?.qualifiedName : undefined) ?? e.file, name],
    })),
  ];
  // A symbol no one names (a wrapper's `__call__`) still runs when what holds it is used.
  if (self)
    for (const e of exportedCalls(edges, exportsOf, self))
      frontier.push({
        id: e.from,
        path: e.file,
        line: e.line,
        via: [(e.from ? lookup.byId(e.from)?.qualifiedName : undefined) ?? e.file, name],
      });
  if (self?.kind === "method" && owner?.kind === "class")
    for (const { method: d, prefixes } of walk.computedDispatchers?.(owner) ?? [])
      if (d.id !== self.id && prefixes.some((p) => self.name.startsWith(p)))
        frontier.push({ id: d.id, path: d.file, line: d.startLine, via: [d.qualifiedName, name] });
  const holdersOfTarget = self ? implicitCallers(lookup, edges, self) : [];
  if (self && holdersOfTarget.length > 0) visited.add(self.id);
  for (const holder of holdersOfTarget)
    frontier.push({
      id: holder.id,
      path: holder.file,
      line: holder.startLine,
      via: [holder.qualifiedName, name],
    });
  // Test files that import a function the walk met: counted only where no call reaches, and last.
  const imported: { path: string; line: number; via: string[] }[] = [];
  const importsOfSymbol = (symbol: CodeSymbol | undefined, via: string[]) => {
    for (const e of symbol ? testImports(edges, lookup, symbol) : [])
      // A test helper runs nothing itself: the tests calling it are found by the walk.
      if (!runsNoTests(e.file) && !edges.notLoadedAsTests.has(e.file) && !edges.testHelpers.has(e.file))
        imported.push({ path: e.file, line: e.line, via: [e.file, ...via] });
  };
  if (self) importsOfSymbol(self, [name]);
  const loadedModules = new Set<string>();
  for (let hop = 0; hop <= maxHops && frontier.length > 0; hop++) {
    const next: typeof frontier = [];
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
        // Top-level code runs when its module is loaded: every import of the module runs it, and an
        // import is itself top-level code of the importer.
        loadedModules.add(site.path);
        // An import inside a function loads the module when that function runs: its callers go on.
        for (const e of edges.importers.get(site.path) ?? []) {
          const fn = importingFunction(e.file, e.line, lookup);
          next.push({
            id: fn?.id ?? null,
            path: e.file,
            line: e.line,
            via: [fn?.qualifiedName ?? e.file, ...site.via],
          });
        }
      }
      if (hop === maxHops || !site.id || visited.has(site.id)) continue;
      visited.add(site.id);
      const symbol = lookup.byId(site.id);
      // Callers of a method whose name other methods share are calls on objects of unknown type.
      if (symbol?.kind === "method" && (edges.methodCount.get(symbol.name) ?? 0) > 1)
        gaps.add("dynamic-dispatch");
      const named =
        symbol && symbol.kind !== "method"
          ? [...namedCalls(edges, lookup, symbol), ...exportedCalls(edges, exportsOf, symbol)]
          : [...memberCalls(edges, symbol), ...(symbol ? hierarchyCalls(lookup, edges, symbol) : [])];
      importsOfSymbol(symbol, site.via);
      for (const e of [...(edges.into.get(site.id) ?? []), ...named]) {
        const from = e.from ? lookup.byId(e.from) : undefined;
        next.push({
          id: e.from,
          path: e.file,
          line: e.line,
          via: [from?.qualifiedName ?? e.file, ...site.via],
        });
      }
      // Pushed onto this hop's own frontier: a structural step is free.
      for (const holder of symbol ? implicitCallers(lookup, edges, symbol) : [])
        if (!visited.has(holder.id))
          frontier.push({
            id: holder.id,
            path: holder.file,
            line: holder.startLine,
            via: [holder.qualifiedName, ...site.via],
          });
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
