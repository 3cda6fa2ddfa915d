// TypeScript overloads: `function f(): "";` and `function f(s: string): string;` declare, and only the
// last `function f(s?: string) { ... }` runs. The index keeps each declaration as a symbol of its own,
// so a call bound to the first overload, a test name spelling `f` and the text around each
// declaration spread f's evidence over bodiless twins that can never hold the fault, and the
// implementation, whose calls are the ones the reach signals walk, loses its share. Every piece of
// evidence on an overload signature belongs to its implementation.
import type { CodeSymbol } from "../index/code-index.ts";
import { isCallable, type SymbolLookup } from "../index/symbol-lookup.ts";
import { addHit, type SignalName, type SignalScores } from "./localize-signal.ts";

/**
 * The implementation an overload signature declares: the first callable after it in the same file
 * with the same qualified name and a body. null for anything else (a symbol with a body, a bodiless
 * declaration with no implementation beside it, an index built without body lines).
 */
export function overloadImplementation(symbol: CodeSymbol, lookup: SymbolLookup): CodeSymbol | null {
  if (!isCallable(symbol) || symbol.bodyLine !== undefined) return null;
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

/** The symbol itself, or the implementation when it is an overload signature. */
export function implementationOf(symbol: CodeSymbol, lookup: SymbolLookup): CodeSymbol {
  return overloadImplementation(symbol, lookup) ?? symbol;
}

/** Moves every signal's hits on overload signatures to their implementations (the stronger hit kept). */
export function foldOverloads(
  signals: ReadonlyMap<SignalName, SignalScores>,
  lookup: SymbolLookup,
): Map<SignalName, SignalScores> {
  const out = new Map<SignalName, SignalScores>();
  for (const [name, scores] of signals) {
    const folded: SignalScores = new Map();
    for (const [id, hit] of scores) {
      const symbol = lookup.byId(id);
      const target = symbol ? overloadImplementation(symbol, lookup) : null;
      addHit(folded, target?.id ?? id, hit.strength, hit.detail);
    }
    out.set(name, folded);
  }
  return out;
}
