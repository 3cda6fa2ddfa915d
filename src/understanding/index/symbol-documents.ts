// One BM25 document per symbol: its name (repeated, as the strongest evidence), qualified name,
// file path, doc comment and the identifiers and string-literal words of its body.
import type { CodeSymbol } from "./code-index.ts";
import { splitIdentifiers } from "./split-identifiers.ts";

/** Returns a file's lines (index 0 = line 1), or null when the file cannot be read. */
export type ReadLines = (path: string) => readonly string[] | null;

const NAME_WEIGHT = 3;

export function symbolDocument(symbol: CodeSymbol, lines: readonly string[] | null): string[] {
  const nameTerms = splitIdentifiers(symbol.qualifiedName);
  const doc: string[] = [];
  for (let i = 0; i < NAME_WEIGHT; i++) doc.push(...nameTerms);
  doc.push(...splitIdentifiers(symbol.file.replace(/\.[^./]+$/, "")));
  if (symbol.doc) doc.push(...splitIdentifiers(symbol.doc));
  if (lines) doc.push(...splitIdentifiers(lines.slice(symbol.startLine - 1, symbol.endLine).join("\n")));
  else doc.push(...splitIdentifiers(symbol.signature));
  return doc;
}
