// One file's share of the index: its IndexedFile, symbols with ids, imports resolved against the
// repository's paths, import bindings and call edges (unresolved), built from its FileParse.
import { posix } from "node:path";
import type { CallEdge, CodeSymbol, ImportRef, IndexedFile } from "./code-index.ts";
import type { FileParse, ParsedSymbol } from "./file-parse.ts";
import { ecmascriptLanguages, type LanguageId } from "./languages.ts";
import { lookupName, type Binding } from "./resolve-calls.ts";
import type { ImportResolver } from "./resolve-imports.ts";
import { isTestPath } from "./test-files.ts";

export interface FileRecord {
  blobSha: string;
  file: IndexedFile;
  symbols: CodeSymbol[];
  imports: ImportRef[];
  bindings: Map<string, Binding>;
  calls: CallEdge[];
  /** Per call: the symbol name its resolution depends on. */
  lookupNames: string[];
  /** Per call: the class its receiver variable was constructed from, when the file says. */
  receiverTypes: (string | undefined)[];
  /** Per call: a property read, an edge only when it resolves to an accessor (property-reads.ts). */
  reads: boolean[];
}

export function buildFileRecord(
  path: string,
  blobSha: string,
  language: LanguageId,
  parse: FileParse,
  resolve: ImportResolver,
): FileRecord {
  const file: IndexedFile = {
    path,
    language,
    blobSha,
    bytes: parse.bytes,
    lines: parse.lines,
    isTest: isTestPath(path),
  };
  // A test file's `export default function (lib) { suite(...) }` registers a whole suite: as a symbol
  // it would enclose every test of the file, so each failing test would seem to call what all of them
  // call (klona's test/suites/*.js). Left out, its tests find their calls in the lines above them.
  const left = (s: ParsedSymbol) => file.isTest && s.anonymousDefault === true;
  const ids = parse.symbols.map((s) => (left(s) ? null : `${path}#${s.qualifiedName}@${s.startLine}`));
  const symbols: CodeSymbol[] = parse.symbols.flatMap((s, i) =>
    left(s)
      ? []
      : [
          {
            id: ids[i] ?? "",
            name: s.name,
            qualifiedName: s.qualifiedName,
            kind: s.kind,
            file: path,
            startLine: s.startLine,
            endLine: s.endLine,
            ...(s.bodyLine === undefined ? {} : { bodyLine: s.bodyLine }),
            signature: s.signature,
            doc: s.doc,
            exported: s.exported,
            parent: s.parent === null ? null : (ids[s.parent] ?? null),
            ...(s.bases ? { bases: s.bases } : {}),
            ...(s.defaultExport ? { defaultExport: true } : {}),
            ...(s.accessor ? { accessor: true } : {}),
          },
        ],
  );
  const imports: ImportRef[] = [];
  const bindings = new Map<string, Binding>();
  for (const imp of parse.imports) {
    const resolved = resolve(path, language, imp.source);
    const names = imp.bindings.map((b) => b.local);
    imports.push({
      file: path,
      source: imp.source,
      resolved,
      names,
      line: imp.line,
      bindings: imp.bindings,
      ...(imp.reexports ? { reexports: imp.reexports } : {}),
      ...(imp.typeOnly ? { typeOnly: true } : {}),
    });
    for (const b of imp.bindings)
      bindings.set(b.local, bindingTarget(path, language, imp.source, b.imported, resolved, resolve));
  }
  const calls: CallEdge[] = parse.calls.map((c) => ({
    from: c.from === null ? null : (ids[c.from] ?? null),
    file: path,
    line: c.line,
    calleeName: c.calleeName,
    to: null,
    ...(c.scriptOnly ? { scriptOnly: true } : {}),
    ...(c.value ? { value: true } : {}),
  }));
  return {
    blobSha,
    file,
    symbols,
    imports,
    bindings,
    calls,
    lookupNames: calls.map((c) => lookupName(c.calleeName, bindings)),
    receiverTypes: parse.calls.map((c) => c.receiverType),
    reads: parse.calls.map((c) => c.read === true),
  };
}

/**
 * Where an imported name points. `from pkg import mod` and `use crate::cart` may name a module
 * rather than an item; when a file for the longer path exists, the binding is that module.
 */
function bindingTarget(
  path: string,
  language: LanguageId,
  source: string,
  imported: string,
  resolved: string | null,
  resolve: ImportResolver,
): Binding {
  if (imported !== "*" && language === "python") {
    const joined = source.endsWith(".") ? `${source}${imported}` : `${source}.${imported}`;
    const moduleFile = resolve(path, language, joined);
    if (moduleFile) return { imported: "*", file: moduleFile };
  }
  if (language === "rust" && resolved) {
    const stem = posix.basename(resolved, ".rs");
    const last = source.split("::").pop();
    const isModule = stem === last || (stem === "mod" && posix.basename(posix.dirname(resolved)) === last);
    if (isModule) return { imported: "*", file: resolved };
  }
  return resolved === null && isPackageImport(language, source, resolve)
    ? { imported, file: null, external: true }
    : { imported, file: resolved };
}

// A package outside the repository (`import generate from "markdown-it-testgen"`, `from json import
// loads`): the name it binds is that package's, so a call of it is none of the project's symbols.
// A bare JS/TS specifier that resolves from the repository root or `src/` is a path alias or a
// `baseUrl` import (`@/utils`, `lib/parse`), which the resolver does not follow: not a package.
const PACKAGE_SPECIFIER = /^(?:node:|@[\w.-]+\/[\w.-]|[A-Za-z0-9][\w.-]*(?:\/|$))/;

function isPackageImport(language: LanguageId, source: string, resolve: ImportResolver): boolean {
  if (language === "python") return !source.startsWith(".");
  if (!ecmascriptLanguages.has(language)) return false;
  if (!PACKAGE_SPECIFIER.test(source)) return false;
  return ["index.js", "src/index.js"].every((from) => resolve(from, language, `./${source}`) === null);
}
