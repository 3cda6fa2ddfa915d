// What an unbound call runs, for ask's call-path evidence (the wrapper lift and the
// callee passes). The index binds `self.m()` / `this.m()` to the class's own or inherited `m`, and
// `super().m()` to the nearest project base's; a call it leaves unbound then reaches, through
// `resolveCallee`, every project symbol named `m`: a `super().__init__(msg)` in an exception class
// whose base is `Exception` reached every `__init__` of the project, so each constructor "called"
// each other and their words spread over unrelated classes. Here such a call is bound as the
// language binds it: `self.m` to the enclosing class and its bases, matched by name when the index
// could not resolve one (an import it did not follow), then to the overrides of `m` in the
// subclasses (a template method: the base calls what its subclasses define); `super().m` to the bases,
// then, in a mixin, to the class written after it by each class that combines it. When nothing in the
// project defines `m` there, it runs code outside the project: no callee. Any other unbound call that
// several symbols share a name with is bound to the calling file's namesakes, else to none.
import type { CallEdge, CodeIndex, CodeSymbol } from "../index/code-index.ts";
import { splitCallee } from "../index/callee-name.ts";
import { createSymbolLookup, type SymbolLookup } from "../index/symbol-lookup.ts";
import { resolveCallee } from "../localize/test-target-signal.ts";

const selfNames = new Set(["self", "this", "cls"]);
const superNames = new Set(["super", "super()"]);
/** Levels of inheritance followed by base name, each way (explain's class hierarchy reads as many). */
const MAX_LEVELS = 4;

export type CalleesOf = (call: CallEdge) => CodeSymbol[];

const built = new WeakMap<CodeIndex, CalleesOf>();

/**
 * The callees of a call as ask reads them: `resolveCallee` for a bound call; for an unbound one on
 * `self`/`super`, the class hierarchy's; for any other unbound one, a unique name or the calling
 * file's namesakes (oneOrLocal).
 */
export function askCallees(index: CodeIndex, lookup: SymbolLookup = createSymbolLookup(index)): CalleesOf {
  const cached = built.get(index);
  if (cached) return cached;
  const classes = classTable(index);
  const calleesOf: CalleesOf = (call) => {
    if (call.to) return resolveCallee(call, lookup);
    const { receiver, member } = splitCallee(call.calleeName);
    const onSelf = selfNames.has(receiver);
    if (!onSelf && !superNames.has(receiver)) return oneOrLocal(resolveCallee(call, lookup), call.file);
    const caller = call.from ? lookup.byId(call.from) : undefined;
    const cls = caller ? enclosingClass(caller, lookup) : undefined;
    // `this` in a plain function (a prototype method, a callback) has no class the index knows.
    if (!cls) return resolveCallee(call, lookup);
    const above = onSelf ? [cls, ...classes.bases(cls)] : classes.bases(cls);
    const inherited = firstDefining(above, member, lookup);
    const found = inherited
      ? [inherited]
      : onSelf
        ? classes.subclasses(cls).flatMap((c) => ownMember(c, member, lookup) ?? [])
        : cooperativeNext(cls, member, classes, lookup);
    // Through resolveCallee so that a bound callee is read as every other is (what a declaration runs,
    // no test code).
    return found.flatMap((s) => resolveCallee({ ...call, to: s.id }, lookup));
  };
  built.set(index, calleesOf);
  return calleesOf;
}

/**
 * `super().m()` in a mixin whose own bases define no `m`: Python runs the next class of the instance's
 * method resolution order, which is the base written after the mixin in each class that combines it
 * (`class DataFrame(Padding, Frame)`: `Padding`'s `super().__init__` is `Frame.__init__`).
 */
function cooperativeNext(
  mixin: CodeSymbol,
  member: string,
  classes: ClassTable,
  lookup: SymbolLookup,
): CodeSymbol[] {
  const out = new Set<CodeSymbol>();
  for (const user of classes.directSubclasses(mixin)) {
    const written = classes.directBases(user);
    const after = written.slice(written.indexOf(mixin) + 1);
    const next = firstDefining(
      after.flatMap((b) => [b, ...classes.bases(b)]),
      member,
      lookup,
    );
    if (next) out.add(next);
  }
  return [...out];
}

/**
 * What an unbound call reached by its name alone: the one symbol of that name, else the namesakes in
 * the calling file, else nothing. `item.render()` with `render` defined by five classes is a guess
 * five ways; linking the caller to all five let their words lift each other (session 49: binding
 * such a call to none gained three first places over the seen questions and lost none).
 */
function oneOrLocal(byName: CodeSymbol[], file: string): CodeSymbol[] {
  return byName.length <= 1 ? byName : byName.filter((s) => s.file === file);
}

interface ClassTable {
  /** A class's bases by name, nearest first, a few levels (the class itself excluded). */
  bases(cls: CodeSymbol): CodeSymbol[];
  /** Classes naming it as a base, directly or through each other, a few levels. */
  subclasses(cls: CodeSymbol): CodeSymbol[];
  directBases(cls: CodeSymbol): readonly CodeSymbol[];
  directSubclasses(cls: CodeSymbol): readonly CodeSymbol[];
}

function classTable(index: CodeIndex): ClassTable {
  const named = new Map<string, CodeSymbol[]>();
  const children = new Map<string, CodeSymbol[]>();
  const classes = index.symbols.filter((s) => s.kind === "class");
  for (const c of classes) push(named, c.name, c);
  const direct = new Map<string, CodeSymbol[]>();
  for (const c of classes) {
    const bases = (c.bases ?? []).flatMap((written) => {
      const found = (named.get(written.split(".").pop() ?? written) ?? []).filter((b) => b.id !== c.id);
      // Of several classes with the base's name, the one in the subclass's own file when there is one.
      const local = found.filter((b) => b.file === c.file);
      return local.length > 0 ? local : found;
    });
    direct.set(c.id, bases);
    for (const b of bases) push(children, b.id, c);
  }
  const basesOf = (c: CodeSymbol) => direct.get(c.id) ?? [];
  return {
    bases: (cls) => walk(cls, basesOf),
    subclasses: (cls) => walk(cls, (c) => children.get(c.id) ?? []),
    directBases: basesOf,
    directSubclasses: (cls) => children.get(cls.id) ?? [],
  };
}

function walk(start: CodeSymbol, next: (c: CodeSymbol) => readonly CodeSymbol[]): CodeSymbol[] {
  const out: CodeSymbol[] = [];
  const seen = new Set([start.id]);
  let level = [start];
  for (let depth = 0; depth < MAX_LEVELS && level.length > 0; depth++) {
    const following: CodeSymbol[] = [];
    for (const c of level)
      for (const other of next(c)) {
        if (seen.has(other.id)) continue;
        seen.add(other.id);
        out.push(other);
        following.push(other);
      }
    level = following;
  }
  return out;
}

function firstDefining(classes: readonly CodeSymbol[], member: string, lookup: SymbolLookup) {
  for (const c of classes) {
    const own = ownMember(c, member, lookup);
    if (own) return own;
  }
  return undefined;
}

function ownMember(cls: CodeSymbol, member: string, lookup: SymbolLookup): CodeSymbol | undefined {
  return lookup.symbolsIn(cls.file).find((m) => m.parent === cls.id && m.name === member);
}

/** The class a method (or a function nested in one) belongs to. */
function enclosingClass(symbol: CodeSymbol, lookup: SymbolLookup): CodeSymbol | undefined {
  for (let id = symbol.parent; id !== null;) {
    const p = lookup.byId(id);
    if (!p) return undefined;
    if (p.kind === "class") return p;
    id = p.parent;
  }
  return undefined;
}

function push<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}
