// The code index: what the understanding layer knows about a repository. Plain data, so the
// localizer, the brief and the agent's tools can be tested with indexes built from small real repos.
export type SymbolKind =
  "function" | "method" | "class" | "interface" | "type" | "constant" | "variable" | "module";

export interface CodeSymbol {
  /** Stable id: `${file}#${qualifiedName}@${startLine}`. */
  id: string;
  name: string;
  /** e.g. `Cart.remove` for a method. */
  qualifiedName: string;
  kind: SymbolKind;
  file: string;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  /**
   * 1-based line where the body begins: a Python block's first statement, the `{` of a braced body.
   * Absent when the definition has no body or the index was built without it. The lines before it
   * (decorators, a signature's annotations and defaults) run when the definition is made.
   */
  bodyLine?: number;
  signature: string;
  doc: string | null;
  exported: boolean;
  /** Id of the enclosing class/impl/module symbol, if any. */
  parent: string | null;
  /** A class's bases as written (`A`, `mod.A`); absent when it names none. */
  bases?: string[];
  /** JS/TS: what the module's default export or `module.exports` is, declared apart from it. */
  defaultExport?: boolean;
  /** A getter defined through a call (`defineGetter(o, 'x', fn)`): a read of the property runs it. */
  accessor?: boolean;
}

export interface ImportRef {
  file: string;
  /** As written: "./cart", "lodash", "pkg.module". */
  source: string;
  /** Repository-relative file it resolves to, when it resolves inside the repo. */
  resolved: string | null;
  /** The local names the importing file binds (`b` for `import { a as b }`, `ns` for `* as ns`). */
  names: string[];
  line: number;
  /**
   * Each local name with the name it has in the source module: "*" for the module itself
   * (namespace import, `import x`, a Go package), "default" for a default export. Added by the
   * tree-sitter index (optional so hand-built indexes stay valid).
   */
  bindings?: { local: string; imported: string }[];
  /**
   * What the importing file hands on of this module: `exports.x = require("./x")` is
   * `{ exported: "x", imported: "*" }`, `export { default as y } from "./y"` is `{ exported: "y",
   * imported: "default" }`, `export * from "./z"` is `{ exported: "*", imported: "*" }`. Python: every
   * import at a module's top level, `from .x import a as b` is `{ exported: "b", imported: "a" }` and
   * `from .x import *` is `{ exported: "*", imported: "*" }`. Absent when none.
   */
  reexports?: { exported: string; imported: string }[];
  /** Under Python's `if TYPE_CHECKING:`, or a TypeScript `import type`: type checkers read it, the
   * program never runs it, so it loads no module. Its names still bind (annotations use them). */
  typeOnly?: boolean;
}

export interface CallEdge {
  /** Caller symbol id, or null for top-level code. */
  from: string | null;
  file: string;
  line: number;
  /** Callee name as written (`remove`, `this.total`, `cart.remove`). */
  calleeName: string;
  /** Resolved callee symbol id; null when only the name is known (a name edge). */
  to: string | null;
  /** Top-level code under `if __name__ == "__main__":` or `if (require.main === module)`: it runs
   * when the file is run as a script, not when it is imported. Absent otherwise. */
  scriptOnly?: boolean;
  /**
   * The function is named as a value here, not called: handed on as an argument (`cache(get_fields)`,
   * `items.map(parse)`) or returned (`return wrapper`); whatever receives it may call it. Kept only
   * when it resolved to a function or method. Absent for calls.
   */
  value?: true;
}

export interface IndexedFile {
  path: string;
  language: string;
  blobSha: string;
  bytes: number;
  lines: number;
  isTest: boolean;
}

export interface SkippedFile {
  path: string;
  reason:
    | "vendored"
    | "generated"
    | "minified"
    | "binary"
    | "too_large"
    | "unsupported_language"
    | "ignored"
    /** The file vanished or could not be read while indexing. */
    | "unreadable";
}

/** How a build went; set by buildIndex, absent on hand-built indexes. */
export interface IndexStats {
  durationMs: number;
  /** Files listed (tracked + untracked-not-ignored), before skipping. */
  listedFiles: number;
  /** Files parsed in this build (cache misses). */
  parsedFiles: number;
  parsedPaths: string[];
  /** Files whose outcome came from the cache. */
  cacheHits: number;
  /** Bytes of the files parsed in this build. */
  parsedBytes: number;
  /** Nothing changed since the previous build with the same open cache: the index was reused. */
  noChange: boolean;
  workers: number;
  /** Milliseconds per phase: listing (git), parse (cache lookups + parsing), assemble (records + call resolution). */
  phaseMs?: { list: number; parse?: number; assemble?: number };
}

export interface CodeIndex {
  root: string;
  files: IndexedFile[];
  symbols: CodeSymbol[];
  imports: ImportRef[];
  calls: CallEdge[];
  skipped: SkippedFile[];
  stats?: IndexStats;
}
