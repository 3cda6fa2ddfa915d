// What a reference written in a registration (`register('x', fn.merge)`, `'font-weight': fontWeight`)
// names: the function it runs, through the file's own functions and its imports (registered-names.ts).
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import { isCallable, type SymbolLookup } from "../index/symbol-lookup.ts";

// A reference naming more functions than this is too common a name to bind.
const MAX_TARGETS = 3;
// `export default function run() {}`, `module.exports = function () {}`: what a default import or a
// `require()` of the file returns, when the index did not mark it (a symbol's `defaultExport`).
const MODULE_VALUE = /^(?:export\s+default\b|module\.exports\s*=)/;
const reserved = new Set([
  "function",
  "async",
  "this",
  "self",
  "true",
  "false",
  "null",
  "None",
  "new",
  "lambda",
]);

/** A local name a file imports: its name in the module it comes from, and that module's file. */
export interface ImportedName {
  /** "default" for a default import, "*" for the module itself (`require()`, `import x`). */
  name: string;
  from: string | null;
}

export interface FileScope {
  path: string;
  imported: ReadonlyMap<string, ImportedName> | undefined;
  /** Names of the functions this file declares. */
  callables: ReadonlySet<string>;
}

/**
 * The functions a reference as written names: `fn.merge` by its last part, the shallowest; a bare
 * `handler` only a function of this file or one it imports, by the name it was declared under
 * (`import { shout as yell }`: `yell` is `shout`; `import fontWeight from './font-weight.js'`: the
 * module's default export); any other bare name is a local value.
 */
export function targets(ref: string, scope: FileScope, lookup: SymbolLookup): string[] {
  const last = ref.slice(ref.lastIndexOf(".") + 1);
  if (reserved.has(last) || reserved.has(ref)) return [];
  const bare = last === ref;
  const viaImport = bare && !scope.callables.has(last);
  const imported = viaImport ? scope.imported?.get(last) : undefined;
  if (viaImport && imported === undefined) return [];
  const wholeModule = imported?.name === "default" || imported?.name === "*";
  if (wholeModule && imported?.from) {
    const value = moduleValue(imported.from, lookup);
    if (value) return [value.id];
  }
  const name = imported && !wholeModule ? imported.name : last;
  const found = lookup
    .byName(name)
    .filter((s) => isCallable(s) && !lookup.isTest(s.file) && !(bare && s.kind === "method"))
    // `visitor.Node` names what a caller passed, and `node: Node,` a type, not a callback some
    // function declares inside itself.
    .filter((s) => !isNested(s, lookup));
  if (found.length === 0) return [];
  const depth = (s: CodeSymbol) => s.qualifiedName.split(".").length;
  // A loop, not Math.min(...spread): a spread of ~130k arguments overflows the stack.
  let shallowest = Infinity;
  for (const s of found) shallowest = Math.min(shallowest, depth(s));
  const chosen = found.filter((s) => depth(s) === shallowest);
  return chosen.length > MAX_TARGETS ? [] : chosen.map((s) => s.id);
}

/** The function a module hands out as itself: its default export or `module.exports`. */
function moduleValue(file: string, lookup: SymbolLookup): CodeSymbol | undefined {
  return lookup
    .symbolsIn(file)
    .find(
      (s) =>
        s.parent === null &&
        isCallable(s) &&
        (s.name === "default" || s.defaultExport === true || MODULE_VALUE.test(s.signature)),
    );
}

/** Declared inside a function or method: a local helper or callback. */
export function isNested(symbol: CodeSymbol, lookup: SymbolLookup): boolean {
  const parent = symbol.parent ? lookup.byId(symbol.parent) : undefined;
  return parent !== undefined && isCallable(parent);
}

/**
 * File -> its imported local names, each with the name it has in its module and that module's file.
 * An import without bindings keeps the local name.
 */
export function importedNames(index: CodeIndex): Map<string, Map<string, ImportedName>> {
  const out = new Map<string, Map<string, ImportedName>>();
  for (const ref of index.imports) {
    const names = out.get(ref.file) ?? new Map<string, ImportedName>();
    for (const name of ref.names) if (!names.has(name)) names.set(name, { name, from: ref.resolved });
    for (const { local, imported } of ref.bindings ?? [])
      names.set(local, { name: imported, from: ref.resolved });
    out.set(ref.file, names);
  }
  return out;
}
