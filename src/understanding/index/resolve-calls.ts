// Resolves one call site to a symbol, most specific evidence first: the receiver (`this`/`self`,
// `super`, a variable constructed from a repository class, an imported module or class, a class
// name), an imported name, the same file, the same directory (Go packages), then a name that is
// unique in the repository. Anything else stays a name edge. A method looked up on a class is its
// own or, when it has none, the nearest base's that defines it.
import { posix } from "node:path";
import type { CodeSymbol } from "./code-index.ts";
import { splitCallee } from "./callee-name.ts";
import { noModuleExports, type ModuleExports } from "./module-exports.ts";
import type { SymbolTables } from "./symbol-tables.ts";
import { isTestPath } from "./test-files.ts";

export interface Binding {
  /** Name in the target ("*" when the binding is the module itself). */
  imported: string;
  /** Repository file the binding points at, when known. */
  file: string | null;
  /** Imported from a package outside the repository: no project symbol is what it names. */
  external?: boolean;
}

export interface CallSite {
  file: string;
  calleeName: string;
  caller: CodeSymbol | null;
  bindings: ReadonlyMap<string, Binding>;
  /** The class the receiver variable was constructed from (`new C()`, Python `C()`), if known. */
  receiverType?: string | undefined;
}

const ECMASCRIPT_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const selfNames = new Set(["this", "self", "Self", "cls"]);
const superNames = new Set(["super", "super()"]);
/** Bases followed from a class before a method lookup gives up (cycles are cut separately). */
const maxBaseDepth = 8;

/** A class's bases that resolved to repository classes, in the order written. */
export type BasesOf = (cls: CodeSymbol) => readonly CodeSymbol[];
const noBases: BasesOf = () => [];

/** The symbol name a call's resolution depends on (an incremental build re-resolves by it). */
export function lookupName(calleeName: string, bindings: ReadonlyMap<string, Binding>): string {
  const { receiver, member } = splitCallee(calleeName);
  if (receiver !== "") return member;
  const b = bindings.get(member);
  return b?.file && b.imported !== "*" && b.imported !== "default" ? b.imported : member;
}

export function resolveCall(
  site: CallSite,
  tables: SymbolTables,
  basesOf: BasesOf = noBases,
  exports: ModuleExports = noModuleExports,
): CodeSymbol | null {
  const { receiver, member } = splitCallee(site.calleeName);
  const found =
    receiver === ""
      ? resolvePlain(site, member, tables, exports)
      : resolveMember(site, receiver, member, tables, basesOf, exports);
  const hit = found && exports.implementation(found);
  // Calling a module-level instance (`encode = Encoder()`, then `encoder.encode(x)`) runs its class's
  // `__call__`: the value itself has no body.
  const cls = hit && PYTHON_FILE.test(hit.file) ? instanceClass(hit, tables) : undefined;
  return (cls && memberOf(cls, "__call__", tables, basesOf)) ?? hit ?? null;
}

const PYTHON_FILE = /\.pyi?$/;
// `encode = Encoder(tagMap)` (Python) or `export const differ = new Differ()`.
const instanceSignature =
  /^(?:export\s+)?(?:(?:const|let|var)\s+)?[\w$]+\s*=\s*(new\s+)?([A-Z][\w$]*(?:\.[A-Z][\w$]*)*)\s*\(/;

/** The repository class a module-level value was constructed from, when its definition says so. */
function instanceClass(value: CodeSymbol, t: SymbolTables): CodeSymbol | undefined {
  if ((value.kind !== "constant" && value.kind !== "variable") || value.parent !== null) return undefined;
  const m = instanceSignature.exec(value.signature);
  // JavaScript constructs with `new`; Python calls the class.
  if (!m || Boolean(m[1]) !== ECMASCRIPT_FILE.test(value.file)) return undefined;
  const name = (m[2] ?? "").split(".").pop() ?? "";
  const classes = t.qualified(name).filter((c) => isClassLike(c) && !isTestPath(c.file));
  return classes.find((c) => c.file === value.file) ?? (classes.length === 1 ? classes[0] : undefined);
}

/** `f()`: renamed or plain import, same file, implicit `this`, same directory, unique name. */
function resolvePlain(
  site: CallSite,
  member: string,
  t: SymbolTables,
  x: ModuleExports,
): CodeSymbol | undefined {
  const binding = site.bindings.get(member);
  const name = lookupName(member, site.bindings);
  // `const { isPromise } = require('..')`: defined there, or handed on by that module (a hub).
  if (name !== member) return t.inFile(binding?.file ?? "", name)[0] ?? x.symbol(binding?.file ?? "", name);
  // A JS/TS file cannot both import a name and declare it at its top level, so a same-file symbol of
  // an imported name is a nested or object-literal one (`register({ encode: (x) => … })`), which a
  // bare `encode()` never means. In Python a later `def` replaces the import: the local stays first.
  const ecmascript = ECMASCRIPT_FILE.test(site.file);
  const imported = ecmascript ? importedTarget(binding, member, t, x) : undefined;
  if (imported || (ecmascript && binding?.external)) return imported;
  const local = t.inFile(site.file, member).find((c) => c.kind !== "method");
  if (local) return local;
  if (binding?.external) return undefined;
  // Java-style implicit `this`. In JavaScript and TypeScript a bare `parse()` inside a class is not
  // its method `parse` by this rule: it is the module's `parse` (`const parse = require("./parser.js")`).
  // Only the last fallback below can still bind it to a method: when nothing else matches and
  // `parse` is the project's one symbol of that name (method or not), the call takes it.
  // Python has no implicit `self` either, but binding its bare calls to the module function was
  // measured to lose (bench/localize-corpus/RESULTS.md, session 37) and is left as it was.
  const owner = site.caller && !ECMASCRIPT_FILE.test(site.file) ? ownerOf(site.caller) : "";
  const sibling =
    owner === "" ? undefined : t.qualified(`${owner}.${member}`).find((c) => c.file === site.file);
  if (sibling) return sibling;
  const fromImport = importedTarget(binding, member, t, x);
  if (fromImport) return fromImport;
  const callable = callableFrom(site.file);
  const only = (list: readonly CodeSymbol[]) => onlyOne(list, x);
  const sameDir = only(
    t.inDir(posix.dirname(site.file), member).filter((c) => c.kind !== "method" && callable(c)),
  );
  if (sameDir) return sameDir;
  return only(t.plainNamed(member).filter(callable)) ?? only(t.named(member).filter(callable));
}

/** What an imported name `member` is in the module it comes from, when that module is the project's. */
function importedTarget(
  binding: Binding | undefined,
  member: string,
  t: SymbolTables,
  x: ModuleExports,
): CodeSymbol | undefined {
  if (!binding?.file) return undefined;
  const target = t.inFile(binding.file, member);
  const hit =
    binding.imported === "default"
      ? target.find((c) => c.exported && c.parent === null)
      : target.find((c) => c.kind !== "method");
  if (hit) return hit;
  // Calling what `require()` or a default import returned: the module's exported function.
  const moduleItself =
    t.inFile(binding.file, "default").find((c) => c.kind === "function") ??
    // `module.exports = require('./parse')`: what that module's `require()` returns.
    [x.symbol(binding.file, "default")].find((c) => c?.kind === "function");
  if ((binding.imported === "*" || binding.imported === "default") && moduleItself) return moduleItself;
  // `const { keys } = require('..')`, where the package's hub hands `keys` on from another module.
  return binding.imported === "*" ? undefined : x.symbol(binding.file, binding.imported);
}

/**
 * The one symbol a name matched, counting a declaration (`lib/index.d.ts`'s `keys`) and the
 * implementation its `.js` hands out under that name (`lib/more.js`'s `keys`) as one.
 */
function onlyOne(list: readonly CodeSymbol[], x: ModuleExports): CodeSymbol | undefined {
  if (list.length <= 1) return list[0];
  const distinct = new Set(list.map((c) => x.implementation(c)));
  return distinct.size === 1 ? [...distinct][0] : undefined;
}

/** `x.f()`: self, super, imported module or class, class name, then a unique method for a plain variable. */
function resolveMember(
  site: CallSite,
  receiver: string,
  member: string,
  t: SymbolTables,
  basesOf: BasesOf,
  x: ModuleExports,
): CodeSymbol | undefined {
  const prefer = (list: readonly CodeSymbol[]) =>
    list.find((c) => c.file === site.file) ?? (list.length === 1 ? list[0] : undefined);
  if (superNames.has(receiver)) {
    // `super.m()` / `super().m()` is never the calling class's own m.
    const cls = site.caller ? enclosingClass(site.caller, t) : undefined;
    for (const base of cls ? basesOf(cls) : []) {
      const hit = memberOf(base, member, t, basesOf);
      if (hit) return hit;
    }
    return undefined;
  }
  if (selfNames.has(receiver) && site.caller) {
    const hit = prefer(t.qualified(`${ownerOf(site.caller)}.${member}`));
    if (hit) return hit;
    const cls = enclosingClass(site.caller, t);
    const inherited = cls ? memberOf(cls, member, t, basesOf) : undefined;
    if (inherited) return inherited;
  }
  const constructed = site.receiverType
    ? constructedMethod(site, site.receiverType, member, t, basesOf, x)
    : undefined;
  if (constructed) return constructed;
  const binding = site.bindings.get(receiver);
  // `path.join(a, b)` after `import path from "node:path"` is no method of the project's.
  if (binding?.external) return undefined;
  if (binding?.file) {
    const hit =
      binding.imported === "*"
        ? // A module (its own definition, else what it re-exports: `Hoek.isPromise` through a hub
          // of `exports.isPromise = require('./isPromise')`), or a Go package, which spans its directory.
          (t.inFile(binding.file, member).find((c) => c.parent === null) ??
          x.symbol(binding.file, member) ??
          t.inDir(posix.dirname(binding.file), member).find((c) => c.parent === null))
        : t.qualified(`${binding.imported}.${member}`).find((c) => c.file === binding.file);
    if (hit) return hit;
    // `import { differ } from "./diff"; differ.diff(a, b)`, where `export const differ = new Differ()`.
    const value = t.inFile(binding.file, binding.imported).find((c) => c.parent === null);
    const cls = value ? instanceClass(value, t) : undefined;
    const method = cls ? memberOf(cls, member, t, basesOf) : undefined;
    if (method) return method;
  }
  const callable = callableFrom(site.file);
  if (/^[A-Z]/.test(receiver)) {
    const name = receiver.split(".").pop() ?? receiver;
    const hit = prefer(t.qualified(`${name}.${member}`).filter(callable));
    if (hit) return hit;
    const cls = prefer(t.qualified(name).filter((c) => isClassLike(c) && callable(c)));
    const inherited = cls ? memberOf(cls, member, t, basesOf) : undefined;
    if (inherited) return inherited;
  }
  // A receiver of unknown type: only a plain variable (not a call result or a field) may be
  // matched to a method name that is unique in the repository; an interface's bodiless
  // declaration does not count against the one concrete method.
  if (!/^[\w$]+$/.test(receiver)) return undefined;
  const methods = t.methodsNamed(member).filter(callable);
  if (methods.length === 1) return methods[0];
  const concrete = t.concreteMethodsNamed(member).filter(callable);
  return concrete.length === 1 ? concrete[0] : undefined;
}

/**
 * What a call matched by name alone may bind to: code outside the tests never calls into a test
 * file (yaml's `BigInt(x)` in `src/` is the global, not a test of `tests/doc/stringify.ts`).
 */
function callableFrom(file: string): (c: CodeSymbol) => boolean {
  return isTestPath(file) ? () => true : (c) => !isTestPath(c.file);
}

/** `x = new C(); x.m()`: C resolved like a call to it, then C's method m, its own or inherited. */
function constructedMethod(
  site: CallSite,
  type: string,
  member: string,
  t: SymbolTables,
  basesOf: BasesOf,
  x: ModuleExports,
): CodeSymbol | undefined {
  const { receiver, member: last } = splitCallee(type);
  const bare = { ...site, receiverType: undefined };
  const cls =
    receiver === "" ? resolvePlain(bare, last, t, x) : resolveMember(bare, receiver, last, t, basesOf, x);
  return cls && isClassLike(cls) ? memberOf(cls, member, t, basesOf) : undefined;
}

/** A constructor function (`function Negotiator(req) {}` with prototype methods) counts as a class. */
export function isClassLike(symbol: CodeSymbol): boolean {
  return symbol.kind === "class" || (symbol.kind === "function" && /^[A-Z]/.test(symbol.name));
}

/** `cls.member`: the class's own, else the nearest base's, breadth first, each class visited once. */
function memberOf(
  cls: CodeSymbol,
  member: string,
  t: SymbolTables,
  basesOf: BasesOf,
): CodeSymbol | undefined {
  const seen = new Set<string>();
  let layer: readonly CodeSymbol[] = [cls];
  for (let depth = 0; layer.length > 0 && depth <= maxBaseDepth; depth++) {
    const next: CodeSymbol[] = [];
    for (const c of layer) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      const own = t.qualified(`${c.qualifiedName}.${member}`).find((m) => m.file === c.file);
      if (own) return own;
      next.push(...basesOf(c));
    }
    layer = next;
  }
  return undefined;
}

/** The class a method (or a function nested in one) belongs to. */
function enclosingClass(symbol: CodeSymbol, t: SymbolTables): CodeSymbol | undefined {
  for (let id = symbol.parent; id !== null;) {
    const p = t.byId(id);
    if (!p) return undefined;
    if (p.kind === "class") return p;
    id = p.parent;
  }
  return undefined;
}

function ownerOf(symbol: CodeSymbol): string {
  const dot = symbol.qualifiedName.lastIndexOf(".");
  return dot === -1 ? "" : symbol.qualifiedName.slice(0, dot);
}
