// `explain`: what a diff between two commits (or a commit and the working tree) does, per changed
// symbol, as plain data. The checkout must be at `head` and `index` its code index; the base side
// is read from git. No GitHub here.
import type { CompleteText } from "../ask/answer-question.ts";
import { apiVisibility, type ApiVisibility } from "./api-visibility.ts";
import { behaviourChanges } from "./behaviour-changes.ts";
import type { ChangeKind, ChangedSymbol } from "./changed-symbols.ts";
import type { CodeIndex, CodeSymbol, SymbolKind } from "../index/code-index.ts";
import { detectRenames } from "./detect-renames.ts";
import { diffFiles, type ChangedFile } from "./diff-files.ts";
import { diffHunks } from "./diff-against-base.ts";
import { modelSentence, ruleSentence } from "./explain-sentence.ts";
import { fullSignature, normaliseSignature } from "./full-signature.ts";
import { createGrammars } from "../index/grammars.ts";
import { languageOf } from "../index/languages.ts";
import { createModuleShapes } from "./module-shapes.ts";
import { coverageReaching } from "./per-test-coverage/coverage-reaching.ts";
import type { TestCoverageMap } from "./per-test-coverage/test-coverage-map.ts";
import { readRepoFile } from "../read-repo-file.ts";
import { scanUses } from "./scan-uses.ts";
import { securityPatterns } from "./security-patterns.ts";
import { compareSignatures, type SignatureChange } from "./signature-compatibility.ts";
import { createSymbolLookup, type SymbolLookup } from "../index/symbol-lookup.ts";
import { createCallGraph, type SymbolImpact } from "./symbol-impact.ts";
import { namesToScan } from "./symbol-references.ts";
import { symbolRisks } from "./symbol-risks.ts";
import { isTestPath } from "../index/test-files.ts";
import { isBenchOrTypeTest } from "./runs-no-tests.ts";

export type { ChangedFile } from "./diff-files.ts";

export interface ExplainInput {
  root: string;
  base: string;
  /** Default "HEAD": the checkout's commit; null: the working tree, uncommitted edits included. */
  head?: string | null;
  index: CodeIndex;
  /** A path (file or directory) or a symbol name to restrict the explanation to. */
  focus?: string;
  complete?: CompleteText | null;
  /** Symbols sent to the model at most (the rest get the rule sentence). Default 30. */
  maxModelCalls?: number;
  /** Per-test-file coverage of the head: the tests that reach a symbol are the ones that ran it. */
  coverage?: TestCoverageMap | null;
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
  /** Visible outside its file (the index's flag). */
  exported: boolean;
  /** Part of the package's public API, by the language's export rules, and why. */
  api: ApiVisibility;
  isTest: boolean;
  renamedFrom: { qualifiedName: string; file: string } | null;
  signatureBefore: string | null;
  signatureAfter: string | null;
  signatureChanged: boolean;
  signatureChange: SignatureChange | null;
  behaviourChanges: string[];
  addedLines: number;
  removedLines: number;
  risks: string[];
  explanation: string;
  explainedBy: "model" | "rule";
}

export interface DiffExplanation {
  files: ChangedFile[];
  symbols: SymbolExplanation[];
  focus: string | null;
  /** False when a focus was given and matched no changed file or symbol. */
  focusMatched: boolean;
}

export async function explainDiff(input: ExplainInput): Promise<DiffExplanation> {
  const head = input.head === undefined ? "HEAD" : input.head;
  const diffs = await diffHunks(input.root, input.base, head);
  const lookup = createSymbolLookup(input.index);
  const grammars = await createGrammars();
  try {
    const { files, changed } = await diffFiles(input.root, input.base, diffs, input.index, lookup, grammars);
    const focus = input.focus?.trim() || null;
    const all = detectRenames(changed);
    const wanted = focus ? all.filter((c) => matchesFocus(c.file, c, focus)) : all;
    const focusMatched = !focus || wanted.length > 0 || files.some((f) => matchesFocus(f.path, null, focus));
    const names = new Set(wanted.flatMap((c) => (c.after ? namesToScan(input.index, c.after, lookup) : [])));
    const uses = await scanUses(input.root, input.index, grammars, names);
    const changedFiles = new Set(files.map((f) => f.path));
    const readText = (f: string) => readRepoFile(input.root, f)?.toString("utf8") ?? null;
    const shapes = createModuleShapes(readText);
    const graph = createCallGraph(
      input.index,
      lookup,
      (f) => uses.get(f) ?? [],
      changedFiles,
      shapes,
      readText,
    );
    const symbols: SymbolExplanation[] = [];
    let modelCalls = 0;
    for (const c of wanted) {
      const useModel = Boolean(input.complete) && modelCalls < (input.maxModelCalls ?? 30);
      if (useModel) modelCalls++;
      const members = c.after ? lookup.symbolsIn(c.file).filter((s) => s.parent === c.after?.id) : [];
      const impact =
        input.coverage && c.after
          ? coverageReaching(graph.impact(c), c.after, members, input.coverage, changedFiles)
          : graph.impact(c);
      symbols.push(await explainSymbol(input, lookup, impact, c, useModel));
    }
    return { files, symbols, focus, focusMatched };
  } finally {
    grammars.close();
  }
}

async function explainSymbol(
  input: ExplainInput,
  lookup: SymbolLookup,
  impact: SymbolImpact,
  c: ChangedSymbol,
  useModel: boolean,
): Promise<SymbolExplanation> {
  const headLines = c.after ? readLines(input.root, c.file) : null;
  const signatureBefore = c.before?.signature ?? null;
  const signatureAfter = c.after ? fullSignature(c.after.signature, headLines, c.after.startLine) : null;
  const signatureChanged =
    (c.change === "modified" || c.change === "renamed") &&
    normaliseSignature(signatureBefore).replace(c.before?.name ?? "", "") !==
      normaliseSignature(signatureAfter).replace(c.name, "");
  const keywordCalls = languageOf(c.file) === "python";
  const signatureChange =
    signatureChanged && signatureBefore && signatureAfter
      ? compareSignatures(signatureBefore, signatureAfter, keywordCalls)
      : null;
  const isTest = (c.after ? lookup.isTest(c.file) : isTestPath(c.file)) || isBenchOrTypeTest(c.file);
  const api = visibility(input, lookup, c, isTest);
  const behaviour = c.change === "modified" || c.change === "renamed" ? behaviourChanges(c.hunk) : [];
  const security = securityPatterns(c.hunk);
  let explanation: string | null = null;
  if (useModel && input.complete) {
    try {
      explanation = await modelSentence(input.complete, c, symbolCode(input, c));
    } catch (err) {
      input.onModelError?.(err, c.qualifiedName);
    }
  }
  return {
    change: c.change,
    qualifiedName: c.qualifiedName,
    kind: c.kind,
    file: c.file,
    line: c.after?.startLine ?? c.before?.startLine ?? 0,
    commentLine: c.change === "removed" ? null : (c.addedLines[0] ?? null),
    exported: Boolean(c.after?.exported ?? c.before?.exported),
    api,
    isTest,
    renamedFrom: c.renamedFrom ?? null,
    signatureBefore: c.change === "added" ? null : signatureBefore,
    signatureAfter: c.change === "removed" ? null : signatureAfter,
    signatureChanged,
    signatureChange,
    behaviourChanges: [...(signatureChange?.defaults ?? []), ...behaviour],
    addedLines: c.addedLines.length,
    removedLines: c.removedLines.length,
    ...impact,
    risks: symbolRisks(c, impact, {
      api,
      signature: signatureChange,
      behaviour,
      security,
      isTest,
      coveredBy: input.coverage ? input.coverage.tests.size : null,
    }),
    explanation: explanation ?? ruleSentence(c, impact, signatureChange),
    explainedBy: explanation ? "model" : "rule",
  };
}

function visibility(
  input: ExplainInput,
  lookup: SymbolLookup,
  c: ChangedSymbol,
  isTest: boolean,
): ApiVisibility {
  const readText = (path: string) => readRepoFile(input.root, path)?.toString("utf8") ?? null;
  const parentSymbol = c.after?.parent ? lookup.byId(c.after.parent) : ownerOfMember(lookup, c);
  const parentName = c.after ? (parentSymbol?.name ?? null) : (c.before?.parent ?? null);
  const parentKind = c.after ? (parentSymbol?.kind ?? null) : (c.before?.parentKind ?? null);
  // Declared inside a function's body: a local. `Foo.prototype.bar = function` sits outside it.
  const nested =
    !c.after ||
    !parentSymbol ||
    (parentSymbol.startLine <= c.after.startLine && c.after.endLine <= parentSymbol.endLine);
  const localTo = (parentKind === "function" || parentKind === "method") && nested ? parentName : null;
  const parent =
    parentName === null || localTo !== null
      ? null
      : apiVisibility(
          {
            name: parentName.split(".").pop() ?? parentName,
            kind: "class",
            file: c.file,
            exported: parentSymbol?.exported ?? true,
            parent: null,
            isTest,
          },
          input.index,
          readText,
        );
  const exported = Boolean(c.after?.exported ?? c.before?.exported);
  return apiVisibility(
    { name: c.name, kind: c.kind, file: c.file, exported, parent, isTest, localTo },
    input.index,
    readText,
  );
}

/** A member assigned outside its owner (`Negotiator.prototype.charsets = function`): the owner is
 * the top-level symbol of the same file its qualified name starts with. */
function ownerOfMember(lookup: SymbolLookup, c: ChangedSymbol): CodeSymbol | undefined {
  const dot = c.qualifiedName.lastIndexOf(".");
  if (!c.after || c.kind !== "method" || dot <= 0) return undefined;
  const owner = c.qualifiedName.slice(0, dot);
  return lookup
    .byName(owner)
    .find((s) => s.file === c.file && s.parent === null && s.qualifiedName === owner);
}

function matchesFocus(file: string, c: ChangedSymbol | null, focus: string): boolean {
  const path = focus.replace(/^\.\//, "").replace(/\/$/, "");
  return file === path || file.startsWith(`${path}/`) || c?.qualifiedName === focus || c?.name === focus;
}

function readLines(root: string, path: string): string[] | null {
  // A symlink in the PR could point outside the checkout: its target is never read or sent.
  return readRepoFile(root, path)?.toString("utf8").split("\n") ?? null;
}

function symbolCode(input: ExplainInput, c: ChangedSymbol): string {
  // The model sees the symbol's own lines only, at the side where it exists.
  const s = c.after ?? c.before;
  if (!s) return "";
  return c.hunk.length > 0 && !c.after
    ? c.hunk.map((l) => l.slice(1)).join("\n")
    : (readLines(input.root, c.file) ?? []).slice(s.startLine - 1, s.endLine).join("\n");
}
