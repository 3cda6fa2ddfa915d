// Recall for a free-text question: exact entities first (symbol and file names the question spells),
// then BM25 over split identifiers, paths, doc comments and string literals, aliases expanded.
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import { expandAliases } from "../localize/expand-aliases.ts";
import { identifiersIn, splitIdentifiers } from "../index/split-identifiers.ts";
import { documentOf, symbolFields, type ReadLines } from "../index/symbol-documents.ts";
import { adjacentPairs, nameCoverage, sharesSeveralTerms } from "./field-signals.ts";
import { delegatesOf, liftImplementations } from "./delegating-wrappers.ts";
import { recalledLines, type RecalledSymbol } from "./recalled-symbol.ts";
import {
  LARGE_SYMBOL_LINES,
  largeSymbolWindow,
  windowedBm25,
  type LineRange,
} from "./large-symbol-window.ts";
import { raiseNamedEntryCallees } from "./named-entry-callees.ts";
import { raiseCalleesOverCallers, type QuestionMatch } from "./callee-over-caller.ts";
import { raisedPairs, raisedShare } from "./raised-message.ts";
import { literalShares } from "./literal-evidence.ts";
import { liftRecordUsers } from "./record-class-users.ts";
import { isDeclarationOnly, overloadImplementation } from "../localize/bodiless-declarations.ts";
import { createSymbolLookup, type SymbolLookup } from "../index/symbol-lookup.ts";
import {
  ranksAfterCode,
  recallWeights,
  scoreOf,
  shortShare,
  type RecallFeatures,
  type RecallWeights,
} from "./recall-weights.ts";
import {
  acronymsIn,
  createStemTerms,
  questionIdentifiers,
  questionTerms,
  synonymsOf,
} from "./question-terms.ts";
import { questionAbout } from "./question-about.ts";
import { exampleIdentifiers } from "./question-examples.ts";
import { americanSpelling } from "./british-spellings.ts";
import { discriminateSiblings, siblingEvidence } from "./sibling-discrimination.ts";

export type { RecalledSymbol };

export interface RecallOptions {
  aliases?: Readonly<Record<string, string>>;
  limit?: number;
  /** Other weights than recall-weights.ts' (the bench that chooses them). */
  weights?: Partial<RecallWeights>;
  /**
   * Told every scored candidate's features and, for a large function, the window it is read and cited
   * as (the bench that chooses the weights judges what the reader is shown).
   */
  onFeatures?: (
    symbol: CodeSymbol,
    features: RecallFeatures,
    window: LineRange | null,
    /** The question terms it holds, as the callee-over-caller pass reads them. */
    match: QuestionMatch | null,
  ) => void;
  /** Told the question's stemmer: the wrapper pass's links depend on it (bench/ask-features.ts). */
  onStemTerms?: (stem: (terms: readonly string[]) => string[]) => void;
}

export function recall(
  index: CodeIndex,
  readLines: ReadLines,
  question: string,
  options: RecallOptions = {},
): RecalledSymbol[] {
  const paths = new Set(index.files.map((f) => f.path));
  const functions = functionsOf(index);
  const lookup = createSymbolLookup(index);
  const candidates = recallCandidates(index, lookup);
  if (candidates.length === 0) return [];
  const docs = overloadDocs(index, lookup);
  // An example of the input ("like del_ or input_") is data the code handles, not a name of it.
  const examples = exampleIdentifiers(question);
  const named = new Set([...questionIdentifiers(question)].filter((n) => !examples.has(n)));
  const asCode = writtenAsCode(question, named);
  const weights = { ...recallWeights, ...options.weights };
  const nameClass = (name: string) => (named.has(name) ? (asCode.has(name) ? "code" : "plain") : null);
  const fileClasses = new Map(
    [...paths].map((p) => {
      const byName = nameClass(baseName(p));
      return [
        p,
        question.includes(p) || byName === "code" ? "exact" : byName === null ? null : "plain",
      ] as const;
    }),
  );
  // A class whose methods are symbols of their own is matched on its name, doc and signature: with
  // its whole body it would outrank, on any broad question, the one method that answers it.
  // A function's nested symbols were folded into it above, so a function is always read whole.
  const withMembers = new Set(
    candidates
      .filter((s) => s.qualifiedName.includes("."))
      .map((s) => `${s.file}\0${s.qualifiedName.slice(0, s.qualifiedName.lastIndexOf("."))}`),
  );
  for (const f of functions.values()) withMembers.delete(`${f.file}\0${f.qualifiedName}`);
  const readWhole = (s: CodeSymbol) => !withMembers.has(`${s.file}\0${s.qualifiedName}`);
  const { windows, wholeFields, fields } = readCandidates(candidates, {
    docs,
    readWhole,
    readLines,
    question,
  });
  // The lines read of a symbol: its matching window in a large one, else all of it.
  const bodyOf = (s: CodeSymbol): string[] => {
    const { startLine, endLine } = windows.get(s) ?? s;
    return readLines(s.file)?.slice(startLine - 1, endLine) ?? [];
  };
  const rawWhole = wholeFields.map(documentOf);
  const vocabulary = new Set(rawWhole.flat());
  const asked = expandAliases(questionTerms(question), options.aliases ?? {});
  const stemTerms = createStemTerms(new Set([...vocabulary, ...asked]));
  const spell = americanSpelling(vocabulary, stemTerms);
  const words = spell(asked);
  options.onStemTerms?.(stemTerms);
  const documents = fields.map((f) => stemTerms(documentOf(f)));
  const bm25 = windowedBm25(
    rawWhole.map(stemTerms),
    new Map(candidates.flatMap((s, i) => (windows.has(s) ? [[i, documents[i] ?? []] as const] : []))),
  );
  const spelled = [
    ...words,
    ...acronymsIn(question, vocabulary),
    ...synonymsOf(words).filter((w) => vocabulary.has(w)),
  ];
  const terms = stemTerms(spelled);
  const wordOf = new Map(terms.map((t, i) => [t, spelled[i] ?? t]));
  const { scores, best } = bm25.score(terms);
  const ordered = stemTerms(spell(questionTerms(question)));
  const testFiles = new Set(index.files.filter((f) => f.isTest).map((f) => f.path));
  const about = questionAbout(question);
  // A class read by its name and signature (withMembers) spells no literal of its methods' bodies.
  const literals = literalShares(question, candidates.length, (i) => {
    const s = candidates[i];
    return s && readWhole(s) ? bodyOf(s) : [];
  });
  const out: RecalledSymbol[] = [];
  const namedSymbols = new Set<CodeSymbol>();
  const namedAsCode = new Set<CodeSymbol>();
  const afterCode = new Set<CodeSymbol>();
  // A type named like a function (`type PascalCase<T>` beside `pascalCase()`): the question's
  // "PascalCase" names the conversion the function does as much as the type, and the function runs.
  // A test block (`describe("PascalCase")`) or a signature that never runs is no such function.
  const callableNames = new Set(
    [...functions.values()]
      .filter((f) => !testFiles.has(f.file) && !isDeclarationOnly(f, lookup))
      .map((f) => f.name.toLowerCase()),
  );
  const matching = new Set<CodeSymbol>();
  const matchOf = new Map<CodeSymbol, QuestionMatch>();
  candidates.forEach((symbol, i) => {
    const why: string[] = [];
    const names = [nameClass(symbol.name), nameClass(symbol.qualifiedName)];
    const byName = names.includes("code") ? "code" : names.includes("plain") ? "plain" : null;
    if (byName) {
      namedSymbols.add(symbol);
      if (byName === "code") namedAsCode.add(symbol);
      // A plain word that happens to be the name is a hint, and is said to be one.
      why.push(
        byName === "code"
          ? `the question names ${symbol.name}`
          : `its name ${symbol.name} is a word of the question`,
      );
    }
    const byFile = fileClasses.get(symbol.file) ?? null;
    if (byFile)
      why.push(
        byFile === "exact"
          ? `the question names its file ${symbol.file}`
          : `its file ${symbol.file} is named like a word of the question`,
      );
    const lexical = best > 0 ? (scores[i] ?? 0) / best : 0;
    let coverage = 0;
    let pairs: string[][] = [];
    let raised: string[][] = [];
    let raisedWords = 0;
    if (lexical > 0) {
      matching.add(symbol);
      const inName = new Set(stemTerms(splitIdentifiers(symbol.qualifiedName)));
      const inDocument = new Set(documents[i] ?? []);
      matchOf.set(symbol, { matched: new Set(terms.filter((t) => inDocument.has(t))), name: inName });
      why.push(matchedWords(terms, wordOf, inName, documents[i] ?? []));
      // One shared word is no evidence that the name says what the question asks (field-signals.ts).
      coverage = sharesSeveralTerms(terms, documents[i] ?? []) ? nameCoverage(terms, inName, bm25.idf) : 0;
      pairs = adjacentPairs(ordered, stemTerms(fields[i]?.text ?? []));
      // A class read by its header (withMembers) raises nothing of its own: its methods do.
      if ((about.aboutError || about.aboutMessage) && readWhole(symbol)) {
        const onRaise = raisedShare(bodyOf(symbol), terms, stemTerms, bm25.idf, about.aboutMessage);
        raisedWords = onRaise.share;
        const what = about.aboutMessage ? "raises, throws or writes a message" : "raises or throws";
        if (raisedWords > 0)
          why.push(
            `${what} with the question's ${onRaise.matched.map((t) => wordOf.get(t) ?? t).join(", ") || "words, shortened"}`,
          );
      }
      if (pairs.length > 0) {
        why.push(
          `has ${pairs.map((p) => `"${p.map((t) => wordOf.get(t) ?? t).join(" ")}"`).join(", ")} together`,
        );
        raised = raisedPairs(bodyOf(symbol), ordered, stemTerms);
        if (raised.length > 0)
          why.push(
            `raises an error whose message has ${raised.map((p) => `"${p.map((t) => wordOf.get(t) ?? t).join(" ")}"`).join(", ")}`,
          );
      }
    }
    const literal = literals.shares[i] ?? 0;
    if (literal > 0) why.push(`its literals spell the question's ${literals.spelled[i]?.join(", ")}`);
    const read = windows.get(symbol) ?? symbol;
    const lines = read.endLine - read.startLine + 1;
    if (lexical > 0 && shortShare(lines, weights.shortLines) < 1)
      why.push(`${lines} line${lines === 1 ? "" : "s"} long: its words count less than a longer body's`);
    const features: RecallFeatures = {
      lines,
      literal,
      named: byName,
      file: byFile,
      variable: symbol.kind === "variable",
      data: isData(symbol),
      typeDeclaration:
        isTypeDeclaration(symbol) && (byName === null || callableNames.has(symbol.name.toLowerCase())),
      lexical,
      coverage,
      pairs: pairs.length,
      raised: raised.length > 0,
      raisedWords,
      test: testFiles.has(symbol.file),
      peripheral: lookup.isPeripheral(symbol.file),
      ...about,
    };
    if (
      !readWhole(symbol) &&
      symbol.endLine - symbol.startLine + 1 > LARGE_SYMBOL_LINES &&
      byName !== "code"
    ) {
      features.largeClass = true;
      why.push(
        `a class of ${symbol.endLine - symbol.startLine + 1} lines, ranked after the code that matches`,
      );
    }
    if (!features.test && features.asksForTests) why.push("not test code, and the question asks for tests");
    if (features.test && !features.aboutTests) why.push("test code, ranked below the code it tests");
    if (features.data)
      why.push(
        !isTypeDeclaration(symbol)
          ? "data (a variable or constant), ranked below code"
          : !features.typeDeclaration
            ? "a type declaration the question names, ranked as data"
            : byName
              ? "a type declaration named like a function, ranked after the code that matches"
              : "a type declaration, ranked after the code that matches",
      );
    if (features.peripheral && !features.aboutPeripheral)
      why.push("example, benchmark or script code, ranked below the library");
    const score = scoreOf(features, weights);
    if (score > 0) {
      options.onFeatures?.(symbol, features, windows.get(symbol) ?? null, matchOf.get(symbol) ?? null);
      out.push({ symbol, score, why });
      if (ranksAfterCode(features)) afterCode.add(symbol);
    }
  });
  // A test or an example the question happens to name is no entry point of the library: `HEAD`, an
  // HTTP method, is also express's test block `describe('HEAD')`, and what that calls is the test's
  // set-up, not the part of the library the question asks about.
  const entryPoints = new Set(
    [...namedSymbols].filter(
      (s) =>
        (about.aboutTests || !testFiles.has(s.file)) &&
        (about.aboutPeripheral || !lookup.isPeripheral(s.file)),
    ),
  );
  raiseNamedEntryCallees(out, index, entryPoints, matching, weights.reached);
  liftImplementations(out, delegatesOf(index, stemTerms), new Set(candidates));
  liftRecordUsers(
    out,
    { candidates, readLines, isTest: (f) => testFiles.has(f), namedAsCode },
    weights.recordUser,
  );
  raiseCalleesOverCallers(out, index, matchOf, (t) => wordOf.get(t) ?? t);
  for (const r of out) {
    const window = windows.get(r.symbol);
    if (window) r.window = window;
  }
  const tier = (r: RecalledSymbol) => (afterCode.has(r.symbol) ? 1 : 0);
  out.sort(
    (a, b) => tier(a) - tier(b) || b.score - a.score || span(recalledLines(a)) - span(recalledLines(b)),
  );
  // Siblings of one file among the first three, told apart by the words few of them hold.
  discriminateSiblings(out, siblingEvidence(candidates, documents, terms, bm25.idf), weights.siblings, tier);
  return out.slice(0, options.limit ?? 10);
}

/**
 * Each candidate's fields as written (`wholeFields`) and as scored (`fields`): a function too long to
 * be an answer is read as its window (large-symbol-window.ts), kept in `windows`; its whole document
 * still counts in the corpus statistics and the vocabulary, its window is what is scored. A class
 * whose members are symbols of their own (`readWhole` false) is read without its body.
 */
function readCandidates(
  candidates: readonly CodeSymbol[],
  read: {
    docs: ReadonlyMap<CodeSymbol, string>;
    readWhole: (s: CodeSymbol) => boolean;
    readLines: ReadLines;
    question: string;
  },
) {
  const { docs, readWhole, readLines, question } = read;
  const windows = new Map<CodeSymbol, LineRange>();
  const wholeFields = candidates.map((s) =>
    symbolFields(
      docs.has(s) ? { ...s, doc: docs.get(s) ?? null } : s,
      readWhole(s) ? readLines(s.file) : null,
    ),
  );
  const fields = candidates.map((s, i) => {
    const window = readWhole(s) ? largeSymbolWindow(s, readLines(s.file), question) : null;
    if (!window) return wholeFields[i] ?? symbolFields(s, null);
    windows.set(s, window);
    return symbolFields({ ...s, ...window, doc: docs.get(s) ?? s.doc }, readLines(s.file));
  });
  return { windows, wholeFields, fields };
}

/**
 * The symbols recall scores: no modules, declaration files, shadowed stubs or nested functions, and
 * no TypeScript declaration that never runs (an overload signature, an interface's or a `declare
 * module` augmentation's method signature): its short document outscores the code on the words of
 * its name, and the question asks what the code does.
 */
export function recallCandidates(index: CodeIndex, lookup: SymbolLookup): CodeSymbol[] {
  const paths = new Set(index.files.map((f) => f.path));
  const functions = functionsOf(index);
  return index.symbols.filter(
    (s) =>
      s.kind !== "module" &&
      !/\.d\.[cm]?ts$/.test(s.file) &&
      !isShadowedStub(s.file, paths) &&
      !insideFunction(s, functions) &&
      !isDeclarationOnly(s, lookup),
  );
}

/**
 * The doc comments written on overload signatures, for the implementation that follows them: in
 * TypeScript the comment sits above the first overload, and the implementation, which is what
 * recall scores, has none of its own.
 */
function overloadDocs(index: CodeIndex, lookup: SymbolLookup): Map<CodeSymbol, string> {
  const docs = new Map<CodeSymbol, string>();
  for (const s of index.symbols) {
    if (!s.doc) continue;
    const implementation = overloadImplementation(s, lookup);
    if (implementation && !implementation.doc && !docs.has(implementation)) docs.set(implementation, s.doc);
  }
  return docs;
}

function functionsOf(index: CodeIndex): Map<string, CodeSymbol> {
  return new Map(
    index.symbols
      .filter((s) => s.kind === "function" || s.kind === "method")
      .map((s) => [`${s.file}\0${s.qualifiedName}`, s]),
  );
}

/** "matches the question's words parse, header (in its name: parse)". */
function matchedWords(
  terms: readonly string[],
  wordOf: ReadonlyMap<string, string>,
  inName: ReadonlySet<string>,
  document: readonly string[],
): string {
  const inDoc = new Set(document);
  const hits = [...new Set(terms)].filter((t) => inDoc.has(t));
  const named = hits.filter((t) => inName.has(t));
  const say = (ts: string[]) => ts.map((t) => wordOf.get(t) ?? t).join(", ");
  const where = named.length > 0 ? ` (in its name: ${say(named)})` : " (in its body or doc comment)";
  return `matches the question's words ${say(hits)}${where}`;
}

/**
 * The names the question writes as code: in backticks, followed by `(`, or shaped like an
 * identifier rather than a word (`lru_cache`, `parseURL`, `$URL`, `v2`), or capitalised inside the
 * sentence (a class: "how does Range test a version?").
 */
function writtenAsCode(question: string, named: ReadonlySet<string>): Set<string> {
  const quoted = [...question.matchAll(/`([^`]+)`/g)].flatMap((m) => [...identifiersIn(m[1] ?? "")]);
  const called = [...question.matchAll(/([A-Za-z_$][A-Za-z0-9_$]*)\(/g)].map((m) => m[1] ?? "");
  const code = new Set([...quoted, ...called]);
  return new Set(
    [...named].filter(
      (name) =>
        code.has(name) ||
        /[_$0-9]|[a-z][A-Z]|^[A-Z]{2,}/.test(name) ||
        (/^[A-Z]/.test(name) && !question.trimStart().startsWith(name)),
    ),
  );
}

/** A Python stub beside its module (`more.pyi` next to `more.py`) declares what the module defines. */
function isShadowedStub(file: string, paths: ReadonlySet<string>): boolean {
  return file.endsWith(".pyi") && paths.has(file.slice(0, -1));
}

/**
 * Data and its shape, not code that does something with it: a variable, a constant, and a type alias
 * or interface, which says what a value looks like (`type CapitalizedWords<T>`), not how it is made.
 */
function isData(symbol: CodeSymbol): boolean {
  return ["variable", "constant"].includes(symbol.kind) || isTypeDeclaration(symbol);
}

function isTypeDeclaration(symbol: CodeSymbol): boolean {
  return symbol.kind === "type" || symbol.kind === "interface";
}

function baseName(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return name.slice(0, name.indexOf(".") > 0 ? name.indexOf(".") : undefined);
}

function span(symbol: LineRange): number {
  return symbol.endLine - symbol.startLine;
}

/**
 * A function or class defined inside another function's body (a decorator's wrapper, a callback, a
 * descriptor class a decorator builds) is part of what that function does: it is scored there, not
 * as a rival answer, however deep it is nested. A method assigned outside its constructor function
 * (`Negotiator.prototype.charset = …`) is its own answer.
 */
function insideFunction(symbol: CodeSymbol, functions: ReadonlyMap<string, CodeSymbol>): boolean {
  for (let name = parentName(symbol.qualifiedName); name !== ""; name = parentName(name)) {
    const outer = functions.get(`${symbol.file}\0${name}`);
    if (outer && outer !== symbol && outer.startLine <= symbol.startLine && symbol.endLine <= outer.endLine)
      return true;
  }
  return false;
}

/** `Cache.get` → `Cache`; a top-level name has no parent (""). */
function parentName(qualifiedName: string): string {
  const dot = qualifiedName.lastIndexOf(".");
  return dot < 0 ? "" : qualifiedName.slice(0, dot);
}
