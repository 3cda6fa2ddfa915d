// TypeScript declarations that never run: overloads (`function f(): "";` and
// `function f(s: string): string;` before the `function f(s?: string) { ... }` that runs) and
// bodiless method signatures (an interface's `delta(c: Colord): number`, a `declare module`
// augmentation, an abstract method). The index keeps each as a symbol of its own, so a call bound to
// a declaration, a test name spelling it and the text around it spread the evidence over symbols that
// can never hold the fault, and the code that runs, whose calls the reach signals walk, loses its
// share. Evidence on an overload goes to its implementation; a call bound to a method signature goes
// to the same-named functions with a body, as an unresolved call would.
import type { CodeSymbol } from "../index/code-index.ts";
import { isCallable, type SymbolLookup } from "../index/symbol-lookup.ts";
import { isTestBlock } from "../index/symbol-tables.ts";
import { addHit, type SignalName, type SignalScores } from "./localize-signal.ts";

const TYPESCRIPT = /\.[cm]?tsx?$/;

/**
 * A bodiless TypeScript function or method. Only where the index recorded bodies: in an index where
 * no callable has a body line nothing is taken for a declaration. The index decides, not the file: a
 * file of types alone (`type CittyPlugin = { cleanup?(ctx): void }`) has no body anywhere, and its
 * method signatures never run either.
 */
export function isDeclarationOnly(symbol: CodeSymbol, lookup: SymbolLookup): boolean {
  return (
    isCallable(symbol) &&
    symbol.bodyLine === undefined &&
    TYPESCRIPT.test(symbol.file) &&
    // A test block is a call whose function argument runs; the index records no body line for it.
    !isTestBlock(symbol) &&
    lookup.recordsBodies()
  );
}

/** An overload's implementation: the first callable after it in its file with its qualified name and a body. */
export function overloadImplementation(symbol: CodeSymbol, lookup: SymbolLookup): CodeSymbol | null {
  if (!isDeclarationOnly(symbol, lookup)) return null;
  return (
    lookup
      .symbolsIn(symbol.file)
      .filter(
        (s) =>
          s.qualifiedName === symbol.qualifiedName &&
          isCallable(s) &&
          s.bodyLine !== undefined &&
          s.startLine > symbol.startLine,
      )
      .sort((a, b) => a.startLine - b.startLine)[0] ?? null
  );
}

/** What runs when a call reaches this symbol: itself, an overload's implementation, or a signature's same-named bodies. */
export function whatRuns(symbol: CodeSymbol, lookup: SymbolLookup): CodeSymbol[] {
  if (!isDeclarationOnly(symbol, lookup)) return [symbol];
  const implementation = overloadImplementation(symbol, lookup);
  if (implementation) return [implementation];
  return lookup.byName(symbol.name).filter((s) => isCallable(s) && !isDeclarationOnly(s, lookup));
}

/**
 * Moves every signal's hits on overloads to their implementations; drops those on other declarations
 * and on what `never` says is never a suspect (stub-bodies.ts).
 */
export function foldDeclarations(
  signals: ReadonlyMap<SignalName, SignalScores>,
  lookup: SymbolLookup,
  never: (symbol: CodeSymbol) => boolean = () => false,
): Map<SignalName, SignalScores> {
  const out = new Map<SignalName, SignalScores>();
  for (const [name, scores] of signals) {
    const folded: SignalScores = new Map();
    for (const [id, hit] of scores) {
      const symbol = lookup.byId(id);
      if (symbol && isDeclarationOnly(symbol, lookup)) {
        const implementation = overloadImplementation(symbol, lookup);
        if (implementation) addHit(folded, implementation.id, hit.strength, hit.detail);
      } else if (!symbol || !never(symbol)) addHit(folded, id, hit.strength, hit.detail);
    }
    out.set(name, folded);
  }
  return out;
}
