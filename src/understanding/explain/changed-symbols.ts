// Which symbols a diff touches. Every changed line is attributed to the innermost symbol around it:
// an added line to a symbol of the head index, a removed line to a symbol of the base file. A name
// present on both sides is "modified", only at the head "added", only at the base "removed".
import type { BaseFile, BaseSymbol } from "./base-symbols.ts";
import type { CodeSymbol, SymbolKind } from "../index/code-index.ts";
import type { FileDiff } from "./diff-hunks.ts";

export type ChangeKind = "added" | "removed" | "modified" | "renamed";

export interface ChangedSymbol {
  change: ChangeKind;
  qualifiedName: string;
  name: string;
  kind: SymbolKind;
  /** The head path; the base path for a removed symbol. */
  file: string;
  before: BaseSymbol | null;
  after: CodeSymbol | null;
  /** Head lines added inside the symbol, ascending. */
  addedLines: number[];
  /** Base lines removed inside the symbol, ascending. */
  removedLines: number[];
  /** The diff lines attributed to the symbol (`+x` / `-y`), hunks separated by `@@`. */
  hunk: string[];
  /** A renamed (or moved) symbol: its name and file at the base. */
  renamedFrom?: { qualifiedName: string; file: string };
}

export interface FileChanges {
  symbols: ChangedSymbol[];
  /** Changed lines outside every symbol (imports, top-level statements, comments above a symbol). */
  outsideLines: number;
}

interface Ranged {
  qualifiedName: string;
  startLine: number;
  endLine: number;
  kind: SymbolKind;
}

export function changedSymbols(
  diff: FileDiff,
  headSymbols: readonly CodeSymbol[],
  base: BaseFile | null,
): FileChanges {
  const baseSymbols = base?.symbols ?? [];
  const entries = new Map<string, ChangedSymbol>();
  let outsideLines = 0;
  const entryFor = (qualifiedName: string, seed: BaseSymbol | CodeSymbol, hunkNo: number) => {
    let entry = entries.get(qualifiedName);
    if (!entry) {
      entry = {
        change: "modified",
        qualifiedName,
        name: seed.name,
        kind: seed.kind,
        file: diff.newPath ?? diff.oldPath ?? "",
        before: null,
        after: null,
        addedLines: [],
        removedLines: [],
        hunk: [],
      };
      entries.set(qualifiedName, entry);
    }
    if (lastHunk.get(qualifiedName) !== hunkNo) {
      if (entry.hunk.length > 0) entry.hunk.push("@@");
      lastHunk.set(qualifiedName, hunkNo);
    }
    return entry;
  };
  const lastHunk = new Map<string, number>();
  diff.hunks.forEach((hunk, hunkNo) => {
    let oldNo = hunk.oldStart;
    let newNo = hunk.newStart;
    for (const line of hunk.lines) {
      const removed = line.startsWith("-");
      const owner = removed ? innermost(baseSymbols, oldNo) : innermost(headSymbols, newNo);
      if (!owner) outsideLines++;
      else {
        const entry = entryFor(owner.qualifiedName, owner, hunkNo);
        entry.hunk.push(line);
        if (removed) entry.removedLines.push(oldNo);
        else entry.addedLines.push(newNo);
      }
      if (removed) oldNo++;
      else newNo++;
    }
  });
  const symbols: ChangedSymbol[] = [];
  for (const entry of entries.values()) {
    entry.before = baseSymbols.find((s) => s.qualifiedName === entry.qualifiedName) ?? null;
    entry.after = headSymbols.find((s) => s.qualifiedName === entry.qualifiedName) ?? null;
    entry.change = entry.before && entry.after ? "modified" : entry.after ? "added" : "removed";
    if (entry.change === "removed") entry.file = diff.oldPath ?? entry.file;
    symbols.push(entry);
  }
  // A method of an added (or removed) class is part of that change, not a change of its own.
  const whole = symbols.filter((s) => s.change !== "modified");
  const kept = symbols.filter(
    (s) =>
      !whole.some(
        (p) => p !== s && p.change === s.change && s.qualifiedName.startsWith(`${p.qualifiedName}.`),
      ),
  );
  return { symbols: kept.sort((a, b) => firstLine(a) - firstLine(b)), outsideLines };
}

function innermost<T extends Ranged>(symbols: readonly T[], line: number): T | null {
  let best: T | null = null;
  for (const s of symbols) {
    if (s.kind === "module" || line < s.startLine || line > s.endLine) continue;
    if (!best || s.endLine - s.startLine < best.endLine - best.startLine) best = s;
  }
  return best;
}

/** Head symbols in line order, then removed ones in base line order (two different numberings). */
function firstLine(s: ChangedSymbol): number {
  return s.after ? s.after.startLine : 1e9 + (s.before?.startLine ?? 0);
}
