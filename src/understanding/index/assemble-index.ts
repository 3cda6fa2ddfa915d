// Turns per-file outcomes into one CodeIndex. The assembly is kept (per root, in the open cache)
// so the next build with the same set of paths only rebuilds the records of changed files and
// re-resolves the call sites whose resolution can depend on them: calls in those files, and
// calls anywhere to a name those files defined before or define now.
import type { CallEdge, CodeIndex, CodeSymbol, SkippedFile } from "./code-index.ts";
import { isContentSkip, type FileOutcome } from "./file-parse.ts";
import { codeNamedLikeSuites } from "./code-named-like-suites.ts";
import { buildFileRecord, type FileRecord } from "./file-record.ts";
import type { LanguageId } from "./languages.ts";
import { createModuleExports } from "./module-exports.ts";
import { resolveClassBases } from "./resolve-bases.ts";
import { resolveCall } from "./resolve-calls.ts";
import { createImportResolver, type ImportResolver, type ModuleManifests } from "./resolve-imports.ts";
import { createSymbolTables, type SymbolTables } from "./symbol-tables.ts";
import { isTestPath } from "./test-files.ts";

export interface FileWithOutcome {
  path: string;
  blobSha: string;
  language: LanguageId;
  outcome: FileOutcome;
}

export interface Assembly {
  /** All listed paths (parsed or skipped by content), in order; records depend on this set. */
  pathsKey: string;
  records: Map<string, FileRecord>;
  tables: SymbolTables;
  resolve: ImportResolver;
  /** Every class's resolved bases, as text: when it changes, every call is resolved again. */
  inheritanceKey: string;
  /** Every JS/TS re-export, as text (module-exports.ts): likewise. */
  reexportKey: string;
}

export function assembleIndex(
  root: string,
  entries: readonly FileWithOutcome[],
  skipped: SkippedFile[],
  manifests: ModuleManifests,
  previous: Assembly | null,
): { index: CodeIndex; assembly: Assembly } {
  const parsed = entries.filter((e) => !isContentSkip(e.outcome));
  const pathsKey = `${parsed.map((e) => e.path).join("\n")}\0${manifestsKey(manifests)}`;
  const reuse = previous !== null && previous.pathsKey === pathsKey;
  const assembly: Assembly = reuse
    ? { ...previous, records: new Map(previous.records) }
    : {
        pathsKey,
        records: new Map(),
        tables: createSymbolTables(),
        resolve: createImportResolver(
          parsed.map((e) => e.path),
          manifests,
        ),
        inheritanceKey: "",
        reexportKey: "",
      };
  const changedPaths = new Set<string>();
  const affectedNames = new Set<string>();
  for (const e of parsed) {
    if (isContentSkip(e.outcome)) continue;
    const old = assembly.records.get(e.path);
    if (old && old.blobSha === e.blobSha) continue;
    if (old) {
      assembly.tables.remove(old.symbols);
      for (const s of old.symbols) affectedNames.add(s.name);
    }
    const record = buildFileRecord(e.path, e.blobSha, e.language, e.outcome, assembly.resolve);
    assembly.tables.add(record.symbols);
    for (const s of record.symbols) affectedNames.add(s.name);
    assembly.records.set(e.path, record);
    changedPaths.add(e.path);
  }
  flagTestFiles(assembly.records);
  const exports = createModuleExports(
    [...assembly.records.values()].map((r) => r.imports),
    assembly.tables,
  );
  // A call through a hub (`Hoek.isPromise`) depends on the module it re-exports, by the hub's name.
  if ([...changedPaths].some((p) => exports.targets.has(p)))
    for (const n of exports.names) affectedNames.add(n);
  // A call on a subclass may resolve to a base's method in another file, so a change of any class's
  // bases (or of any re-export) can move calls in files whose own text and names did not change.
  const inheritance = resolveClassBases(assembly.records.values(), assembly.tables, exports);
  const structureChanged =
    inheritance.key !== assembly.inheritanceKey || exports.key !== assembly.reexportKey;
  assembly.inheritanceKey = inheritance.key;
  assembly.reexportKey = exports.key;
  for (const record of assembly.records.values()) {
    const fileChanged = !reuse || structureChanged || changedPaths.has(record.file.path);
    record.calls.forEach((call, i) => {
      if (!fileChanged && !affectedNames.has(record.lookupNames[i] ?? "")) return;
      const caller = call.from ? (assembly.tables.byId(call.from) ?? null) : null;
      const target =
        resolveCall(
          {
            file: call.file,
            calleeName: call.calleeName,
            caller,
            bindings: record.bindings,
            receiverType: record.receiverTypes[i],
          },
          assembly.tables,
          inheritance.basesOf,
          exports,
        ) ?? null;
      const to = target && keeps(call, record.reads[i] === true, target) ? target.id : null;
      // Edges of unchanged files are shared with the previous index: replace, never mutate.
      if (to !== call.to)
        record.calls[i] = fileChanged ? Object.assign(call, { to }) : ({ ...call, to } satisfies CallEdge);
    });
  }
  for (const e of entries)
    if (isContentSkip(e.outcome)) skipped.push({ path: e.path, reason: e.outcome.skip });
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { index: concatenate(root, parsed, assembly.records, skipped), assembly };
}

/** What a site may bind to: a read only an accessor (its getter runs), a value only a function or method. */
function keeps(call: CallEdge, read: boolean, target: CodeSymbol): boolean {
  if (read) return target.accessor === true;
  return !call.value || target.kind === "function" || target.kind === "method";
}

/**
 * Each file's isTest: its path, except a bare-named suite the code imports (code-named-like-suites.ts),
 * which depends on other files' imports. A changed flag replaces the file object: records of
 * unchanged files are shared with the previous index.
 */
function flagTestFiles(records: Map<string, FileRecord>): void {
  const paths = new Set(records.keys());
  const code = codeNamedLikeSuites(
    [...records.values()].flatMap((r) => r.imports),
    paths,
  );
  for (const record of records.values()) {
    const isTest = isTestPath(record.file.path) && !code.has(record.file.path);
    if (record.file.isTest !== isTest) record.file = { ...record.file, isTest };
  }
}

function concatenate(
  root: string,
  parsed: readonly FileWithOutcome[],
  records: Map<string, FileRecord>,
  skipped: SkippedFile[],
): CodeIndex {
  const index: CodeIndex = { root, files: [], symbols: [], imports: [], calls: [], skipped };
  for (const e of parsed) {
    const r = records.get(e.path);
    if (!r) continue;
    index.files.push(r.file);
    for (const s of r.symbols) index.symbols.push(s);
    for (const i of r.imports) index.imports.push(i);
    // A property read is an edge only when it reached an accessor, a function named as a value only
    // when it reached a function: a name alone says nothing.
    r.calls.forEach((c, i) => {
      if (c.to !== null || (!r.reads[i] && !c.value)) index.calls.push(c);
    });
  }
  return index;
}

/** Import resolution depends on the manifests too: a changed go.mod or package.json `main`. */
function manifestsKey(m: ModuleManifests): string {
  const go = m.goModules.map((g) => `${g.dir}=${g.module}`).join(",");
  const names = (m.packageNames ?? []).map((p) => `${p.dir}=${p.name}`).join(",");
  return `${go}\0${m.packageMains.map((p) => `${p.dir}=${p.main}`).join(",")}\0${names}`;
}
