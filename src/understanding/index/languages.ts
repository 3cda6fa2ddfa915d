// The languages the index parses: file extensions, the prebuilt grammar (wasm, from
// @repomix/tree-sitter-wasms) and our own query files under queries/. A language's query files are
// concatenated: JavaScript, TypeScript and TSX share ecmascript.scm and each adds its own file.
export type LanguageId = "typescript" | "tsx" | "javascript" | "python" | "go" | "rust" | "java";

/** The languages of ECMAScript modules (imports, re-exports, default exports). */
export const ecmascriptLanguages: ReadonlySet<LanguageId> = new Set(["javascript", "typescript", "tsx"]);

export interface LanguageSpec {
  id: LanguageId;
  /** File name inside the grammar bundle's out/ directory. */
  wasm: string;
  /** Files under src/understanding/index/queries/, concatenated in this order. */
  queries: string[];
}

export const languageSpecs: Readonly<Record<LanguageId, LanguageSpec>> = {
  javascript: {
    id: "javascript",
    wasm: "tree-sitter-javascript.wasm",
    queries: ["ecmascript.scm", "javascript.scm"],
  },
  typescript: {
    id: "typescript",
    wasm: "tree-sitter-typescript.wasm",
    queries: ["ecmascript.scm", "typescript.scm"],
  },
  tsx: { id: "tsx", wasm: "tree-sitter-tsx.wasm", queries: ["ecmascript.scm", "typescript.scm", "tsx.scm"] },
  python: { id: "python", wasm: "tree-sitter-python.wasm", queries: ["python.scm"] },
  go: { id: "go", wasm: "tree-sitter-go.wasm", queries: ["go.scm"] },
  rust: { id: "rust", wasm: "tree-sitter-rust.wasm", queries: ["rust.scm"] },
  java: { id: "java", wasm: "tree-sitter-java.wasm", queries: ["java.scm"] },
};

const byExtension: Readonly<Record<string, LanguageId>> = {
  ".ts": "typescript",
  ".mts": "typescript",
  ".cts": "typescript",
  ".tsx": "tsx",
  ".js": "javascript",
  ".mjs": "javascript",
  ".cjs": "javascript",
  ".jsx": "javascript",
  ".py": "python",
  ".pyi": "python",
  ".go": "go",
  ".rs": "rust",
  ".java": "java",
};

/** The language of a repository path, or null when we have no grammar for it. */
export function languageOf(path: string): LanguageId | null {
  const slash = path.lastIndexOf("/");
  const dot = path.lastIndexOf(".");
  if (dot <= slash + 1) return null;
  return byExtension[path.slice(dot).toLowerCase()] ?? null;
}
