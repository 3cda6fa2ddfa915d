// What parsing one file yields, independent of its path, so the cache can key it by blob SHA and
// the same content at two paths is parsed once. build-index.ts turns it into CodeIndex records.
import type { SkippedFile, SymbolKind } from "./code-index.ts";

export interface ParsedSymbol {
  name: string;
  qualifiedName: string;
  kind: SymbolKind;
  startLine: number;
  endLine: number;
  /** Where the body begins (a Python block's first statement, a `{`), when the definition has one. */
  bodyLine?: number;
  signature: string;
  doc: string | null;
  exported: boolean;
  /** Index into the same file's symbols. */
  parent: number | null;
  /** A class's bases as written (`A`, `mod.A`), when it names any (class-bases.ts). */
  bases?: string[];
  /** JS/TS: what the module's default export or `module.exports` is, declared apart from it. */
  defaultExport?: boolean;
  /** A getter defined through a call (`defineGetter(o, 'x', fn)`): a read of the property runs it. */
  accessor?: boolean;
  /** `export default function () {}`: anonymous, named `default` (left out of test files, file-record.ts). */
  anonymousDefault?: boolean;
}

export interface ImportBinding {
  /** The name the importing file uses. */
  local: string;
  /** The name in the imported module; "*" for the module itself, "default" for a default export. */
  imported: string;
}

/** A name an importing module hands on of the module it imports (js-reexports.ts, python-reexports.ts). */
export interface Reexport {
  /** The name the importing module exports it under; "*" when every export of the source passes on
   * (`export * from`, `module.exports = require()`). */
  exported: string;
  /** The name in the source module: "*" for the module itself, "default" for its default export. */
  imported: string;
}

export interface ParsedImport {
  source: string;
  bindings: ImportBinding[];
  line: number;
  /** What the importing module passes on of this import, when it does (a hub's `exports.x = require("./x")`). */
  reexports?: Reexport[];
  /** Never run, so it loads nothing: under Python's `if TYPE_CHECKING:` (type-checking-imports.ts) or
   * erased as TypeScript types only (type-only-imports.ts). */
  typeOnly?: boolean;
}

export interface ParsedCall {
  /** Index into the same file's symbols of the innermost enclosing function, method or value. */
  from: number | null;
  calleeName: string;
  line: number;
  /** The class a plain-variable receiver was constructed from in scope (`C`, `mod.C`), if known. */
  receiverType?: string;
  /** A property read (`req.protocol`), not a call: an edge only when it resolves to an accessor. */
  read?: boolean;
  /** Under `if __name__ == "__main__":` or `if (require.main === module)`: runs only when the file is
   * run as a script, never when it is imported (script-guard.ts). */
  scriptOnly?: boolean;
  /** A function named as a value (an argument, a returned value), not called here (function-values.ts):
   * an edge only when it resolves to a function or method. */
  value?: boolean;
}

export interface FileParse {
  lines: number;
  bytes: number;
  /** The tree had ERROR or MISSING nodes; what was extracted may be partial. */
  hasErrors: boolean;
  symbols: ParsedSymbol[];
  imports: ParsedImport[];
  calls: ParsedCall[];
}

/** A file whose content makes it unfit to index (decided before parsing). */
export interface ContentSkip {
  skip: Exclude<SkippedFile["reason"], "vendored" | "ignored" | "unsupported_language">;
}

export type FileOutcome = FileParse | ContentSkip;

export function isContentSkip(outcome: FileOutcome): outcome is ContentSkip {
  return "skip" in outcome;
}
