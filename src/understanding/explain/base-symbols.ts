// The symbols of one file as it was at the base commit: its text from `git show base:path`, parsed
// with the same extractor as the index, so "before" and "after" use one notion of a symbol.
import type { SymbolKind } from "../index/code-index.ts";
import { extractFile } from "../index/extract-file.ts";
import { fullSignature } from "./full-signature.ts";
import type { Grammars } from "../index/grammars.ts";
import { languageOf } from "../index/languages.ts";
import { runGit } from "../index/run-git.ts";
import { contentSkipReason, defaultMaxFileBytes } from "../index/skip-rules.ts";

export interface BaseSymbol {
  name: string;
  qualifiedName: string;
  kind: SymbolKind;
  startLine: number;
  endLine: number;
  signature: string;
  exported: boolean;
  /** Qualified name of the enclosing symbol, if any. */
  parent: string | null;
  /** The enclosing symbol's kind: a function's local function is not a class member. */
  parentKind: SymbolKind | null;
  /** Names this symbol calls, as the index normalises them. */
  calleeNames: string[];
}

export interface BaseFile {
  lines: string[];
  symbols: BaseSymbol[];
}

export async function readBaseFile(
  root: string,
  base: string,
  path: string,
  grammars: Grammars,
  maxFileBytes = defaultMaxFileBytes,
): Promise<BaseFile | null> {
  const language = languageOf(path);
  if (!language) return null;
  let bytes: Buffer;
  try {
    // `base:./path` is not needed: the path is repository-relative, as `git diff` printed it.
    bytes = await runGit(root, ["show", "--no-textconv", `${base}:${path}`]);
  } catch {
    return null; // not at the base (an added file): nothing to compare with
  }
  if (contentSkipReason(bytes, maxFileBytes)) return null;
  const text = bytes.toString("utf8");
  const lines = text.split("\n");
  const parsed = extractFile(await grammars.load(language), text);
  const calls = new Map<number, string[]>();
  for (const call of parsed.calls)
    if (call.from !== null) calls.set(call.from, [...(calls.get(call.from) ?? []), call.calleeName]);
  return {
    lines,
    symbols: parsed.symbols.map((s, i) => ({
      name: s.name,
      qualifiedName: s.qualifiedName,
      kind: s.kind,
      startLine: s.startLine,
      endLine: s.endLine,
      signature: fullSignature(s.signature, lines, s.startLine),
      exported: s.exported,
      parent: s.parent === null ? null : (parsed.symbols[s.parent]?.qualifiedName ?? null),
      parentKind: s.parent === null ? null : (parsed.symbols[s.parent]?.kind ?? null),
      calleeNames: calls.get(i) ?? [],
    })),
  };
}
