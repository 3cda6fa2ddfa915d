// Call edges through dynamic dispatch: `this[node.type](node)`, `lexStates[state]()`,
// `handlers[name].call(ctx, x)`. The index records no callee for a computed member (nothing names
// it), so what a failing test reaches through a visitor or a handler table was invisible to the
// reach signals. A dispatch site gets an edge to every function its table can hold: the methods of
// the caller's class and its subclasses for `this[...]`; for `table[...]`, the functions of an
// object literal `table = { ... }`, of assignments `table.x = f` / `table['x'] = f` in the same file,
// else of an object or class named `table` elsewhere. A table holding more than MAX_TARGETS
// functions says little about which one ran: its site gets no edge.
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import { isCallable, type SymbolLookup } from "../index/symbol-lookup.ts";

const NAME = String.raw`[A-Za-z_$][\w$]*`;
// `recv[expr](`, `recv[expr].call(`, `recv[expr].apply(`: one bracket level, as dispatch is written.
const SITE = new RegExp(
  String.raw`(${NAME}(?:\.${NAME})*)\s*\[[^\[\]]+\]\s*(?:\.\s*(?:call|apply)\s*)?\(`,
  "g",
);
const JS_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const PY_FILE = /\.pyi?$/;
// Python's `getattr(self, name ...)` with a name built from a literal prefix in the same function
// (`method = 'visit_' + type`): the class's methods of that prefix. Without a prefix it is an
// attribute read (`getattr(self, field)`), not a dispatch.
const PY_SITE = /\bgetattr\(\s*(?:self|cls)\s*,\s*(?!['"\s])/;
const PY_PREFIX =
  /(?:(['"])([A-Za-z_]\w*)\1\s*\+|\bf(['"])([A-Za-z_]\w*)\{|(['"])([A-Za-z_]\w*)(?:%s|\{\})\5)/;
const COMMENT = /^\s*(?:\/\/|\/?\*)/;
const SELF = new Set(["this", "self"]);
/** More candidates than this and a site is a generic walker: an edge to each says nothing. */
export const MAX_TARGETS = 8;
/** Subclass levels followed from the dispatching class (`this[...]` runs a subclass's methods). */
const MAX_SUBCLASS_DEPTH = 4;

/** Caller id -> ids of the functions its dispatch sites may call. */
export type DispatchEdges = Map<string, Set<string>>;

export function dispatchEdges(index: CodeIndex, lookup: SymbolLookup, readLines: ReadLines): DispatchEdges {
  const out: DispatchEdges = new Map();
  const subclasses = subclassesByName(index);
  for (const file of index.files) {
    if (file.isTest || lookup.isPeripheral(file.path)) continue;
    const python = PY_FILE.test(file.path);
    if (!python && !JS_FILE.test(file.path)) continue;
    const lines = readLines(file.path);
    if (!lines) continue;
    const link = (caller: CodeSymbol, targets: readonly string[]) => {
      const callees = targets.filter((id) => id !== caller.id);
      if (callees.length === 0 || callees.length > MAX_TARGETS) return;
      const set = out.get(caller.id) ?? new Set<string>();
      for (const id of callees) set.add(id);
      out.set(caller.id, set);
    };
    if (python) {
      lines.forEach((line, i) => {
        if (!PY_SITE.test(line)) return;
        const caller = lookup.enclosing(file.path, i + 1);
        if (!caller || !isCallable(caller)) return;
        const prefix = methodPrefix(lines, caller);
        if (!prefix) return;
        const methods = classMethods(caller, lookup, subclasses);
        link(
          caller,
          methods.filter((id) => lookup.byId(id)?.name.startsWith(prefix)),
        );
      });
      continue;
    }
    const tables = new Map<string, string[]>();
    lines.forEach((line, i) => {
      if (COMMENT.test(line)) return;
      for (const m of line.matchAll(SITE)) {
        const caller = lookup.enclosing(file.path, i + 1);
        if (!caller || !isCallable(caller)) continue;
        const receiver = m[1]!;
        const last = receiver.slice(receiver.lastIndexOf(".") + 1);
        let targets: string[];
        if (SELF.has(receiver)) targets = classMethods(caller, lookup, subclasses);
        else {
          const known = tables.get(last);
          targets = known ?? tableFunctions(last, file.path, lines, lookup);
          if (!known) tables.set(last, targets);
        }
        link(caller, targets);
      }
    });
  }
  return out;
}

/** The literal prefix the caller builds a method name from, if it builds one. */
function methodPrefix(lines: readonly string[], caller: CodeSymbol): string | null {
  for (let i = caller.startLine - 1; i < caller.endLine && i < lines.length; i++) {
    const m = PY_PREFIX.exec(lines[i]!);
    if (m) return m[2] ?? m[4] ?? m[6] ?? null;
  }
  return null;
}

/** Class name -> the classes that name it as a base (by the base's last part). */
function subclassesByName(index: CodeIndex): Map<string, CodeSymbol[]> {
  const out = new Map<string, CodeSymbol[]>();
  for (const s of index.symbols)
    for (const base of s.bases ?? []) {
      const name = base.slice(base.lastIndexOf(".") + 1);
      const list = out.get(name);
      if (list) list.push(s);
      else out.set(name, [s]);
    }
  return out;
}

/** The methods of the caller's class and of the classes below it: what `this[x]` can run. */
function classMethods(
  caller: CodeSymbol,
  lookup: SymbolLookup,
  subclasses: ReadonlyMap<string, readonly CodeSymbol[]>,
): string[] {
  const owner = caller.parent ? lookup.byId(caller.parent) : undefined;
  if (!owner) return [];
  const classes = new Map([[owner.id, owner]]);
  let frontier = [owner];
  for (let depth = 0; depth < MAX_SUBCLASS_DEPTH && frontier.length > 0; depth++) {
    const next: CodeSymbol[] = [];
    for (const cls of frontier)
      for (const sub of subclasses.get(cls.name) ?? [])
        if (!classes.has(sub.id)) {
          classes.set(sub.id, sub);
          next.push(sub);
        }
    frontier = next;
  }
  const ids: string[] = [];
  for (const cls of classes.values())
    for (const s of lookup.symbolsIn(cls.file))
      if (s.parent === cls.id && isCallable(s) && !lookup.isTest(s.file)) ids.push(s.id);
  return ids;
}

/**
 * The functions a table named `name` holds: in this file, the members of `name = { ... }` and the
 * functions assigned as `name.x = ...` / `name['x'] = ...`; when this file defines none, the members
 * of an object or class named `name` anywhere.
 */
function tableFunctions(
  name: string,
  path: string,
  lines: readonly string[],
  lookup: SymbolLookup,
): string[] {
  const esc = name.replace(/\$/g, "\\$");
  const open = new RegExp(String.raw`(?:^|[^\w$.])${esc}\s*=\s*\{`);
  const assign = new RegExp(
    String.raw`(?:^|[^\w$.])${esc}\s*(?:\.\s*${NAME}|\[\s*(['"])${NAME}\1\s*\])\s*=\s*(?!=)(.*)$`,
  );
  const inFile = lookup.symbolsIn(path).filter((s) => isCallable(s));
  const ids = new Set<string>();
  const byNameHere = (ref: string) => {
    for (const s of inFile) if (s.name === ref && !isNestedIn(s, lookup)) ids.add(s.id);
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (open.test(line)) {
      const end = closingLine(lines, i);
      // Members declared in the literal (`f() {}`, `f: function () {}`), not functions nested in them.
      const members = inFile.filter((s) => s.startLine > i && s.startLine <= end + 1);
      const starts = new Set(members.map((s) => s.id));
      for (const s of members) if (!s.parent || !starts.has(s.parent)) ids.add(s.id);
      // `key: ref,` entries naming a function of this file.
      for (let j = i + 1; j <= end && j < lines.length; j++) {
        const ref = /^\s*['"]?[\w$]+['"]?\s*:\s*([A-Za-z_$][\w$]*)\s*,?\s*$/.exec(lines[j]!)?.[1];
        if (ref) byNameHere(ref);
      }
      i = end;
      continue;
    }
    const m = assign.exec(line);
    if (!m) continue;
    const declared = inFile.filter((s) => s.startLine === i + 1);
    if (declared.length > 0) for (const s of declared) ids.add(s.id);
    else {
      const ref = /^([A-Za-z_$][\w$]*)\s*;?\s*$/.exec(m[2]!.trim())?.[1];
      if (ref) byNameHere(ref);
    }
  }
  if (ids.size > 0) return [...ids];
  // An object or class of that name declared elsewhere (`export const attributeRules = { ... }`).
  const owners = lookup.byName(name).filter((s) => !isCallable(s) || s.kind === "class");
  const out: string[] = [];
  for (const owner of owners)
    for (const s of lookup.symbolsIn(owner.file))
      if (s.parent === owner.id && isCallable(s) && !lookup.isTest(s.file)) out.push(s.id);
  return out;
}

/** The line that closes the brace opened on line `start` (0-based), by brace balance. */
function closingLine(lines: readonly string[], start: number): number {
  let depth = 0;
  for (let i = start; i < lines.length; i++) {
    for (const ch of lines[i]!)
      if (ch === "{") depth++;
      else if (ch === "}") depth--;
    if (depth <= 0) return i;
  }
  return lines.length - 1;
}

/** Declared inside a function: a local helper, not a table's entry by its bare name. */
function isNestedIn(symbol: CodeSymbol, lookup: SymbolLookup): boolean {
  const parent = symbol.parent ? lookup.byId(symbol.parent) : undefined;
  return parent !== undefined && isCallable(parent);
}
