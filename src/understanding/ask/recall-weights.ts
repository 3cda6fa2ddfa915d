// How ask's recall turns what it measured about a symbol (its features) into a score: the weights
// as plain constants, and the one function that combines them, shared by recall and by the bench
// that re-chooses the weights (bench/tune-ask-weights.ts) so both rank the same way.

/** What recall measured about one candidate symbol for one question. */
export interface RecallFeatures {
  /** The question names the symbol: written as code, as a plain word, or not at all. */
  named: "code" | "plain" | null;
  /** The question names the symbol's file: its path, its base name as code, as a plain word. */
  file: "exact" | "plain" | null;
  /** A variable: named as code it is still mostly a local flag or option holder. */
  variable: boolean;
  /** A variable or constant: data, not the code that does something with it. */
  data: boolean;
  /** A type alias or interface the question does not name: it comes after all code (ranksAfterCode). */
  typeDeclaration: boolean;
  /**
   * A class read by its header (its methods are symbols of their own) and longer than any answer, the
   * question not naming it as code: it comes after all code (ranksAfterCode).
   */
  largeClass?: boolean;
  /** BM25 over the symbol's document, divided by the question's best BM25 score (0..1). */
  lexical: number;
  /**
   * Lines of what is scored (a large function's window): under `shortLines`, BM25 counts in
   * proportion (shortShare). Absent in older feature dumps, which then score as before.
   */
  lines?: number;
  /** The share of the question's weight (idf) its name carries (field-signals.ts). */
  coverage: number;
  /** How many of the question's adjacent word pairs are side by side in its doc comment or body. */
  pairs: number;
  /** The idf share of the question's literal tokens (`-->`, `0x80`) its body's literals spell (literal-evidence.ts). */
  literal: number;
  /** It raises an error whose message has one of those pairs (raised-message.ts). */
  raised: boolean;
  /**
   * The share of the question's weight (idf) on its own raise and throw lines, and for a question about
   * how a message is worded on its prose literals too (raised-message.ts).
   */
  raisedWords: number;
  /** It is in a test file / in example, benchmark or script code. */
  test: boolean;
  peripheral: boolean;
  /** The question is about tests / asks for the tests themselves / is about examples or scripts. */
  aboutTests: boolean;
  asksForTests: boolean;
  aboutPeripheral: boolean;
  aboutError: boolean;
  aboutMessage: boolean;
}

export interface RecallWeights {
  exactSymbol: number;
  plainWordSymbol: number;
  exactFile: number;
  plainWordFile: number;
  nameField: number;
  phrase: number;
  raises: number;
  raisedWords: number;
  literal: number;
  shortLines: number;
  siblings: number;
  reached: number;
  recordUser: number;
  dataDamping: number;
  testDamping: number;
  nonTestDamping: number;
  peripheralDamping: number;
}

export const recallWeights: Readonly<RecallWeights> = {
  // An exact name outranks any lexical score (BM25 is normalised to at most 1) when the question
  // writes it as code. A plain word that happens to be a name ("cache", "range", "version") is only
  // a hint: in most repositories some variable, property or file is called after the domain's nouns.
  exactSymbol: 2,
  plainWordSymbol: 0.3,
  exactFile: 1,
  plainWordFile: 0.15,
  // How much of the question the symbol's name carries, added to the (normalised) lexical score: a
  // name is what its author says the code does, a body mentions everything it touches.
  nameField: 1,
  // The question's word pairs found side by side in the symbol: one pair is a hint, two are the most.
  phrase: 0.2,
  // Raising the error whose message has the question's words beats repeating them (a caller's
  // comment, a test's expectation): a small lift, for near ties.
  raises: 0.1,
  // A question about an error, a refusal or a warning is answered where the code raises or throws
  // it: the share of the question's weight its raise and throw lines carry (the error's class, its
  // message) is added, as the name's is. (0.8: session 41's choice among 0.3-1.2; leave-one-
  // repository-out over session 47's 519 seen questions picks it on all 60 folds.) A question about
  // how a message is worded counts the message's prose literals with the same weight (session 49).
  raisedWords: 0.8,
  // A symbol of a few lines is mostly its name in its BM25 document (the name is written three times
  // there, beside its path), so its BM25 score repeats what `nameField` already counts, at the
  // highest density any document can have: a 3-line `toString`, `__len__` or `class YAMLError: pass`
  // outranked the function that does what the question asks on the words of its name alone. Under
  // this many lines the normalised BM25 score counts in proportion to the lines (3 lines: 3/7); the
  // name's share is untouched, so a short function whose name says what is asked keeps it. (7: 5-10
  // gain alike on session 50's 591 seen questions; leave-one-repository-out and leave-one-split-out
  // over 5, 6, 7, 8, 10 pick 7 on every fold; 0 turns it off.)
  shortLines: 7,
  // Symbols of one file among the first three are re-ordered by how specific to each of them the
  // question's words it holds are within the file (sibling-discrimination.ts), at this share of the
  // best one's score. (0.3, the one value measured, session 52 s52-ask2: 338/472 of 639 seen questions
  // against 335/472; leave-one-repository-out picks it on all 75 folds; 0 turns it off.)
  siblings: 0.3,
  // A function a named, well-ranked entry point reaches (named-entry-callees.ts): a nudge among
  // symbols that match the question about as well, not a reason to show one that does not.
  reached: 0.2,
  // The one library function that names a record class (a warning or error with no behaviour of its
  // own) is ranked at this share of the record's score, plus a margin (record-class-users.ts): 1 puts
  // it just above the record. (1 kept by leave-one-repository-out over session 40's seen sets against
  // 0, 0.8 and 0.95: picked on all 39 folds.)
  recordUser: 1,
  // A body that spells what the question quotes (`-->`, `U+2028`, 65535) handles that input.
  // (0.3 kept by tune-ask-weights' leave-one-repository-out over session 39's seen sets; 0.5 fits them
  // all one top-3 better, and loses a fold more.)
  literal: 0.3,
  // A variable or constant holds data (`let versions = []`, a table of release names): "how",
  // "where" and "what happens" ask for the code that does something with it.
  dataDamping: 0.6,
  // Test code answers a question about tests; otherwise the code under test comes first.
  testDamping: 0.3,
  // A question that asks for the tests themselves wants test code: the code under test, which
  // carries the same words in its names, comes below it.
  nonTestDamping: 0.5,
  // Examples, benchmarks and scripts come below the library unless the question is about them.
  peripheralDamping: 0.3,
};

/** The question's word pairs found side by side: this many count fully. */
export const PHRASE_PAIRS = 2;

/**
 * Whether a candidate comes after every function, method, class and piece of data that matches,
 * whatever its score: a type alias or interface the question does not name says what a value looks
 * like, and "how", "where" and "why" ask what code does with it. A damped score (`dataDamping`) still
 * let a type whose name carries the question's words (`CapitalizedWords`) outrank the function that
 * capitalizes; a question that names the type gets it by its score. A class too long to be an answer
 * (over LARGE_SYMBOL_LINES, read by its header) points the reader at nothing in particular, as a large
 * function read whole would (large-symbol-window.ts): the code that matches comes first.
 */
export function ranksAfterCode(f: Pick<RecallFeatures, "typeDeclaration" | "largeClass">): boolean {
  return f.typeDeclaration || f.largeClass === true;
}

/** The share of its BM25 score a symbol of `lines` lines keeps (recallWeights.shortLines). */
export function shortShare(lines: number | undefined, shortLines: number): number {
  return lines === undefined || shortLines <= 0 ? 1 : Math.min(1, lines / shortLines);
}

/** A candidate's score before the entry-point and wrapper passes (recall.ts). */
export function scoreOf(f: RecallFeatures, w: Readonly<RecallWeights>): number {
  let score = 0;
  if (f.named) score += f.named === "code" && !f.variable ? w.exactSymbol : w.plainWordSymbol;
  if (f.file) score += f.file === "exact" ? w.exactFile : w.plainWordFile;
  if (f.lexical > 0) {
    score += f.lexical * shortShare(f.lines, w.shortLines) + w.nameField * f.coverage;
    if (f.pairs > 0) {
      score += w.phrase * Math.min(1, f.pairs / PHRASE_PAIRS);
      if (f.raised) score += w.raises;
    }
  }
  score += w.literal * f.literal;
  if (f.aboutError || f.aboutMessage) score += w.raisedWords * f.raisedWords;
  if (!f.test && f.asksForTests) score *= w.nonTestDamping;
  if (f.test && !f.aboutTests) score *= w.testDamping;
  if (f.peripheral && !f.aboutPeripheral) score *= w.peripheralDamping;
  if (f.data) score *= w.dataDamping;
  return score;
}
