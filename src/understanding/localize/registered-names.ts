// Functions reached through a name that is data: registered under a string (`bind('merge',
// defineFunction(fn.merge, sig))`, `register("x", handler)`, `table['x'] = fn`, `{ 'x': fn }`) or
// found by a dispatcher that builds a method name from a prefix and data (`getattr(self, 'visit_' +
// name)`, `this['on' + type]`, `` `on${type}` ``). No call edge reaches them; a failing test that
// spells the name (`$merge(...)`, `test_ptr_decl` for `visit_PtrDecl`) is what says they ran.
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import { isCallable, type SymbolLookup } from "../index/symbol-lookup.ts";

const NAME = String.raw`[A-Za-z_$][\w$]*`;
const REF = String.raw`${NAME}(?:\.${NAME})*`;
// `f('name', ref` or `f('name', wrap(ref`: a registration call.
const CALL_REGISTRATION = new RegExp(
  String.raw`[\w$.]\(\s*(['"])(${NAME})\1\s*,\s*(?:${REF}\(\s*)?(${REF})\s*[,)]`,
  "g",
);
// A whole line `'name': ref,` / `name: ref,` (an object or dict table) or `t['name'] = ref;`.
const TABLE_ENTRY = new RegExp(String.raw`^\s*(['"]?)(${NAME})\1\s*:\s*(${REF})\s*,?\s*$`);
const SUBSCRIPT_ENTRY = new RegExp(String.raw`\[\s*(['"])(${NAME})\1\s*\]\s*=\s*(${REF})\s*;?\s*$`);
// A method name built from a literal prefix and data: `'visit_' + x`, `'_func_%s' % x`,
// `f'visit_{x}'`, `'on{}'.format(x)`, `` `on${x}` ``, `name.startswith('_func_')`.
const DISPATCH_PREFIX =
  /(?:(['"])([A-Za-z_$][\w$]*)\1\s*\+|(['"])([A-Za-z_$][\w$]*)(?:%s|\{\})\3|\bf(['"])([A-Za-z_$][\w$]*)\{|`([A-Za-z_$][\w$]*)\$\{|startswith\(\s*(['"])([A-Za-z_$][\w$]*)\8\s*\))/g;
const PREFIX_WORD = /[A-Za-z].*[A-Za-z]/;
// Fewer handlers than this sharing a prefix is a coincidence of names, not a dispatch table.
const MIN_HANDLERS = 3;
const MIN_ALIAS = 2;
// A reference naming more functions than this is too common a name to bind.
const MAX_TARGETS = 3;
const EXPORTS_OPEN = /(?:\bmodule\.exports|^\s*exports)\s*=\s*\{|\bexport\s+default\s*\{|^__all__\s*=/;
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

/** Registration name -> ids of the functions registered or dispatched under it. */
export type RegisteredNames = Map<string, Set<string>>;

export function registeredNames(
  index: CodeIndex,
  lookup: SymbolLookup,
  readLines: ReadLines,
): RegisteredNames {
  const out: RegisteredNames = new Map();
  const add = (alias: string, ids: readonly string[]) => {
    if (alias.length < MIN_ALIAS || ids.length === 0) return;
    const set = out.get(alias) ?? new Set<string>();
    for (const id of ids) set.add(id);
    out.set(alias, set);
  };
  const prefixes = new Set<string>();
  const importedBy = importedNames(index);
  for (const file of index.files) {
    if (file.isTest || lookup.isPeripheral(file.path)) continue;
    const inScope = (ref: string) => targets(ref, file.path, importedBy.get(file.path), lookup);
    // `module.exports = { parse: decode }` renames for callers, who reach it by a call edge.
    let inExports = false;
    for (const line of readLines(file.path) ?? []) {
      if (EXPORTS_OPEN.test(line)) inExports = true;
      else if (inExports && /^\s*\}/.test(line)) inExports = false;
      for (const m of line.matchAll(CALL_REGISTRATION)) add(m[2]!, inScope(m[3]!));
      const entry = (inExports ? null : TABLE_ENTRY.exec(line)) ?? SUBSCRIPT_ENTRY.exec(line);
      if (entry) add(entry[2]!, inScope(entry[3]!));
      for (const m of line.matchAll(DISPATCH_PREFIX)) prefixes.add(m[2] ?? m[4] ?? m[6] ?? m[7] ?? m[9]!);
    }
  }
  for (const prefix of prefixes) {
    // `'_' + name` (webob) would alias every private method: a prefix names a kind of handler.
    if (!PREFIX_WORD.test(prefix)) continue;
    const handlers = index.symbols.filter(
      (s) =>
        isCallable(s) &&
        s.name.startsWith(prefix) &&
        s.name.length - prefix.length >= MIN_ALIAS &&
        !lookup.isTest(s.file),
    );
    if (handlers.length < MIN_HANDLERS) continue;
    for (const s of handlers) add(s.name.slice(prefix.length), [s.id]);
  }
  for (const [alias, ids] of out) if (namesAnother(alias, ids, lookup)) out.delete(alias);
  return out;
}

/**
 * Another function bears the alias as its own name (hast's `head` beside a table's `head:
 * headOrColgroupOrCaption`): a test spelling it may mean that one, which the name signals credit.
 * A function nested in another is a local helper, not what a test names.
 */
function namesAnother(alias: string, ids: ReadonlySet<string>, lookup: SymbolLookup): boolean {
  return lookup
    .byName(alias)
    .some(
      (s) =>
        !ids.has(s.id) && s.name === alias && isCallable(s) && !lookup.isTest(s.file) && !isNested(s, lookup),
    );
}

/** Declared inside a function or method: a local helper or callback. */
function isNested(symbol: CodeSymbol, lookup: SymbolLookup): boolean {
  const parent = symbol.parent ? lookup.byId(symbol.parent) : undefined;
  return parent !== undefined && isCallable(parent);
}

/**
 * The functions a reference as written names: `fn.merge` by its last part, the shallowest; a bare
 * `handler` only a function of this file or one it imports by that name (else it is a local value).
 */
function targets(
  ref: string,
  file: string,
  imported: ReadonlySet<string> | undefined,
  lookup: SymbolLookup,
): string[] {
  const name = ref.slice(ref.lastIndexOf(".") + 1);
  if (reserved.has(name) || reserved.has(ref)) return [];
  const bare = name === ref;
  if (bare && !imported?.has(name) && !lookup.symbolsIn(file).some((s) => s.name === name && isCallable(s)))
    return [];
  const found = lookup
    .byName(name)
    .filter((s) => isCallable(s) && !lookup.isTest(s.file) && !(bare && s.kind === "method"))
    // `visitor.Node` names what a caller passed, and `node: Node,` a type, not a callback some
    // function declares inside itself.
    .filter((s) => !isNested(s, lookup));
  if (found.length === 0) return [];
  const depth = (s: CodeSymbol) => s.qualifiedName.split(".").length;
  const shallowest = Math.min(...found.map(depth));
  const chosen = found.filter((s) => depth(s) === shallowest);
  return chosen.length > MAX_TARGETS ? [] : chosen.map((s) => s.id);
}

/** File -> the local names its imports bind. */
function importedNames(index: CodeIndex): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const ref of index.imports) {
    const names = out.get(ref.file) ?? new Set<string>();
    for (const name of ref.names) names.add(name);
    out.set(ref.file, names);
  }
  return out;
}
