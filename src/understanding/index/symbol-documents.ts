// One BM25 document per symbol: its name (repeated, as the strongest evidence), qualified name,
// file path, doc comment and the identifiers and string-literal words of its body.
import type { CodeSymbol } from "./code-index.ts";
import { splitIdentifiers } from "./split-identifiers.ts";

/** Returns a file's lines (index 0 = line 1), or null when the file cannot be read. */
export type ReadLines = (path: string) => readonly string[] | null;

const NAME_WEIGHT = 3;

/** A symbol's terms by where they come from, each in source order. */
export interface SymbolFields {
  name: string[];
  path: string[];
  /** The doc comment, then the body (or only the signature when the body is not read). */
  text: string[];
}

export function symbolFields(symbol: CodeSymbol, lines: readonly string[] | null): SymbolFields {
  const text: string[] = [];
  if (symbol.doc) text.push(...splitIdentifiers(symbol.doc));
  if (lines) text.push(...splitIdentifiers(lines.slice(symbol.startLine - 1, symbol.endLine).join("\n")));
  else text.push(...splitIdentifiers(symbol.signature));
  return {
    name: splitIdentifiers(symbol.qualifiedName),
    path: splitIdentifiers(symbol.file.replace(/\.[^./]+$/, "")),
    text,
  };
}

export function documentOf(fields: SymbolFields): string[] {
  const doc: string[] = [];
  for (let i = 0; i < NAME_WEIGHT; i++) doc.push(...fields.name);
  return [...doc, ...fields.path, ...fields.text];
}

export function symbolDocument(symbol: CodeSymbol, lines: readonly string[] | null): string[] {
  return documentOf(symbolFields(symbol, lines));
}
