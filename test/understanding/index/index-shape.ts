// Compact views of a CodeIndex for exact assertions in the per-language tests.
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";

/** [file, qualifiedName, kind, startLine, endLine, exported] */
export function symbolRows(index: CodeIndex) {
  return index.symbols.map((s) => [s.file, s.qualifiedName, s.kind, s.startLine, s.endLine, s.exported]);
}

/** [file, line, caller id, callee as written, resolved id] */
export function callRows(index: CodeIndex) {
  return index.calls.map((c) => [c.file, c.line, c.from, c.calleeName, c.to]);
}

/** [file, source, resolved, local names, line] */
export function importRows(index: CodeIndex) {
  return index.imports.map((i) => [i.file, i.source, i.resolved, i.names, i.line]);
}

export function symbolNamed(index: CodeIndex, qualifiedName: string) {
  const found = index.symbols.find((s) => s.qualifiedName === qualifiedName);
  if (!found)
    throw new Error(
      `no symbol ${qualifiedName}; have ${index.symbols.map((s) => s.qualifiedName).join(", ")}`,
    );
  return found;
}

/** Where the first member call (`x.m`) on that line resolved to. */
export function memberCallTarget(index: CodeIndex, file: string, line: number): string | null {
  const call = index.calls.find((c) => c.file === file && c.line === line && c.calleeName.includes("."));
  if (!call) throw new Error(`no call at ${file}:${line}`);
  return call.to;
}
