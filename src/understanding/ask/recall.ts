// Recall for a free-text question: exact entities first (symbol and file names the question spells),
// then BM25 over split identifiers, paths, doc comments and string literals, aliases expanded.
import { createBm25Index } from "../localize/bm25.ts";
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import { expandAliases } from "../localize/expand-aliases.ts";
import { identifiersIn, splitIdentifiers } from "../index/split-identifiers.ts";
import { symbolDocument, type ReadLines } from "../index/symbol-documents.ts";

export interface RecalledSymbol {
  symbol: CodeSymbol;
  score: number;
  /** Why it was recalled, in words: the names and question words it matches. */
  why: string[];
}

export interface RecallOptions {
  aliases?: Readonly<Record<string, string>>;
  limit?: number;
}

// An exact name outranks any lexical score (BM25 is normalised to at most 1 below).
const EXACT_SYMBOL = 2;
const EXACT_FILE = 1;
// Test code answers a question about tests; otherwise the code under test comes first.
const TEST_DAMPING = 0.5;
const aboutTests = /\b(tests?|tested|testing|specs?|fixtures?|pytest|mocha|jest|vitest)\b/i;

export function recall(
  index: CodeIndex,
  readLines: ReadLines,
  question: string,
  options: RecallOptions = {},
): RecalledSymbol[] {
  const candidates = index.symbols.filter((s) => s.kind !== "module" && !/\.d\.[cm]?ts$/.test(s.file));
  if (candidates.length === 0) return [];
  const named = identifiersIn(question);
  const mentionedFiles = new Set(
    index.files.map((f) => f.path).filter((p) => question.includes(p) || named.has(baseName(p))),
  );
  const documents = candidates.map((s) => symbolDocument(s, readLines(s.file)));
  const bm25 = createBm25Index(documents);
  const terms = expandAliases(splitIdentifiers(question), options.aliases ?? {});
  const scores = bm25.score(terms);
  const testFiles = new Set(index.files.filter((f) => f.isTest).map((f) => f.path));
  const damping = aboutTests.test(question) ? 1 : TEST_DAMPING;
  const best = Math.max(0, ...scores);
  const out: RecalledSymbol[] = [];
  candidates.forEach((symbol, i) => {
    const why: string[] = [];
    let score = 0;
    if (named.has(symbol.name) || named.has(symbol.qualifiedName)) {
      score += EXACT_SYMBOL;
      why.push(`the question names ${symbol.name}`);
    }
    if (mentionedFiles.has(symbol.file)) {
      score += EXACT_FILE;
      why.push(`the question names its file ${symbol.file}`);
    }
    const lexical = best > 0 ? (scores[i] ?? 0) / best : 0;
    if (lexical > 0) {
      score += lexical;
      why.push(matchedWords(terms, symbol, documents[i] ?? []));
    }
    if (testFiles.has(symbol.file)) {
      score *= damping;
      if (damping < 1) why.push("test code, ranked below the code it tests");
    }
    if (score > 0) out.push({ symbol, score, why });
  });
  return out
    .sort((a, b) => b.score - a.score || span(a.symbol) - span(b.symbol))
    .slice(0, options.limit ?? 10);
}

/** "matches the question's words parse, header (in its name: parse)". */
function matchedWords(terms: readonly string[], symbol: CodeSymbol, document: readonly string[]): string {
  const inDoc = new Set(document);
  const inName = new Set(splitIdentifiers(symbol.qualifiedName));
  const hits = [...new Set(terms)].filter((t) => inDoc.has(t));
  const named = hits.filter((t) => inName.has(t));
  const where = named.length > 0 ? ` (in its name: ${named.join(", ")})` : " (in its body or doc comment)";
  return `matches the question's words ${hits.join(", ")}${where}`;
}

function baseName(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return name.slice(0, name.indexOf(".") > 0 ? name.indexOf(".") : undefined);
}

function span(symbol: CodeSymbol): number {
  return symbol.endLine - symbol.startLine;
}
