// A failing test whose name spells a registration name (registered-names.ts) ran the function
// registered under it: jsonata's fixture test "function-merge case001.json: $merge({"a":1})" names
// the builtin `bind('merge', ...)` registers; pycparser's `test_ptr_decl` names the node type
// `visit_` + `PtrDecl` dispatches on. The name is the only link: the failure has no stack into them.
import { identifiersIn, splitIdentifier, splitIdentifiers } from "../index/split-identifiers.ts";
import { addHit, type SignalScores } from "./localize-signal.ts";
import type { RegisteredNames } from "./registered-names.ts";

export function registeredNameSignal(
  registered: RegisteredNames,
  testNames: readonly string[],
): SignalScores {
  const scores: SignalScores = new Map();
  if (testNames.length === 0 || registered.size === 0) return scores;
  const tests = testNames.map((name) => ({ words: wordsOf(name), terms: new Set(splitIdentifiers(name)) }));
  for (const [alias, ids] of registered) {
    // One word is matched as written (`merge`, `round`); a compound name by all its parts, so that
    // `test_ptr_decl` meets `PtrDecl` but `decl` alone does not name `Decl`.
    const parts = splitIdentifier(alias);
    const spelled = tests.filter(
      (t) => t.words.has(alias) || (parts.length >= 2 && parts.every((p) => t.terms.has(p))),
    ).length;
    if (spelled === 0) continue;
    for (const id of ids)
      addHit(
        scores,
        id,
        spelled / tests.length,
        `registered as '${alias}', spelled by ${spelled} failing test name(s)`,
      );
  }
  return scores;
}

/** Identifiers as written, and without a sigil: an expression language's `$merge(` calls `merge`. */
function wordsOf(name: string): Set<string> {
  const words = identifiersIn(name);
  for (const word of [...words]) if (word.startsWith("$")) words.add(word.replace(/^\$+/, ""));
  return words;
}
