// Lookups over a CodeIndex that localization and recall share: a file's symbols, the innermost
// function around a line, symbols by (short) name. Built once per query run.
import type { CallEdge, CodeIndex, CodeSymbol, IndexedFile } from "./code-index.ts";
import { peripheralFiles } from "./peripheral-files.ts";
import { outsideBindings } from "./outside-bindings.ts";

const callableKinds = new Set<CodeSymbol["kind"]>(["function", "method"]);

export interface SymbolLookup {
  file(path: string): IndexedFile | undefined;
  /** Test code, as the index flagged it (test-files.ts). */
  isTest(path: string): boolean;
  /** Examples, docs, benchmarks or scripts the library does not import (peripheral-files.ts). */
  isPeripheral(path: string): boolean;
  symbolsIn(path: string): readonly CodeSymbol[];
  /** The calls written in `path`, in the index's order. */
  callsIn(path: string): readonly CallEdge[];
  /** Some function or method in the index has a body line: it was indexed with them. */
  recordsBodies(): boolean;
  byId(id: string): CodeSymbol | undefined;
  /** Symbols whose name or last qualified-name part equals `name` (case-sensitive). */
  byName(name: string): readonly CodeSymbol[];
  /** The innermost function or method containing `line`; else the innermost symbol of any kind. */
  enclosing(path: string, line: number): CodeSymbol | null;
  /** `path` imports `name` from a module outside the project (outside-bindings.ts). */
  bindsOutside(path: string, name: string): boolean;
}

export function createSymbolLookup(index: CodeIndex): SymbolLookup {
  const files = new Map(index.files.map((f) => [f.path, f]));
  const perFile = new Map<string, CodeSymbol[]>();
  const ids = new Map<string, CodeSymbol>();
  const names = new Map<string, CodeSymbol[]>();
  // In place: a PR controls how many symbols share a file or a name, so no copy or scan per symbol.
  const push = (map: Map<string, CodeSymbol[]>, key: string, symbol: CodeSymbol) => {
    const list = map.get(key);
    if (list) list.push(symbol);
    else map.set(key, [symbol]);
  };
  for (const symbol of index.symbols) {
    push(perFile, symbol.file, symbol);
    ids.set(symbol.id, symbol);
    push(names, symbol.name, symbol);
    const last = symbol.qualifiedName.slice(symbol.qualifiedName.lastIndexOf(".") + 1);
    if (last !== symbol.name) push(names, last, symbol);
  }
  let peripheral: Set<string> | undefined;
  let bodies: boolean | undefined;
  let outside: Map<string, Set<string>> | undefined;
  // Grouped on first use: each failing-test location reads its own file's calls, and a scan of every
  // call per location made a run with many failing tests pay for the whole index each time.
  let callsPerFile: Map<string, CallEdge[]> | undefined;
  return {
    file: (path) => files.get(path),
    isTest: (path) => Boolean(files.get(path)?.isTest),
    isPeripheral: (path) => (peripheral ??= peripheralFiles(index)).has(path),
    symbolsIn: (path) => perFile.get(path) ?? [],
    callsIn: (path) => (callsPerFile ??= groupByFile(index.calls)).get(path) ?? [],
    recordsBodies: () => (bodies ??= index.symbols.some((s) => isCallable(s) && s.bodyLine !== undefined)),
    byId: (id) => ids.get(id),
    byName: (name) => names.get(name) ?? [],
    enclosing(path, line) {
      const around = (perFile.get(path) ?? []).filter((s) => s.startLine <= line && line <= s.endLine);
      const innermost = (list: CodeSymbol[]) =>
        list.reduce<CodeSymbol | null>((best, s) => (!best || span(s) < span(best) ? s : best), null);
      return innermost(around.filter((s) => callableKinds.has(s.kind))) ?? innermost(around);
    },
    bindsOutside: (path, name) => Boolean((outside ??= outsideBindings(index)).get(path)?.has(name)),
  };
}

function groupByFile(calls: readonly CallEdge[]): Map<string, CallEdge[]> {
  const byFile = new Map<string, CallEdge[]>();
  for (const call of calls) {
    const list = byFile.get(call.file);
    if (list) list.push(call);
    else byFile.set(call.file, [call]);
  }
  return byFile;
}

function span(symbol: CodeSymbol): number {
  return symbol.endLine - symbol.startLine;
}

export function isCallable(symbol: CodeSymbol): boolean {
  return callableKinds.has(symbol.kind);
}
