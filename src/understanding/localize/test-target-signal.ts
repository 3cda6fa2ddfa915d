// The code under test: what the failing test calls (calls inside the failing test function, or
// around the failing line when the test is an anonymous callback), which files the test file
// imports, and which symbols the failing test names spell (`test_parse_hex_char` ~ `parseHexChar`).
import type { CallEdge, CodeIndex, CodeSymbol } from "../index/code-index.ts";
import type { TestLocation } from "./frame-signal.ts";
import { addHit, type SignalScores } from "./localize-signal.ts";
import { guessImportTarget } from "./test-file-signal.ts";
import { whatRuns } from "./bodiless-declarations.ts";
import { splitIdentifier, splitIdentifiers } from "../index/split-identifiers.ts";
import { calleeRoot } from "../index/callee-name.ts";
import { isCallable, type SymbolLookup } from "../index/symbol-lookup.ts";

export interface TestTargets {
  callees: SignalScores;
  named: SignalScores;
  /** Non-test files the failing test files import -> the share of failing-test evidence importing them. */
  importedFiles: Map<string, number>;
}

// An anonymous test callback is not a symbol: look this many lines above the failing line.
export const WINDOW_ABOVE = 12;
// A method whose class (not its own name) a failing test names.
const CLASS_NAMED = 0.4;

/**
 * unlocatedTestFiles: one entry per failure that names a failing test file and no line in it (ava's
 * `Failed to exit when running test.js`): the file says which code is under test only by its imports.
 */
export function testTargets(
  index: CodeIndex,
  lookup: SymbolLookup,
  testLocations: readonly TestLocation[],
  testNames: readonly string[],
  unlocatedTestFiles: readonly string[],
): TestTargets {
  const callees: SignalScores = new Map();
  for (const loc of testLocations) {
    for (const { call, strength } of callsOfTest(lookup, loc)) {
      for (const symbol of resolveCallee(call, lookup))
        addHit(
          callees,
          symbol.id,
          strength,
          `called by the failing test at ${loc.file}:${call.line}${foundBy(loc)}`,
        );
    }
  }
  // Weighted by how much of the failing evidence sits in each test file: a module only one of many
  // failing test files imports is a weaker suspect than one they all import.
  const evidence = new Map<string, number>();
  for (const file of [...testLocations.map((t) => t.file), ...unlocatedTestFiles])
    evidence.set(file, (evidence.get(file) ?? 0) + 1);
  const importedFiles = new Map<string, number>();
  const seen = new Set<string>();
  const codeFiles = index.files.map((f) => f.path).filter((f) => !lookup.isTest(f));
  for (const ref of index.imports) {
    const weight = evidence.get(ref.file);
    if (!weight) continue;
    const target = ref.resolved ?? guessImportTarget(ref.source, codeFiles);
    const pair = `${ref.file}\0${target}`;
    if (!target || lookup.isTest(target) || seen.has(pair)) continue;
    seen.add(pair);
    importedFiles.set(target, (importedFiles.get(target) ?? 0) + weight);
  }
  const total = testLocations.length + unlocatedTestFiles.length;
  for (const [file, weight] of importedFiles) importedFiles.set(file, Math.min(1, weight / total));
  return { callees, named: namedByTests(index, lookup, testNames), importedFiles };
}

/** Where a test found by its name came from: the log has no line of it to check against. */
function foundBy(loc: TestLocation): string {
  if (!loc.byName) return "";
  const name = loc.byName.length > 80 ? `${loc.byName.slice(0, 77)}...` : loc.byName;
  return ` (found by its name "${name}")`;
}

export function callsOfTest(lookup: SymbolLookup, loc: TestLocation) {
  const around = lookup.enclosing(loc.file, loc.line);
  const inTest = around && isCallable(around) ? around : null;
  const out: { call: CallEdge; strength: number }[] = [];
  for (const call of lookup.callsIn(loc.file)) {
    if (call.line === loc.line) out.push({ call, strength: 1 });
    else if (inTest ? call.from === inTest.id : call.line < loc.line && call.line >= loc.line - WINDOW_ABOVE)
      out.push({ call, strength: 0.5 });
  }
  return out;
}

/**
 * Non-test callables a call may reach: its resolved target, else every symbol of that name, unless
 * the calling file imports the call's name or receiver from outside the project (`test` from
 * node:test, `assert.equal`, `expect(x).toBe`, `np.array`): that runs the other module's code.
 */
export function resolveCallee(call: CallEdge, lookup: SymbolLookup): CodeSymbol[] {
  const target = call.to ? lookup.byId(call.to) : undefined;
  // `describe("joinURL", () => { joinURL(...) })`: the index binds the call to the test block around
  // it, named like the imported function the test calls; a test block is never what a call means.
  const resolved = target && !isEnclosingTestBlock(target, call, lookup) ? target : undefined;
  if (!resolved && lookup.bindsOutside(call.file, calleeRoot(call.calleeName))) return [];
  const found = resolved ? [resolved] : lookup.byName(call.calleeName.split(".").pop() ?? "");
  // A call bound to a declaration runs what it declares (bodiless-declarations.ts).
  const run = new Set(found.flatMap((s) => whatRuns(s, lookup)));
  return [...run].filter((s) => isCallable(s) && !lookup.isTest(s.file));
}

function isEnclosingTestBlock(target: CodeSymbol, call: CallEdge, lookup: SymbolLookup): boolean {
  return (
    lookup.isTest(target.file) &&
    target.file === call.file &&
    target.startLine <= call.line &&
    call.line <= target.endLine
  );
}

function namedByTests(index: CodeIndex, lookup: SymbolLookup, testNames: readonly string[]): SignalScores {
  const named: SignalScores = new Map();
  if (testNames.length === 0) return named;
  const testTerms = testNames.map((name) => new Set(splitIdentifiers(name)));
  const covers = (terms: readonly string[]) =>
    testTerms.filter((have) => terms.length > 0 && terms.every((t) => have.has(t))).length;
  for (const symbol of index.symbols) {
    if (!isCallable(symbol) || lookup.isTest(symbol.file)) continue;
    // All of the symbol's name terms must appear: `parse` alone would match every parse_* test.
    const terms = splitIdentifier(symbol.name);
    const own = covers(terms);
    // A method of the class a test class or `describe` is named after (`TLRUCacheTest` ~ `TLRUCache`).
    const owner = symbol.qualifiedName.split(".").slice(0, -1).pop() ?? "";
    const byClass = own > 0 || owner === "" ? 0 : covers(splitIdentifier(owner));
    const count = own || byClass;
    if (count === 0) continue;
    const base = own > 0 ? Math.min(1, 0.5 + 0.25 * terms.length) : CLASS_NAMED;
    // Named by many of the failing tests counts more than by one of them.
    const share = testNames.length > 1 ? 0.5 + (0.5 * count) / testNames.length : 1;
    const what = own > 0 ? "" : ` (its class ${owner})`;
    addHit(named, symbol.id, base * share, `${count} failing test(s) like "${testNames[0]}"${what}`);
  }
  return named;
}
