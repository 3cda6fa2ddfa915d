// A question in British spelling ("colour", "normalised", "optimisations", "recognised") asks about
// code written in American spelling (`color`, `normalize_label`, `optimization`): the stemmer keeps
// `normalis` apart from `normal`, so the words never meet. Each word is brought to its American form
// when that form is a word of the code, and only then: "raised" is no "raized", "promise" no "promize".

// -ise/-ised/-ises/-ising/-isation(s) → -ize…, -yse… → -yze…, -our… → -or….
const FORMS: readonly [RegExp, string][] = [
  [/([a-z]{2})is(e|ed|es|ing|er|ers|ation|ations)$/, "$1iz$2"],
  [/([a-z]{2})ys(e|ed|es|ing)$/, "$1yz$2"],
  [/([a-z]{3,})our(s|ed|ing|ite|ites)?$/, "$1or$2"],
];

/**
 * For one recall: a function that replaces each British spelling among the question's words by its
 * American form when the code (`vocabulary`, its terms as written) has a word of that form's stem, so
 * "normalised" meets `normalize`. The code's stems are read only when a word looks British.
 */
export function americanSpelling(
  vocabulary: ReadonlySet<string>,
  stem: (terms: readonly string[]) => string[],
): (words: readonly string[]) => string[] {
  let codeStems: Set<string> | undefined;
  const isCodeWord = (word: string) => {
    codeStems ??= new Set(stem([...vocabulary]));
    return codeStems.has(stem([word])[0] ?? word);
  };
  return (words) => americanSpellings(words, isCodeWord);
}

/** `words` with each British spelling replaced by its American form when `isCodeWord` says so. */
export function americanSpellings(words: readonly string[], isCodeWord: (word: string) => boolean): string[] {
  return words.map((word) => {
    for (const [british, american] of FORMS) {
      if (!british.test(word)) continue;
      const other = word.replace(british, american);
      if (isCodeWord(other)) return other;
    }
    return word;
  });
}
