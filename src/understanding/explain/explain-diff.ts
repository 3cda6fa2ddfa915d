// `explain`: what a diff between two commits does, per changed symbol, as plain data. The checkout
// must be at `head` and `index` its code index; the base side is read from git. No GitHub here.
import type { CompleteText } from "../ask/answer-question.ts";
import { readBaseFile } from "./base-symbols.ts";
import { changedSymbols, type ChangeKind, type ChangedSymbol } from "./changed-symbols.ts";
import type { CodeIndex, SymbolKind } from "../index/code-index.ts";
import { diffHunks } from "./diff-hunks.ts";
import { modelSentence, ruleSentence } from "./explain-sentence.ts";
import { createGrammars } from "../index/grammars.ts";
import { readRepoFile } from "../read-repo-file.ts";
import { pathSkipReason } from "../index/skip-rules.ts";
import { createSymbolLookup } from "../index/symbol-lookup.ts";
import { createCallGraph, type SymbolImpact } from "./symbol-impact.ts";

export interface ExplainInput {
  root: string;
  base: string;
  /** Default "HEAD": the checkout's commit. */
  head?: string;
  index: CodeIndex;
  /** A path (file or directory) or a symbol name to restrict the explanation to. */
  focus?: string;
  complete?: CompleteText | null;
  /** Symbols sent to the model at most (the rest get the rule sentence). Default 30. */
  maxModelCalls?: number;
  /** Called when a model call fails; the symbol then gets the rule sentence. */
  onModelError?: (err: unknown, symbol: string) => void;
}

export interface SymbolExplanation extends SymbolImpact {
  change: ChangeKind;
  qualifiedName: string;
  kind: SymbolKind;
  file: string;
  /** Start line at the head (the base for a removed symbol). */
  line: number;
  /** The first added head line inside the symbol: where a review comment can go. */
  commentLine: number | null;
  exported: boolean;
  signatureBefore: string | null;
  signatureAfter: string | null;
  signatureChanged: boolean;
  addedLines: number;
  removedLines: number;
  risks: string[];
  explanation: string;
  explainedBy: "model" | "rule";
}

export interface ChangedFile {
  path: string;
  oldPath: string | null;
  status: "added" | "deleted" | "modified" | "renamed";
  added: number;
  removed: number;
  /** Changed lines outside any symbol. */
  outsideLines: number;
}

export interface DiffExplanation {
  files: ChangedFile[];
  symbols: SymbolExplanation[];
  focus: string | null;
}

export async function explainDiff(input: ExplainInput): Promise<DiffExplanation> {
  const diffs = await diffHunks(input.root, input.base, input.head ?? "HEAD");
  const lookup = createSymbolLookup(input.index);
  const grammars = await createGrammars();
  const files: ChangedFile[] = [];
  const changed: ChangedSymbol[] = [];
  try {
    for (const diff of diffs) {
      const path = diff.newPath ?? diff.oldPath ?? "";
      // Only files the index covers (at the head) or would cover (deleted): a vendored or ignored
      // file's base symbols would otherwise all look "removed".
      const covered = diff.newPath ? lookup.file(diff.newPath) !== undefined : !skippedAtHead(diff.oldPath);
      const base =
        covered && diff.oldPath ? await readBaseFile(input.root, input.base, diff.oldPath, grammars) : null;
      const own =
        diff.binary || !covered
          ? { symbols: [], outsideLines: 0 }
          : changedSymbols(diff, diff.newPath ? lookup.symbolsIn(diff.newPath) : [], base);
      changed.push(...own.symbols);
      files.push({
        path,
        oldPath: diff.oldPath,
        status: !diff.oldPath
          ? "added"
          : !diff.newPath
            ? "deleted"
            : diff.oldPath !== diff.newPath
              ? "renamed"
              : "modified",
        added: diff.hunks.reduce((n, h) => n + h.newCount, 0),
        removed: diff.hunks.reduce((n, h) => n + h.oldCount, 0),
        outsideLines: own.outsideLines,
      });
    }
  } finally {
    grammars.close();
  }
  const focus = input.focus?.trim() || null;
  const wanted = focus ? changed.filter((c) => matchesFocus(c, focus)) : changed;
  const graph = createCallGraph(input.index, lookup);
  const symbols: SymbolExplanation[] = [];
  let modelCalls = 0;
  for (const c of wanted) {
    const impact = graph.impact(c);
    const signatureBefore = c.before?.signature ?? null;
    const signatureAfter = c.after?.signature ?? null;
    const signatureChanged =
      c.change === "modified" && normalise(signatureBefore) !== normalise(signatureAfter);
    const exported = Boolean(c.after?.exported ?? c.before?.exported);
    let explanation: string | null = null;
    if (input.complete && modelCalls < (input.maxModelCalls ?? 30)) {
      modelCalls++;
      try {
        explanation = await modelSentence(input.complete, c, symbolCode(input, c));
      } catch (err) {
        input.onModelError?.(err, c.qualifiedName);
      }
    }
    symbols.push({
      change: c.change,
      qualifiedName: c.qualifiedName,
      kind: c.kind,
      file: c.file,
      line: c.after?.startLine ?? c.before?.startLine ?? 0,
      commentLine: c.change === "removed" ? null : (c.addedLines[0] ?? null),
      exported,
      signatureBefore: c.change === "added" ? null : signatureBefore,
      signatureAfter: c.change === "removed" ? null : signatureAfter,
      signatureChanged,
      addedLines: c.addedLines.length,
      removedLines: c.removedLines.length,
      ...impact,
      risks: risks(c, impact, exported, signatureChanged),
      explanation: explanation ?? ruleSentence(c, impact, signatureChanged),
      explainedBy: explanation ? "model" : "rule",
    });
  }
  return { files, symbols, focus };
}

function skippedAtHead(path: string | null): boolean {
  return path === null || pathSkipReason(path) !== null;
}

function matchesFocus(c: ChangedSymbol, focus: string): boolean {
  const path = focus.replace(/^\.\//, "").replace(/\/$/, "");
  return c.file === path || c.file.startsWith(`${path}/`) || c.qualifiedName === focus || c.name === focus;
}

function normalise(signature: string | null): string {
  return (signature ?? "").replace(/\s+/g, " ").trim();
}

function risks(
  c: ChangedSymbol,
  impact: SymbolImpact,
  exported: boolean,
  signatureChanged: boolean,
): string[] {
  const out: string[] = [];
  if (exported && (c.change === "removed" || signatureChanged)) out.push("public (exported) API changed");
  if (signatureChanged)
    out.push(
      `signature changed; ${impact.callers.length + impact.tests.length} call site(s) may need updating`,
    );
  if (c.change === "removed" && impact.stillCalled.length > 0) {
    const at = impact.stillCalled.map((s) => `${s.path}:${s.line}`).join(", ");
    out.push(`removed but its name is still called at ${at}`);
  }
  if (c.change !== "removed" && impact.tests.length === 0) out.push("no test calls it");
  return out;
}

function symbolCode(input: ExplainInput, c: ChangedSymbol): string {
  // The model sees the symbol's own lines only, at the side where it exists.
  const s = c.after ?? c.before;
  if (!s) return "";
  return c.hunk.length > 0 && !c.after
    ? c.hunk.map((l) => l.slice(1)).join("\n")
    : readRange(input.root, c.file, s.startLine, s.endLine);
}

function readRange(root: string, path: string, start: number, end: number): string {
  // A symlink in the PR could point outside the checkout: its target is never read or sent.
  const bytes = readRepoFile(root, path);
  if (bytes === null) return "";
  return bytes
    .toString("utf8")
    .split("\n")
    .slice(start - 1, end)
    .join("\n");
}
