// What a call that builds an object runs, for the checks that compare a call's arguments with its
// callee's parameters and with its other calls (swapped-call-sites.ts): `new Definition(...)` and
// `c_ast.ExprList(...)` (a Python class called) run the class's `constructor`/`__init__`, its own or
// the nearest base's; `super(...)` in a JS constructor runs the base class's. The index binds such a
// call to the class, or to nothing (`super`), and a class has no parameters of its own.
import type { CallEdge, CodeSymbol } from "../index/code-index.ts";
import { CONSTRUCTOR_NAMES } from "../index/constructor-names.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";

export interface ConstructorCall {
  /** The constructor that runs, when the project defines it (the class's own or a base's). */
  runs: CodeSymbol | null;
  /**
   * One key for every call of one constructor: `new Base(...)` and a subclass's `super(...)` pass the
   * same parameters. A base from outside the project is known by its name as written.
   */
  group: string;
}

// Python's `super()` is the builtin that finds the base; `super().__init__(...)` is the call that
// runs the constructor, and the index binds that one to the base's `__init__` itself.
const PYTHON = /\.pyi?$/;
// Bases walked for an inherited constructor: a class hierarchy deeper than this is a cycle.
const MAX_DEPTH = 8;

export type ConstructorCalls = (call: CallEdge) => ConstructorCall | null;

/**
 * What each call builds, for one pass over a project's calls: each class's constructor is looked up
 * once, not once per call (a class with thousands of methods is `new`-ed thousands of times).
 */
export function constructorCalls(lookup: SymbolLookup): ConstructorCalls {
  const known = new Map<string, CodeSymbol | null>();
  const constructorOf = (cls: CodeSymbol, depth = 0): CodeSymbol | null => {
    const remembered = known.get(cls.id);
    if (remembered !== undefined) return remembered;
    const runs = ownConstructor(cls, lookup) ?? inherited(cls, depth);
    known.set(cls.id, runs);
    return runs;
  };
  // The nearest base's; a hierarchy deeper than MAX_DEPTH is a cycle, and gives nothing.
  const inherited = (cls: CodeSymbol, depth: number): CodeSymbol | null => {
    const written = cls.bases?.[0];
    const base = written === undefined || depth >= MAX_DEPTH ? null : baseOf(cls, written, lookup);
    return base ? constructorOf(base, depth + 1) : null;
  };
  return (call) => {
    if (call.calleeName === "super") return superCall(call, lookup, constructorOf);
    const target = call.to ? lookup.byId(call.to) : undefined;
    if (!target || target.kind !== "class") return null;
    const runs = constructorOf(target);
    return { runs, group: runs?.id ?? target.id };
  };
}

/** `super(...)` in a JS/TS constructor: the base class's constructor, whoever defines it. */
function superCall(
  call: CallEdge,
  lookup: SymbolLookup,
  constructorOf: (cls: CodeSymbol) => CodeSymbol | null,
): ConstructorCall | null {
  if (PYTHON.test(call.file) || !call.from) return null;
  const caller = lookup.byId(call.from);
  const cls = caller?.parent ? lookup.byId(caller.parent) : undefined;
  const written = cls?.bases?.[0];
  if (!cls || written === undefined) return null;
  const base = baseOf(cls, written, lookup);
  if (base) {
    const runs = constructorOf(base);
    return { runs, group: runs?.id ?? base.id };
  }
  // A dotted base (`esrecurse.Visitor`) names one class; a bare one means what its file imports.
  const group = written.includes(".") ? `super:${written}` : `super:${call.file}:${written}`;
  return { runs: null, group };
}

function ownConstructor(cls: CodeSymbol, lookup: SymbolLookup): CodeSymbol | null {
  return (
    lookup
      .symbolsIn(cls.file)
      .find((s) => s.parent === cls.id && s.kind === "method" && CONSTRUCTOR_NAMES.has(s.name)) ?? null
  );
}

/**
 * The project class `cls`'s base written as `written` (`Definition`, `mod.Base`) is: a bare name's
 * class in the same file, else the only class of that name elsewhere. Never `cls` itself: `class
 * Visitor extends esrecurse.Visitor` names another module's class; nor a guess among several.
 */
function baseOf(cls: CodeSymbol, written: string, lookup: SymbolLookup): CodeSymbol | null {
  const classes = lookup
    .byName(written.split(".").pop() ?? written)
    .filter((s) => s.kind === "class" && s.id !== cls.id);
  const here = classes.filter((s) => s.file === cls.file);
  if (!written.includes(".") && here.length === 1) return here[0] ?? null;
  const elsewhere = classes.filter((s) => s.file !== cls.file);
  return elsewhere.length === 1 ? (elsewhere[0] ?? null) : null;
}
