// A getter runs where its property is read: `expect(url.href).toEqual(...)` calls `get href()`,
// `cache.maxsize` calls the `@property def maxsize`, and `get href()` calls `get encodedAuth()` by
// reading `this.encodedAuth`. No call expression shows these, so the index records no call and the
// signals that follow calls (what the failing test calls, what it reaches) never got to a getter.
// The reads become call edges: in the failing tests' files, and in the code that defines getters or
// imports a file that does.
import type { CallEdge, CodeIndex, CodeSymbol } from "../index/code-index.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import { isCallable, type SymbolLookup } from "../index/symbol-lookup.ts";

const JS_GETTER = /^(?:static\s+)?get\s+[\w$]+\s*\(/;
const PY_PROPERTY = /^\s*@(?:[\w.]+\.)?(?:property|cached_property|getter)\b/;
// `.name` read, not called (`.name(`) and not assigned (`.name =`, which is a setter).
const PROPERTY_READ = /\.\s*([A-Za-z_$][\w$]*)\b(?!\s*\()(?!\s*=(?!=))/g;

/** The index with a call edge for every read of a project getter in the given files and the code. */
export function withGetterReads(
  index: CodeIndex,
  lookup: SymbolLookup,
  readLines: ReadLines,
  testFiles: readonly string[],
): CodeIndex {
  const getters = gettersByName(index, lookup, readLines);
  if (getters.size === 0) return index;
  const defining = new Set([...getters.values()].flat().map((s) => s.file));
  const scanned = new Set(testFiles);
  for (const file of index.files) if (!file.isTest && defining.has(file.path)) scanned.add(file.path);
  for (const ref of index.imports)
    if (!lookup.isTest(ref.file) && ref.resolved && defining.has(ref.resolved)) scanned.add(ref.file);
  const reads: CallEdge[] = [];
  for (const file of scanned) {
    (readLines(file) ?? []).forEach((text, i) => {
      for (const match of text.matchAll(PROPERTY_READ)) {
        const name = match[1] ?? "";
        const targets = getters.get(name);
        if (!targets) continue;
        const around = lookup.enclosing(file, i + 1);
        const from = around && isCallable(around) ? around.id : null;
        // Several classes may have a getter of that name; the read could mean any of them.
        for (const to of targets)
          if (to.id !== from) reads.push({ from, file, line: i + 1, calleeName: name, to: to.id });
      }
    });
  }
  return reads.length === 0 ? index : { ...index, calls: [...index.calls, ...reads] };
}

/** Getters of non-test code by property name: `get x()` in JS/TS, `@property def x` in Python. */
function gettersByName(
  index: CodeIndex,
  lookup: SymbolLookup,
  readLines: ReadLines,
): Map<string, CodeSymbol[]> {
  const out = new Map<string, CodeSymbol[]>();
  for (const symbol of index.symbols) {
    if (symbol.kind !== "method" || lookup.isTest(symbol.file) || !isGetter(symbol, readLines)) continue;
    out.set(symbol.name, [...(out.get(symbol.name) ?? []), symbol]);
  }
  return out;
}

function isGetter(symbol: CodeSymbol, readLines: ReadLines): boolean {
  if (JS_GETTER.test(symbol.signature)) return true;
  if (!/\.py[iw]?$/.test(symbol.file)) return false;
  // The decorators sit between the symbol's first line and its `def`.
  const lines = readLines(symbol.file) ?? [];
  for (let line = symbol.startLine; line <= symbol.endLine; line++) {
    const text = lines[line - 1] ?? "";
    if (PY_PROPERTY.test(text)) return true;
    if (/^\s*(?:async\s+)?def\b/.test(text)) return false;
  }
  return false;
}
