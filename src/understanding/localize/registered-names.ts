// Functions reached through a name that is data: registered under a string (`bind('merge',
// defineFunction(fn.merge, sig))`, `register("x", handler)`, `table['x'] = fn`, `{ 'x': fn }`) or
// found by a dispatcher that builds a method name from a prefix and data (`getattr(self, 'visit_' +
// name)`, `this['on' + type]`, `` `on${type}` ``). No call edge reaches them; a failing test that
// spells the name (`$merge(...)`, `test_ptr_decl` for `visit_PtrDecl`) is what says they ran.
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import { isCallable, type SymbolLookup } from "../index/symbol-lookup.ts";
import { importedNames, isNested, targets, type FileScope } from "./registered-targets.ts";

const NAME = String.raw`[A-Za-z_$][\w$]*`;
const REF = String.raw`${NAME}(?:\.${NAME})*`;
// A key written as a string may join words (`'font-weight'`, `"text.plain"`, `'on:click'`): a name
// for data, not for code, so nothing else spells it.
const KEY = String.raw`[A-Za-z_$][\w$]*(?:[-.:][\w$]+)*`;
// `f('name', ref` or `f('name', wrap(ref`: a registration call.
const CALL_REGISTRATION = new RegExp(
  String.raw`[\w$.]\(\s*(['"])(${KEY})\1\s*,\s*(?:${REF}\(\s*)?(${REF})\s*[,)]`,
  "g",
);
// A whole line `'name': ref,` / `name: ref,` / `['name']: ref,` (an object or dict table) or
// `t['name'] = ref;`. The tails are `\s*(?:,\s*)?$`, not `\s*,?\s*$`: two adjacent `\s*` backtrack
// quadratically on a long run of trailing blanks.
const TABLE_ENTRY = new RegExp(
  String.raw`^\s*(?:(${NAME})|(['"])(${KEY})\2|\[\s*(['"\x60])(${KEY})\4\s*\])\s*:\s*(${REF})\s*(?:,\s*)?$`,
);
const SUBSCRIPT_ENTRY = new RegExp(String.raw`\[\s*(['"])(${KEY})\1\s*\]\s*=\s*(${REF})\s*(?:;\s*)?$`);
// A method name built from a literal prefix and data: `'visit_' + x`, `'_func_%s' % x`,
// `f'visit_{x}'`, `'on{}'.format(x)`, `` `on${x}` ``, `name.startswith('_func_')`.
const DISPATCH_PREFIX =
  /(?:(['"])([A-Za-z_$][\w$]*)\1\s*\+|(['"])([A-Za-z_$][\w$]*)(?:%s|\{\})\3|\bf(['"])([A-Za-z_$][\w$]*)\{|`([A-Za-z_$][\w$]*)\$\{|startswith\(\s*(['"])([A-Za-z_$][\w$]*)\8\s*\))/g;
const PREFIX_WORD = /[A-Za-z].*[A-Za-z]/;
// Fewer handlers than this sharing a prefix is a coincidence of names, not a dispatch table.
const MIN_HANDLERS = 3;
// The signal matches a one-word alias among a test name's identifiers of 3 or more characters
// (identifiersIn) and a compound one by parts of 2 or more: a shorter alias (`If`, `eq`) never matches.
const MIN_ALIAS = 3;
// A handler's own part of its name (`visit_If`'s `If`) still counts toward MIN_HANDLERS when shorter.
const MIN_SUFFIX = 2;
// An exports object opened on this line (`__all__` lists strings, never a `key: ref` entry).
const EXPORTS_OPEN = /(?:\bmodule\.exports|^\s*exports)\s*=\s*\{|\bexport\s+default\s*\{/;
// `getattr(self, 'visit_' + x)`, `this['on' + x]`: what makes `'word' +` a method name, not text
// (`'http' + host`).
const DISPATCH_CALL = /\b(?:getattr|hasattr)\s*\(/;

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
    const lines = readLines(file.path) ?? [];
    const scope: FileScope = {
      path: file.path,
      imported: importedBy.get(file.path),
      callables: new Set(
        lookup
          .symbolsIn(file.path)
          .filter(isCallable)
          .map((s) => s.name),
      ),
    };
    const inScope = (ref: string) => targets(ref, scope, lookup);
    // `module.exports = { parse: decode }` renames for callers, who reach it by a call edge. Depth
    // counts braces so that a nested `},` does not end the object and a one-line one never opens it.
    let exportsDepth = 0;
    for (const line of lines) {
      if (exportsDepth > 0) exportsDepth = Math.max(0, exportsDepth + braceBalance(line));
      else if (EXPORTS_OPEN.test(line)) exportsDepth = Math.max(0, braceBalance(line));
      for (const m of line.matchAll(CALL_REGISTRATION)) add(m[2]!, inScope(m[3]!));
      const entry = exportsDepth > 0 ? null : TABLE_ENTRY.exec(line);
      if (entry) add((entry[1] ?? entry[3] ?? entry[5])!, inScope(entry[6]!));
      const subscript = SUBSCRIPT_ENTRY.exec(line);
      if (subscript) add(subscript[2]!, inScope(subscript[3]!));
    }
    for (const prefix of dispatchPrefixes(lines)) prefixes.add(prefix);
  }
  const callables = sortedCallables(index, lookup);
  for (const prefix of prefixes) {
    // `'_' + name` (webob) would alias every private method: a prefix names a kind of handler.
    if (!PREFIX_WORD.test(prefix)) continue;
    const handlers = withPrefix(callables, prefix).filter((s) => s.name.length - prefix.length >= MIN_SUFFIX);
    if (handlers.length < MIN_HANDLERS) continue;
    for (const s of handlers) add(s.name.slice(prefix.length), [s.id]);
  }
  for (const [alias, ids] of out) if (namesAnother(alias, ids, lookup)) out.delete(alias);
  return out;
}

/** `{` minus `}` on a line (braces inside strings are rare enough on an exports line to ignore). */
function braceBalance(line: string): number {
  let balance = 0;
  for (const ch of line)
    if (ch === "{") balance++;
    else if (ch === "}") balance--;
  return balance;
}

/**
 * The literal prefixes a file builds method names from. `'word' +` counts only in a dispatch
 * context: on a getattr/hasattr line, inside `[...]`, or assigned to a variable the file then passes
 * to getattr/hasattr or subscripts with (pycparser's `method = 'visit_' + ...` then `getattr(self,
 * method, ...)`); anywhere else it is string concatenation (`'http' + host`).
 */
function dispatchPrefixes(lines: readonly string[]): Set<string> {
  const out = new Set<string>();
  const pending = new Map<string, string[]>();
  for (const line of lines) {
    for (const m of line.matchAll(DISPATCH_PREFIX)) {
      if (m[2] === undefined) {
        out.add(m[4] ?? m[6] ?? m[7] ?? m[9]!);
        continue;
      }
      const before = line.slice(0, m.index);
      if (DISPATCH_CALL.test(line) || /\[\s*$/.test(before)) out.add(m[2]);
      else {
        const variable = new RegExp(String.raw`(${NAME})\s*=\s*$`).exec(before)?.[1];
        if (variable) pending.set(variable, [...(pending.get(variable) ?? []), m[2]]);
      }
    }
  }
  if (pending.size === 0) return out;
  for (const [variable, words] of pending) {
    const used = new RegExp(
      String.raw`\b(?:getattr|hasattr)\s*\([^,()]*,\s*${escape(variable)}\b|\[\s*${escape(variable)}\s*\]`,
    );
    if (lines.some((line) => used.test(line))) for (const word of words) out.add(word);
  }
  return out;
}

function escape(name: string): string {
  return name.replace(/\$/g, "\\$");
}

/** Callable non-test symbols sorted by name, so that a prefix is a contiguous range. */
function sortedCallables(index: CodeIndex, lookup: SymbolLookup): CodeSymbol[] {
  return index.symbols
    .filter((s) => isCallable(s) && !lookup.isTest(s.file))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function withPrefix(sorted: readonly CodeSymbol[], prefix: string): CodeSymbol[] {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]!.name < prefix) low = mid + 1;
    else high = mid;
  }
  const out: CodeSymbol[] = [];
  for (let i = low; i < sorted.length && sorted[i]!.name.startsWith(prefix); i++) out.push(sorted[i]!);
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
