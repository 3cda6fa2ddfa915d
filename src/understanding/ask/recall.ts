// Recall for a free-text question: exact entities first (symbol and file names the question spells),
// then BM25 over split identifiers, paths, doc comments and string literals, aliases expanded.
import { createBm25Index } from "../localize/bm25.ts";
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import { expandAliases } from "../localize/expand-aliases.ts";
import { identifiersIn, splitIdentifiers } from "../index/split-identifiers.ts";
import { documentOf, symbolFields, type ReadLines } from "../index/symbol-documents.ts";
import { adjacentPairs, nameCoverage } from "./field-signals.ts";
import { delegatesOf, liftImplementations } from "./delegating-wrappers.ts";
import type { RecalledSymbol } from "./recalled-symbol.ts";
import { raiseNamedEntryCallees } from "./named-entry-callees.ts";
import { raisedPairs } from "./raised-message.ts";
import { pathPrior } from "../localize/path-prior.ts";
import {
  acronymsIn,
  createStemTerms,
  questionIdentifiers,
  questionTerms,
  synonymsOf,
} from "./question-terms.ts";

export type { RecalledSymbol };

export interface RecallOptions {
  aliases?: Readonly<Record<string, string>>;
  limit?: number;
}

// An exact name outranks any lexical score (BM25 is normalised to at most 1 below) when the question
// writes it as code. A plain word that happens to be a name ("cache", "range", "version") is only a
// hint: in most repositories some variable, property or file is called after the domain's nouns.
const EXACT_SYMBOL = 2;
const EXACT_FILE = 1;
const PLAIN_WORD_SYMBOL = 0.3;
const PLAIN_WORD_FILE = 0.15;
// A variable or constant holds data (`let versions = []`, a table of release names): "how", "where"
// and "what happens" ask for the code that does something with it.
const DATA_DAMPING = 0.6;
// Test code answers a question about tests; otherwise the code under test comes first.
const TEST_DAMPING = 0.3;
// How much of the question the symbol's name carries, added to the (normalised) lexical score: a
// name is what its author says the code does, a body mentions everything it touches.
const NAME_FIELD = 1;
// The question's word pairs found side by side in the symbol: one pair is a hint, two are the most.
const PHRASE = 0.2;
const PHRASE_PAIRS = 2;
// A question that asks for the tests themselves ("where are the tests for the TTL cache?") wants
// test code: the code under test, which carries the same words in its names, comes below it.
const NON_TEST_DAMPING = 0.5;
// Raising the error whose message has the question's words beats repeating them (a caller's
// comment, a test's expectation): a small lift, for near ties.
const RAISES = 0.1;
const aboutPeripheral = /\b(examples?|benchmarks?|bench|scripts?|demos?|samples?|docs?|fuzz\w*)\b/i;
const asksForTests = /\b(the tests|tests (for|of|that)|test (files?|suites?|cases?)|unit tests?)\b/i;
const aboutTests = /\b(tests?|tested|testing|specs?|fixtures?|pytest|mocha|jest|vitest)\b/i;

export function recall(
  index: CodeIndex,
  readLines: ReadLines,
  question: string,
  options: RecallOptions = {},
): RecalledSymbol[] {
  const paths = new Set(index.files.map((f) => f.path));
  const functions = new Map(
    index.symbols
      .filter((s) => s.kind === "function" || s.kind === "method")
      .map((s) => [`${s.file}\0${s.qualifiedName}`, s]),
  );
  const candidates = index.symbols.filter(
    (s) =>
      s.kind !== "module" &&
      !/\.d\.[cm]?ts$/.test(s.file) &&
      !isShadowedStub(s.file, paths) &&
      !insideFunction(s, functions),
  );
  if (candidates.length === 0) return [];
  const named = questionIdentifiers(question);
  const asCode = writtenAsCode(question, named);
  const nameWeight = (name: string, full: number, plain: number) =>
    named.has(name) ? (asCode.has(name) ? full : plain) : 0;
  const fileWeights = new Map(
    [...paths].map((p) => [
      p,
      question.includes(p) ? EXACT_FILE : nameWeight(baseName(p), EXACT_FILE, PLAIN_WORD_FILE),
    ]),
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
  const fields = candidates.map((s) =>
    symbolFields(s, withMembers.has(`${s.file}\0${s.qualifiedName}`) ? null : readLines(s.file)),
  );
  const rawDocuments = fields.map(documentOf);
  const stemTerms = createStemTerms();
  const documents = rawDocuments.map(stemTerms);
  const bm25 = createBm25Index(documents);
  const words = expandAliases(questionTerms(question), options.aliases ?? {});
  const vocabulary = new Set(rawDocuments.flat());
  const spelled = [
    ...words,
    ...acronymsIn(question, vocabulary),
    ...synonymsOf(words).filter((w) => vocabulary.has(w)),
  ];
  const terms = stemTerms(spelled);
  const wordOf = new Map(terms.map((t, i) => [t, spelled[i] ?? t]));
  const scores = bm25.score(terms);
  const ordered = stemTerms(questionTerms(question));
  const testFiles = new Set(index.files.filter((f) => f.isTest).map((f) => f.path));
  const damping = aboutTests.test(question) ? 1 : TEST_DAMPING;
  const nonTestDamping = asksForTests.test(question) ? NON_TEST_DAMPING : 1;
  const best = Math.max(0, ...scores);
  const peripheralDamping = aboutPeripheral.test(question) ? 1 : TEST_DAMPING;
  const out: RecalledSymbol[] = [];
  const namedSymbols = new Set<CodeSymbol>();
  const matching = new Set<CodeSymbol>();
  candidates.forEach((symbol, i) => {
    const why: string[] = [];
    let score = 0;
    // A variable named like the question's identifier is mostly a local flag or option holder.
    const full = symbol.kind === "variable" ? PLAIN_WORD_SYMBOL : EXACT_SYMBOL;
    const byName = Math.max(
      nameWeight(symbol.name, full, PLAIN_WORD_SYMBOL),
      nameWeight(symbol.qualifiedName, full, PLAIN_WORD_SYMBOL),
    );
    if (byName > 0) {
      score += byName;
      namedSymbols.add(symbol);
      // A plain word that happens to be the name is a hint, and is said to be one.
      why.push(
        asCode.has(symbol.name) || asCode.has(symbol.qualifiedName)
          ? `the question names ${symbol.name}`
          : `its name ${symbol.name} is a word of the question`,
      );
    }
    const byFile = fileWeights.get(symbol.file) ?? 0;
    if (byFile > 0) {
      score += byFile;
      why.push(
        byFile === EXACT_FILE
          ? `the question names its file ${symbol.file}`
          : `its file ${symbol.file} is named like a word of the question`,
      );
    }
    const lexical = best > 0 ? (scores[i] ?? 0) / best : 0;
    if (lexical > 0) {
      score += lexical;
      matching.add(symbol);
      const inName = new Set(stemTerms(splitIdentifiers(symbol.qualifiedName)));
      why.push(matchedWords(terms, wordOf, inName, documents[i] ?? []));
      const coverage = nameCoverage(terms, inName, bm25.idf);
      score += NAME_FIELD * coverage;
      const pairs = adjacentPairs(ordered, stemTerms(fields[i]?.text ?? []));
      if (pairs.length > 0) {
        score += PHRASE * Math.min(1, pairs.length / PHRASE_PAIRS);
        why.push(
          `has ${pairs.map((p) => `"${p.map((t) => wordOf.get(t) ?? t).join(" ")}"`).join(", ")} together`,
        );
        const body = readLines(symbol.file)?.slice(symbol.startLine - 1, symbol.endLine) ?? [];
        const raised = raisedPairs(body, ordered, stemTerms);
        if (raised.length > 0) {
          score += RAISES;
          why.push(
            `raises an error whose message has ${raised.map((p) => `"${p.map((t) => wordOf.get(t) ?? t).join(" ")}"`).join(", ")}`,
          );
        }
      }
    }
    if (!testFiles.has(symbol.file) && nonTestDamping < 1) {
      score *= nonTestDamping;
      why.push("not test code, and the question asks for tests");
    }
    if (testFiles.has(symbol.file)) {
      score *= damping;
      if (damping < 1) why.push("test code, ranked below the code it tests");
    }
    if (pathPrior(symbol.file) < 1 && peripheralDamping < 1) {
      score *= peripheralDamping;
      why.push("example, benchmark or script code, ranked below the library");
    }
    if (symbol.kind === "variable" || symbol.kind === "constant") score *= DATA_DAMPING;
    if (score > 0) out.push({ symbol, score, why });
  });
  raiseNamedEntryCallees(out, index, namedSymbols, matching);
  liftImplementations(out, delegatesOf(index, stemTerms), new Set(candidates));
  return out
    .sort((a, b) => b.score - a.score || span(a.symbol) - span(b.symbol))
    .slice(0, options.limit ?? 10);
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

function baseName(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return name.slice(0, name.indexOf(".") > 0 ? name.indexOf(".") : undefined);
}

function span(symbol: CodeSymbol): number {
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
