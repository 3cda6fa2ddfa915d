// The characters a question names in words rather than quotes: "a tilde or a slash inside a key",
// "a backslash zero", "underscores preserved". Identifier splitting keeps the word ("tilde"), which
// the code never writes; the code writes the character itself, inside a string literal ('~', '\\').
// Only names that mean a character in programming prose: "hash", "star", "pipe", "period", "space",
// "quote" and "equals" also name other things (a hash function, a glob, a table format, a time, an
// option), so they are left to the words.

/** A character a question may name: the words that name it, its name, the forms a string literal spells it by. */
export interface NamedCharacter {
  word: RegExp;
  name: string;
  forms: readonly string[];
}

const NAMES: readonly NamedCharacter[] = [
  { word: /^tildes?$/, name: "tilde", forms: ["~"] },
  { word: /^backslash(es)?$/, name: "backslash", forms: ["\\"] },
  { word: /^slash(es)?$/, name: "slash", forms: ["/"] },
  { word: /^semicolons?$/, name: "semicolon", forms: [";"] },
  { word: /^colons?$/, name: "colon", forms: [":"] },
  { word: /^commas?$/, name: "comma", forms: [","] },
  { word: /^asterisks?$/, name: "asterisk", forms: ["*"] },
  { word: /^dots?$/, name: "dot", forms: ["."] },
  { word: /^(hyphen|dash)(s|es)?$/, name: "dash", forms: ["-"] },
  { word: /^underscores?$/, name: "underscore", forms: ["_"] },
  { word: /^carets?$/, name: "caret", forms: ["^"] },
  { word: /^ampersands?$/, name: "ampersand", forms: ["&"] },
  { word: /^backticks?$/, name: "backtick", forms: ["`"] },
  { word: /^brackets?$/, name: "bracket", forms: ["[", "]"] },
  { word: /^braces?$/, name: "brace", forms: ["{", "}"] },
  { word: /^parenthes[ie]s$/, name: "parenthesis", forms: ["(", ")"] },
];

/** The characters the question names in words, each once, in question order. */
export function namedCharacters(question: string): NamedCharacter[] {
  const out = new Set<NamedCharacter>();
  for (const word of question.toLowerCase().match(/[a-z]+/g) ?? []) {
    const named = NAMES.find((c) => c.word.test(word));
    if (named) out.add(named);
  }
  return [...out];
}
