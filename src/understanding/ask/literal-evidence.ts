// Which candidates spell the question's literal tokens (question-literals.ts) and the characters it
// names in words (named-characters.ts), weighed by how rare each is among the candidates: `<` in a
// dozen bodies says little, `-->` in one says much.
import { bodyLiterals, questionLiterals, spellsLiteral } from "./question-literals.ts";
import { namedCharacters } from "./named-characters.ts";

export interface LiteralEvidence {
  /** Per candidate, in [0, 1]: the idf share of the spelled tokens among those some body spells. */
  shares: number[];
  /** Per candidate, the tokens it spells, as said to the reader: `"-->"`, `~ (tilde)`. */
  spelled: string[][];
}

interface Token {
  said: string;
  /** Any of these inside a string literal spells it (a number token: its value). */
  forms: readonly string[];
}

/** `bodyOf(i)`: the lines of candidate i's body, read only when the question quotes a literal or names a character. */
export function literalShares(
  question: string,
  count: number,
  bodyOf: (i: number) => readonly string[],
): LiteralEvidence {
  const tokens: Token[] = [
    ...questionLiterals(question).map((t) => ({ said: `"${t}"`, forms: [t] })),
    ...namedCharacters(question).map((c) => ({ said: `${c.forms.join(" ")} (${c.name})`, forms: c.forms })),
  ];
  const none = Array.from({ length: count }, () => []);
  if (tokens.length === 0) return { shares: none.map(() => 0), spelled: none };
  const spelled = none.map((_, i) => {
    const body = bodyLiterals(bodyOf(i));
    return tokens.filter((t) => t.forms.some((f) => spellsLiteral(body, f)));
  });
  const idf = new Map(
    tokens.map((t) => {
      const n = spelled.filter((s) => s.includes(t)).length;
      return [t, n === 0 ? 0 : Math.log(1 + (count - n + 0.5) / (n + 0.5))];
    }),
  );
  const total = [...idf.values()].reduce((a, b) => a + b, 0);
  return {
    shares: spelled.map((s) => (total > 0 ? s.reduce((a, t) => a + (idf.get(t) ?? 0), 0) / total : 0)),
    spelled: spelled.map((s) => s.map((t) => t.said)),
  };
}
