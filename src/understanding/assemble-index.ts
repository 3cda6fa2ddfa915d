// Turns per-file outcomes into one CodeIndex: ids and paths on every record, imports resolved to
// repository files, call edges resolved to symbols.
import { posix } from "node:path";
import type { CallEdge, CodeIndex, CodeSymbol, ImportRef, IndexedFile, SkippedFile } from "./code-index.ts";
import { isContentSkip, type FileOutcome, type FileParse } from "./file-parse.ts";
import type { LanguageId } from "./languages.ts";
import { resolveCalls, type Binding, type BindingTable } from "./resolve-calls.ts";
import { createImportResolver, type GoModule } from "./resolve-imports.ts";
import { isTestPath } from "./test-files.ts";

export interface FileWithOutcome {
  path: string;
  blobSha: string;
  language: LanguageId;
  bytes: number;
  outcome: FileOutcome;
}

export function assembleIndex(
  root: string,
  entries: readonly FileWithOutcome[],
  skipped: SkippedFile[],
  goModules: readonly GoModule[],
): CodeIndex {
  const parsed = entries.filter(
    (e): e is FileWithOutcome & { outcome: FileParse } => !isContentSkip(e.outcome),
  );
  for (const e of entries)
    if (isContentSkip(e.outcome)) skipped.push({ path: e.path, reason: e.outcome.skip });
  const resolve = createImportResolver(
    parsed.map((e) => e.path),
    goModules,
  );
  const index: CodeIndex = { root, files: [], symbols: [], imports: [], calls: [], skipped };
  const bindings: BindingTable = new Map();
  for (const e of parsed) {
    const file: IndexedFile = {
      path: e.path,
      language: e.language,
      blobSha: e.blobSha,
      bytes: e.bytes,
      lines: e.outcome.lines,
      isTest: isTestPath(e.path),
    };
    index.files.push(file);
    const ids = addSymbols(index.symbols, e.path, e.outcome);
    const fileBindings = new Map<string, Binding>();
    for (const imp of e.outcome.imports) {
      const resolved = resolve(e.path, e.language, imp.source);
      const ref: ImportRef = {
        file: e.path,
        source: imp.source,
        resolved,
        names: imp.bindings.map((b) => b.local),
        line: imp.line,
        bindings: imp.bindings,
      };
      index.imports.push(ref);
      for (const b of imp.bindings)
        fileBindings.set(b.local, bindingTarget(e, imp.source, b.imported, resolved, resolve));
    }
    bindings.set(e.path, fileBindings);
    for (const c of e.outcome.calls) {
      const edge: CallEdge = {
        from: c.from === null ? null : (ids[c.from] ?? null),
        file: e.path,
        line: c.line,
        calleeName: c.calleeName,
        to: null,
      };
      index.calls.push(edge);
    }
  }
  resolveCalls(index.calls, index.symbols, bindings);
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return index;
}

function addSymbols(out: CodeSymbol[], path: string, parse: FileParse): string[] {
  const ids = parse.symbols.map((s) => `${path}#${s.qualifiedName}@${s.startLine}`);
  parse.symbols.forEach((s, i) => {
    out.push({
      id: ids[i] ?? "",
      name: s.name,
      qualifiedName: s.qualifiedName,
      kind: s.kind,
      file: path,
      startLine: s.startLine,
      endLine: s.endLine,
      signature: s.signature,
      doc: s.doc,
      exported: s.exported,
      parent: s.parent === null ? null : (ids[s.parent] ?? null),
    });
  });
  return ids;
}

/**
 * Where an imported name points. `from pkg import mod` and `use crate::cart` may name a module
 * rather than an item; when a file for the longer path exists, the binding is that module.
 */
function bindingTarget(
  e: FileWithOutcome,
  source: string,
  imported: string,
  resolved: string | null,
  resolve: ReturnType<typeof createImportResolver>,
): Binding {
  if (imported !== "*" && e.language === "python") {
    const joined = source.endsWith(".") ? `${source}${imported}` : `${source}.${imported}`;
    const moduleFile = resolve(e.path, e.language, joined);
    if (moduleFile) return { imported: "*", file: moduleFile };
  }
  if (e.language === "rust" && resolved) {
    const stem = posix.basename(resolved, ".rs");
    const last = source.split("::").pop();
    if (stem === last || (stem === "mod" && posix.basename(posix.dirname(resolved)) === last))
      return { imported: "*", file: resolved };
  }
  return { imported, file: resolved };
}
