// A failing test whose name spells a registration name (registered-names.ts) ran the function
// registered under it: jsonata's fixture test "function-merge case001.json: $merge({"a":1})" names
// the builtin `bind('merge', ...)` registers; pycparser's `test_ptr_decl` names the node type
// `visit_` + `PtrDecl` dispatches on. The name is the only link: the failure has no stack into them.
// A failure message that spells one (a CSS minifier's diff `a{font-weight:700}` beside a table's
// `'font-weight': compressFontWeight`) is weaker evidence: messages print data, and data spells keys.
import { identifiersIn, splitIdentifier, splitIdentifiers } from "../index/split-identifiers.ts";
import { addHit, type SignalScores } from "./localize-signal.ts";
import type { RegisteredNames } from "./registered-names.ts";
import { spelledInMessages } from "./registered-name-messages.ts";

export function registeredNameSignal(
  registered: RegisteredNames,
  testNames: readonly string[],
  messages: readonly string[] = [],
): SignalScores {
  const scores: SignalScores = new Map();
  if (registered.size === 0) return scores;
  const tests = testNames.map((name) => ({ words: wordsOf(name), terms: new Set(splitIdentifiers(name)) }));
  const named = new Set<string>();
  for (const [alias, ids] of registered) {
    // One word is matched as written (`merge`, `round`); a compound name by all its parts, so that
    // `test_ptr_decl` meets `PtrDecl` (and `font_weight` meets `'font-weight'`) but `decl` alone does
    // not name `Decl`.
    const parts = aliasParts(alias);
    const spelled = tests.filter(
      (t) => t.words.has(alias) || (parts.length >= 2 && parts.every((p) => t.terms.has(p))),
    ).length;
    if (spelled === 0) continue;
    named.add(alias);
    for (const id of ids)
      addHit(
        scores,
        id,
        spelled / tests.length,
        `registered as '${alias}', spelled by ${spelled} failing test name(s)`,
      );
  }
  for (const { alias, strength, spelled } of spelledInMessages(registered, messages, named, aliasParts))
    for (const id of registered.get(alias) ?? [])
      addHit(scores, id, strength, `registered as '${alias}', spelled by ${spelled} failure message(s)`);
  return scores;
}

/** A key's words: `'font-weight'` and `fontWeight` are both `font`, `weight`. */
function aliasParts(alias: string): string[] {
  return splitIdentifier(alias.replace(/[-.:]+/g, "_"));
}

/** Identifiers as written, and without a sigil: an expression language's `$merge(` calls `merge`. */
function wordsOf(name: string): Set<string> {
  const words = identifiersIn(name);
  for (const word of [...words]) if (word.startsWith("$")) words.add(word.replace(/^\$+/, ""));
  return words;
}
