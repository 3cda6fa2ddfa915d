// The places at the head that refer to one symbol: calls, constructor calls, uses as a value (a
// constant in an expression, a function passed along), uses as a type and re-exports. A use counts
// only when it goes through a binding of the symbol (symbol-providers.ts) or through `this`/`self`
// or its class; the index's resolved call edges are added for languages the scan does not read.
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import { languageOf } from "../index/languages.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import { definesMember, maxLevels } from "./class-hierarchy.ts";
import type { IdentifierUse, UseKind } from "./identifier-uses.ts";
import type { ModuleShapes } from "./module-shapes.ts";
import { factoryReceiver, returnsOwnInstance } from "./factory-methods.ts";
import { symbolProviders } from "./symbol-providers.ts";

export interface Reference {
  /** Qualified name of the symbol the use is in; null for top-level code. */
  caller: string | null;
  callerId: string | null;
  path: string;
  line: number;
  use: UseKind;
}

export type UsesIn = (file: string) => readonly IdentifierUse[];

const selfNames = new Set(["this", "self", "cls", "super"]);
const ownerKinds = new Set(["class", "interface", "type", "module"]);
const noUses: readonly IdentifierUse[] = [];

/** Names whose uses must be scanned to find the symbol's references. */
export function namesToScan(index: CodeIndex, symbol: CodeSymbol, lookup: SymbolLookup): string[] {
  const names = new Set([symbol.name]);
  for (const ref of index.imports)
    for (const b of ref.bindings ?? []) if (b.imported === symbol.name) names.add(b.local);
  const parent = symbol.parent ? lookup.byId(symbol.parent) : undefined;
  if (parent) names.add(parent.name);
  return [...names];
}

export function symbolReferences(
  index: CodeIndex,
  lookup: SymbolLookup,
  symbol: CodeSymbol,
  usesIn: UsesIn,
  shapes: ModuleShapes | null = null,
): Reference[] {
  // Only a class-like owner makes a member: a function nested in a function is used by bare name.
  const enclosing = symbol.parent ? (lookup.byId(symbol.parent) ?? null) : null;
  const parent = enclosing && ownerKinds.has(enclosing.kind) ? enclosing : null;
  const own = symbolProviders(index, symbol, shapes);
  const owner = parent ? symbolProviders(index, parent, shapes) : null;
  let uniqueMethod =
    parent !== null && lookup.byName(symbol.name).filter((s) => s.kind === "method").length === 1;
  const isFactory = (name: string) =>
    parent !== null &&
    lookup
      .symbolsIn(parent.file)
      .some((m) => m.parent === parent.id && m.name === name && returnsOwnInstance(m, parent));
  const seen = new Map<string, Reference>();
  // Lines where the name is read from a local binding: the index's call edge there (resolved by
  // name, without scopes) is not a reference either.
  const shadowed = new Set<string>();
  const files = new Set([
    ...own.names.keys(),
    ...own.modules.keys(),
    ...(owner ? [...owner.names.keys()] : []),
  ]);
  if (uniqueMethod) for (const f of index.files) files.add(f.path);
  // A method name the code also sets on other objects (`wrapper.cache_key = key`, a decorator's
  // function given attributes) is not unique after all: a receiver of unknown type may be one of them.
  if (uniqueMethod && [...files].some((f) => (usesIn(f) ?? noUses).some((u) => setsOnObject(u, symbol.name))))
    uniqueMethod = false;
  // Classes that inherit the member: `self.cache_key` in a subclass's method that does not
  // define `cache_key` itself reads the parent's.
  const heirs = parent && symbol.kind === "method" ? inheritors(index, lookup, parent, symbol.name) : [];
  for (const h of heirs) files.add(h.file);
  for (const file of files) {
    for (const u of usesIn(file) ?? noUses) {
      if (u.name !== symbol.name && !own.names.get(file)?.has(u.name)) continue;
      // The definition's own header names it (`Route.prototype.m = function m`, or over two lines
      // `exports.area =` / `function area (n) {`); a use further inside its body is a recursive call
      // or a self-construction (`return new Layer(...)`), a reference.
      if (file === symbol.file && inHeader(u, symbol)) continue;
      // A local receiver matters only where its name would otherwise be the module or the class
      // (`def f(toml): toml.loads()`); `s.inc()` on a local `s` is a call on some object.
      const namedReceiver =
        u.receiver === null ||
        Boolean(own.modules.get(file)?.has(u.receiver)) ||
        Boolean(owner?.names.get(file)?.has(u.receiver.split(".")[0] ?? ""));
      if (namedReceiver && readsLocal(u, file, symbol)) {
        shadowed.add(`${file}:${u.line}`);
        continue;
      }
      const inherited =
        u.receiver !== null &&
        selfNames.has(u.receiver) &&
        heirs.some((h) => h.file === file && h.startLine <= u.line && u.line <= h.endLine);
      if (!inherited && !refersTo(u, file, symbol, parent, own, owner, uniqueMethod, isFactory)) continue;
      const at = lookup.enclosing(file, u.line);
      const use: UseKind = u.use === "call" && symbol.kind === "class" ? "constructor" : u.use;
      seen.set(`${file}:${u.line}`, {
        caller: at?.qualifiedName ?? null,
        callerId: at?.id ?? null,
        path: file,
        line: u.line,
        use,
      });
    }
  }
  for (const call of index.calls) {
    const at = `${call.file}:${call.line}`;
    if (call.to !== symbol.id || seen.has(at) || shadowed.has(at)) continue;
    const from = call.from ? lookup.byId(call.from) : undefined;
    const use: UseKind = symbol.kind === "class" ? "constructor" : "call";
    seen.set(`${call.file}:${call.line}`, {
      caller: from?.qualifiedName ?? null,
      callerId: from?.id ?? null,
      path: call.file,
      line: call.line,
      use,
    });
  }
  return [...seen.values()].sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line);
}

/**
 * The use is the definition naming itself: on its first line, or on a later line before the body
 * begins. A Python body line is its first statement, already body; a braced body's line is where
 * `{` opens (`function area (n) {`), header too except for a call there, already inside the body.
 */
function inHeader(u: IdentifierUse, symbol: CodeSymbol): boolean {
  if (u.line === symbol.startLine) return true;
  const body = symbol.bodyLine;
  if (body === undefined || u.line < symbol.startLine || u.line > body) return false;
  if (u.line < body) return true;
  return languageOf(symbol.file) !== "python" && u.use !== "call" && u.use !== "constructor";
}

/** `x.name = v` on a plain variable that is not `this`/`self`: an attribute of some object. */
function setsOnObject(u: IdentifierUse, name: string): boolean {
  return (
    u.assigned &&
    u.name === name &&
    u.receiver !== null &&
    /^[\w$]+$/.test(u.receiver) &&
    !selfNames.has(u.receiver)
  );
}

/** The names a class declares as its bases: `class A(Base, mixins.M, metaclass=X)`, `class A extends B`. */
export function baseNames(signature: string): string[] {
  const python = /\bclass\s+\w+\s*\(([^)]*)\)/.exec(signature);
  if (python)
    return (python[1] ?? "")
      .split(",")
      .map((b) => b.trim())
      .filter((b) => b && !b.includes("="))
      .map((b) => b.split(".").pop() ?? b);
  const js = /\bextends\s+([\w$.]+)/.exec(signature);
  return js?.[1] ? [js[1].split(".").pop() ?? js[1]] : [];
}

/** Classes inheriting `member` from `owner`, directly or through other subclasses, that do not
 * define it themselves (a few levels; matched by base name). */
function inheritors(index: CodeIndex, lookup: SymbolLookup, owner: CodeSymbol, member: string): CodeSymbol[] {
  const out: CodeSymbol[] = [];
  let names = new Set([owner.name]);
  for (let level = 0; level < maxLevels && names.size > 0; level++) {
    const next = new Set<string>();
    for (const c of index.symbols) {
      if (c.kind !== "class" || c.id === owner.id || out.includes(c)) continue;
      if (!baseNames(c.signature).some((b) => names.has(b))) continue;
      if (definesMember(lookup, c, member)) continue;
      out.push(c);
      next.add(c.name);
    }
    names = next;
  }
  return out;
}

/**
 * The use reads a local declaration (a parameter, a local variable, a nested def) rather than the
 * symbol, unless that declaration is the symbol itself (a nested function used in its parent). A
 * receiver that is `this`/`self` is always a parameter-like local and never counts as shadowing.
 */
function readsLocal(u: IdentifierUse, file: string, symbol: CodeSymbol): boolean {
  if (u.boundAt === null || (u.receiver !== null && selfNames.has(u.receiver.split(".")[0] ?? "")))
    return false;
  return !(file === symbol.file && u.boundAt >= symbol.startLine && u.boundAt <= symbol.endLine);
}

function refersTo(
  u: IdentifierUse,
  file: string,
  symbol: CodeSymbol,
  parent: CodeSymbol | null,
  own: ReturnType<typeof symbolProviders>,
  owner: ReturnType<typeof symbolProviders> | null,
  uniqueMethod: boolean,
  isFactory: (name: string) => boolean,
): boolean {
  if (u.receiver === null) return parent === null && Boolean(own.names.get(file)?.has(u.name));
  if (u.use === "re-export") return false;
  const last = u.receiver.split(".").pop() ?? u.receiver;
  if (parent === null) return Boolean(own.modules.get(file)?.has(u.receiver));
  if (selfNames.has(u.receiver))
    return file === symbol.file && u.line >= parent.startLine && u.line <= parent.endLine;
  if (owner?.names.get(file)?.has(last)) return true;
  // `Version.parse(text).bump()`: a factory of the owner class hands back one of its instances.
  const made = factoryReceiver(u.receiver);
  if (made && owner?.names.get(file)?.has(made.owner) && isFactory(made.factory)) return true;
  // A receiver of unknown type: only a plain variable, and only a method name unique in the index.
  return uniqueMethod && /^[\w$]+$/.test(u.receiver) && !own.modules.has(file);
}
