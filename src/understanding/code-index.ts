// The code index: what the understanding layer knows about a repository. Plain data, so the
// localizer, the brief and the agent's tools can be tested with indexes built from small real repos.
export type SymbolKind =
  | "function"
  | "method"
  | "class"
  | "interface"
  | "type"
  | "constant"
  | "variable"
  | "module";

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
  signature: string;
  doc: string | null;
  exported: boolean;
  /** Id of the enclosing class/impl/module symbol, if any. */
  parent: string | null;
}

export interface ImportRef {
  file: string;
  /** As written: "./cart", "lodash", "pkg.module". */
  source: string;
  /** Repository-relative file it resolves to, when it resolves inside the repo. */
  resolved: string | null;
  names: string[];
  line: number;
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
  reason: "vendored" | "generated" | "minified" | "binary" | "too_large" | "unsupported_language" | "ignored";
}

export interface CodeIndex {
  root: string;
  files: IndexedFile[];
  symbols: CodeSymbol[];
  imports: ImportRef[];
  calls: CallEdge[];
  skipped: SkippedFile[];
}
