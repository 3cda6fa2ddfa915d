// Constructing a class runs its constructor: `new MIMEType(s)` runs `MIMEType.constructor`, Python's
// `Lexer(text)` runs `Lexer.__init__`. The index binds such a call to the class, which is no
// function, so without this step nothing a test or a function constructs is reached and a fault in a
// constructor (or in what only a constructor calls) has no path from the failing tests.
import type { CodeSymbol } from "../index/code-index.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";

const CONSTRUCTOR_NAMES = new Set(["constructor", "__init__", "__new__", "__post_init__"]);

/** The class's own constructor methods (none when it inherits its constructor or has none). */
export function constructorsOf(cls: CodeSymbol, lookup: SymbolLookup): CodeSymbol[] {
  if (cls.kind !== "class") return [];
  return lookup
    .symbolsIn(cls.file)
    .filter(
      (s) =>
        s.kind === "method" &&
        CONSTRUCTOR_NAMES.has(s.name) &&
        s.qualifiedName === `${cls.qualifiedName}.${s.name}`,
    );
}
