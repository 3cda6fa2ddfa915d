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
  why: string[];
}

export interface RecallOptions {
  aliases?: Readonly<Record<string, string>>;
  limit?: number;
}

// An exact name outranks any lexical score (BM25 is normalised to at most 1 below).
const EXACT_SYMBOL = 2;
const EXACT_FILE = 1;

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
  const bm25 = createBm25Index(candidates.map((s) => symbolDocument(s, readLines(s.file))));
  const scores = bm25.score(expandAliases(splitIdentifiers(question), options.aliases ?? {}));
  const best = Math.max(0, ...scores);
  const out: RecalledSymbol[] = [];
  candidates.forEach((symbol, i) => {
    const why: string[] = [];
    let score = 0;
    if (named.has(symbol.name) || named.has(symbol.qualifiedName)) {
      score += EXACT_SYMBOL;
      why.push(`exact_name: ${symbol.name}`);
    }
    if (mentionedFiles.has(symbol.file)) {
      score += EXACT_FILE;
      why.push(`exact_file: ${symbol.file}`);
    }
    const lexical = best > 0 ? (scores[i] ?? 0) / best : 0;
    if (lexical > 0) {
      score += lexical;
      why.push(`bm25: ${lexical.toFixed(2)}`);
    }
    if (score > 0) out.push({ symbol, score, why });
  });
  return out
    .sort((a, b) => b.score - a.score || span(a.symbol) - span(b.symbol))
    .slice(0, options.limit ?? 10);
}

function baseName(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return name.slice(0, name.indexOf(".") > 0 ? name.indexOf(".") : undefined);
}

function span(symbol: CodeSymbol): number {
  return symbol.endLine - symbol.startLine;
}
