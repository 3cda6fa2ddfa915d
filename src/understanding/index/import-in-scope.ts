// Which of a file's imports of one name a call at a line goes through: functions may import the
// same name from different modules (`from ._cached import _wrapper` in one, `from ._cachedmethod
// import _wrapper` in another), and the import in the innermost function around the call decides.
import type { CodeIndex, CodeSymbol } from "./code-index.ts";

/**
 * The repository file the import in scope at `line` resolves to: of `imports` (one local name's
 * imports in one file), the one whose enclosing function (of `functions`, the file's functions and
 * methods) holds the line, innermost first; a module-level import when none does.
 */
export function importInScope(
  imports: readonly { resolved: string; line: number }[] | undefined,
  functions: readonly CodeSymbol[] | undefined,
  line: number,
): string | undefined {
  if (!imports || imports.length <= 1) return imports?.[0]?.resolved;
  const around = (at: number) =>
    (functions ?? [])
      .filter((f) => f.startLine <= at && at <= f.endLine)
      .reduce<CodeSymbol | null>((best, f) => (!best || f.startLine > best.startLine ? f : best), null);
  let best: { resolved: string; depth: number } | undefined;
  for (const i of imports) {
    const scope = around(i.line);
    if (scope && !(scope.startLine <= line && line <= scope.endLine)) continue;
    const depth = scope?.startLine ?? 0;
    if (!best || depth > best.depth) best = { resolved: i.resolved, depth };
  }
  return best?.resolved;
}

/** One file's imports of one local name that resolve to a repository file. */
export type NameImports = { resolved: string; line: number }[];

/** file -> local name -> the imports binding that name to a repository file, in index order. */
export function importBindings(index: Pick<CodeIndex, "imports">): Map<string, Map<string, NameImports>> {
  const byFile = new Map<string, Map<string, NameImports>>();
  for (const ref of index.imports) {
    if (!ref.resolved) continue;
    const names = byFile.get(ref.file) ?? new Map<string, NameImports>();
    for (const b of ref.bindings ?? ref.names.map((n) => ({ local: n })))
      names.set(b.local, [...(names.get(b.local) ?? []), { resolved: ref.resolved, line: ref.line }]);
    byFile.set(ref.file, names);
  }
  return byFile;
}
