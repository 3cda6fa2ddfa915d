// Each call of the repository as an edge into what it calls: into the symbol the index resolved it
// to when that stands, otherwise kept by called name (through a repository import) or by member
// name, for the walk to match against a symbol later.
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import { importBindings, importInScope } from "../index/import-in-scope.ts";
import { methodOnNew, type ClassMethods } from "./class-methods.ts";
import type { ImportEdges } from "./import-edges.ts";
import { importsLead, moduleImported } from "./imports-lead.ts";
import type { IncomingEdges } from "./incoming-edge-types.ts";

type CallEdges = Pick<IncomingEdges, "into" | "byName" | "byMember" | "throughImport">;

export function callEdges(
  index: CodeIndex,
  testFile: ReadonlySet<string>,
  imports: Pick<ImportEdges, "importedName" | "importsOf">,
  classes: ClassMethods,
): CallEdges {
  const into: IncomingEdges["into"] = new Map();
  const byName: IncomingEdges["byName"] = new Map();
  const byMember: IncomingEdges["byMember"] = new Map();
  const throughImport: IncomingEdges["throughImport"] = new Map();
  // Several imports of one name when functions import it from different modules (`from ._cached
  // import _wrapper` in one, `from ._cachedmethod import _wrapper` in another).
  const internal = importBindings(index);
  const paths = new Set(index.files.map((f) => f.path));
  const { importedName, importsOf } = imports;
  const fileOf = new Map(index.symbols.map((s) => [s.id, s.file]));
  const definedIn = new Set(index.symbols.map((s) => `${s.file}\0${s.name}`));
  const scopes = functionsByFile(index);
  for (const call of index.calls) {
    const edge = {
      from: call.from,
      file: call.file,
      line: call.line,
      ...(call.value ? { value: true as const } : {}),
    };
    const parts = call.calleeName.split(".");
    const name = parts.pop() ?? "";
    const through = parts.length === 0 ? name : parts.join(".");
    const resolvedFile = importInScope(
      internal.get(call.file)?.get(through),
      scopes.get(call.file),
      call.line,
    );
    const imported = resolvedFile !== undefined;
    if (imported) push(throughImport, name, { ...edge, resolved: resolvedFile });
    // A name the file imports from the repository cannot mean a definition of that same file (a
    // `describe("withBase")` block titled like the imported `withBase` it tests), nor one of
    // another module than the import in scope when that module defines the name itself: such an
    // edge is taken by name, like an unresolved one. A module that only re-exports (a package's
    // `__init__.py`, an `index.ts`) defines nothing of it, so the index's resolution stands.
    const target = call.to ? fileOf.get(call.to) : undefined;
    const otherModule = target !== resolvedFile && definedIn.has(`${resolvedFile ?? ""}\0${name}`);
    // Nor a definition in a test file the import does not lead to: the index's name fallback takes
    // `const { isMatch } = require('..')` for another test file's local `isMatch` wrapper.
    const inOtherTest = target !== undefined && target !== resolvedFile && testFile.has(target);
    // Nor a definition in a file the imported module cannot hand on: `REGEX_SPECIAL_CHARS.test(s)`
    // with that regex from a constants module that imports nothing is no call of the project's
    // `picomatch.test`, which the index took it for as the one method so named. A Python package's
    // submodule bound by `from pkg import helpers` is reached through itself, not the package.
    const module =
      resolvedFile === undefined
        ? undefined
        : moduleImported(resolvedFile, importedName.get(`${call.file}\0${through}`) ?? through, paths);
    const outOfReach =
      target !== undefined &&
      module !== undefined &&
      target !== resolvedFile &&
      target !== module &&
      !importsLead(importsOf, module, target);
    const onNew = call.to ? null : methodOnNew(through, name, call.file, internal.get(call.file), classes);
    const resolved =
      onNew ??
      (call.to && !(imported && (target === call.file || otherModule || inOtherTest || outOfReach))
        ? call.to
        : null);
    if (resolved && resolved !== call.from) push(into, resolved, edge);
    if (resolved) continue;
    if (imported) push(byName, name, { ...edge, resolved: resolvedFile });
    else if (parts.length > 0 && !through.includes("(")) push(byMember, name, edge);
  }
  return { into, byName, byMember, throughImport };
}

/** Each file's functions and methods: the scopes an import inside a function is local to. */
function functionsByFile(index: CodeIndex): Map<string, CodeSymbol[]> {
  const scopes = new Map<string, CodeSymbol[]>();
  for (const s of index.symbols) {
    if (s.kind !== "function" && s.kind !== "method") continue;
    const list = scopes.get(s.file);
    if (list) list.push(s);
    else scopes.set(s.file, [s]);
  }
  return scopes;
}

function push<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}
