// Localization: failure records + the code index -> ranked suspect functions. Signals: stack frames
// in non-test code, `path:line` mentions, the code under test, call-chain expansion, exact names and
// BM25; combine-signals.ts reranks them. An optional listwise rerank (e.g. an LLM) runs on top.
import type { Failure } from "../../perception/failure.ts";
import { argumentFaults } from "./argument-fault.ts";
import { resultFaults } from "./result-fault.ts";
import { nothingReturned } from "./nothing-returned.ts";
import { moveFrameEvidence } from "./move-frame-evidence.ts";
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import { callChainSignal } from "./call-chain-signal.ts";
import {
  combineSignals,
  defaultSignalWeights,
  framedLexicalDamping,
  type SignalWeights,
} from "./combine-signals.ts";
import { expandAliases } from "./expand-aliases.ts";
import { extractEntities } from "./extract-entities.ts";
import { failingReachSignal } from "./failing-reach-signal.ts";
import { frameEvidence } from "./frame-signal.ts";
import { lexicalSignal } from "./lexical-signal.ts";
import { namedTestLocations } from "./named-test-location.ts";
import { foldDeclarations, isDeclarationOnly } from "./bodiless-declarations.ts";
import { filePrior } from "./path-prior.ts";
import { hasStubBody } from "./stub-bodies.ts";
import { addHit, type SignalName, type SignalScores } from "./localize-signal.ts";
import { createLogPathResolver } from "./resolve-log-path.ts";
import { splitIdentifiers } from "../index/split-identifiers.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import { createSymbolLookup, isCallable, type SymbolLookup } from "../index/symbol-lookup.ts";
import { sharedCalleeSignal } from "./shared-callee-signal.ts";
import { swappedCallSignal } from "./swapped-call-signal.ts";
import { CODE_FACTS, type CodeFacts } from "./code-facts.ts";
import { passToNamesakes } from "./namesake-delegate.ts";
import { passThroughWrappers } from "./thin-wrapper.ts";
import { demoteUnexecuted, ranWhy, unexecutedFactor, type RanInFailingRun } from "./ran-in-failing-run.ts";
import { testFileSignal } from "./test-file-signal.ts";
import { titleNamedFiles } from "./title-named-files.ts";
import { testTargets } from "./test-target-signal.ts";
import { testLiteralSignal } from "./test-literal-signal.ts";
import { registeredNameSignal } from "./registered-name-signal.ts";
import { testNameIdentifiers } from "./test-name-identifiers.ts";

export interface SuspectLocation {
  file: string;
  symbol: string;
  startLine: number;
  endLine: number;
  score: number;
  why: string[];
}

/** Reorders the top candidates (best first); given the failure text. Off unless injected. */
export type ListwiseRerank = (
  failureText: string,
  candidates: readonly SuspectLocation[],
) => Promise<SuspectLocation[]>;

export interface LocalizeInput {
  index: CodeIndex;
  failures: readonly Failure[];
  logText: string;
  readLines: ReadLines;
  aliases?: Readonly<Record<string, string>>;
  /** Call-chain hops from the suspects (repo config `understanding.call_depth`). */
  callDepth?: number;
  limit?: number;
  weights?: Partial<SignalWeights>;
  /** Signals computed outside the static pipeline (dynamic/ spectrum scores), added to the rerank. */
  extraSignals?: ReadonlyMap<SignalName, SignalScores>;
  /** Which functions a failing run without passing runs executed: the others are demoted. */
  ranInFailingRun?: RanInFailingRun;
  /** Reads what depends on the code alone; remembered per index (code-facts.ts) when one index is localized often. */
  codeFacts?: CodeFacts;
}

export function localize(input: LocalizeInput): SuspectLocation[] {
  return rankSuspects(collectSignals(input), input.weights, input.limit);
}

/** Every signal's scores for one failing run, before weighting (what a weight search reuses). */
export interface CollectedSignals {
  lookup: SymbolLookup;
  signals: Map<SignalName, SignalScores>;
  /** Project code is on the failure's stack: the lexical signals only break ties. */
  framed: boolean;
  /** The signals are already demoted by it; each result's `why` says whether it ran. */
  ranInFailingRun?: RanInFailingRun;
}

export function collectSignals(input: LocalizeInput): CollectedSignals {
  const { index, readLines } = input;
  const facts = input.codeFacts ?? CODE_FACTS;
  const lookup = createSymbolLookup(index);
  const resolve = createLogPathResolver(index.files.map((f) => f.path));
  const entities = extractEntities(
    input.failures,
    input.logText,
    (printed) => {
      const file = resolve(printed);
      return file !== null && lookup.isTest(file);
    },
    (printed, line) => {
      const file = resolve(printed);
      return file === null ? null : (readLines(file)?.[line - 1] ?? null);
    },
  );
  const frames = frameEvidence(entities.locations, resolve, lookup);
  moveFrameEvidence(
    frames.frames,
    [
      ...argumentFaults(input.failures, entities.locations, resolve, lookup, readLines).map((f) => ({
        innermostId: f.innermostId,
        toId: f.callerId,
        why: (name: string) => `passed ${f.parameter} at ${f.where}, on which ${name} crashed`,
        // The frame that crashed on its parameter is where the bad value showed, one step from its source.
        symptom: f.symptom ?? `crashed on its parameter ${f.parameter}`,
      })),
      ...resultFaults(input.failures, entities.locations, resolve, index, lookup, readLines).map((f) => ({
        innermostId: f.innermostId,
        toId: f.calleeId,
        why: (name: string) => `returned ${f.variable} at ${f.where}, which ${name} rejected`,
        // The guard did its job: the frame that threw keeps a depth-1 frame's share.
        symptom: "threw on what a callee returned",
      })),
      // Alongside the frame, not above it: the frame may have called the wrong function or missed a case.
      ...nothingReturned(input.failures, entities.locations, resolve, index, lookup, readLines).map((f) => ({
        innermostId: f.innermostId,
        toId: f.calleeId,
        why: (name: string) => `returned nothing at ${f.where}, on which ${name} crashed`,
      })),
    ],
    lookup,
  );
  // Failing tests that no output line locates are found by their names (named-test-location.ts).
  const testLocations = [
    ...frames.testLocations,
    ...namedTestLocations(input.failures, frames.testLocations, resolve, lookup, index.symbols),
  ];
  const tests = testTargets(
    index,
    lookup,
    testLocations,
    entities.testNames,
    unlocatedTestFiles(input.failures, testLocations, lookup),
  );
  const candidates = index.symbols.filter(
    (s) =>
      isCandidate(s) &&
      !lookup.isTest(s.file) &&
      !isDeclarationFile(s.file) &&
      !isDeclarationOnly(s, lookup) &&
      !hasStubBody(s, readLines),
  );

  const testSource = testLocations.flatMap(({ file, line }) => readLines(file)?.slice(line - 3, line) ?? []);
  const focused = [...entities.failureTerms, ...splitIdentifiers(testSource.join("\n"))];
  const aliases = input.aliases ?? {};
  const lexical = lexicalSignal(candidates, readLines, {
    terms: expandAliases(focused, aliases),
    logTerms: expandAliases(splitIdentifiers(input.logText), aliases),
    identifiers: entities.identifiers,
    testNameIdentifiers: testNameIdentifiers(entities.testNames),
    calledByTests: new Set(tests.callees.keys()),
  });

  const imported: SignalScores = new Map();
  for (const s of candidates) {
    const share = tests.importedFiles.get(s.file);
    if (share) imported.set(s.id, { strength: share, detail: `${s.file} imported by the test` });
  }

  const seeds = new Map<string, number>();
  for (const scores of [frames.frames, tests.callees, tests.named])
    for (const [id, hit] of scores) seeds.set(id, Math.max(seeds.get(id) ?? 0, hit.strength));
  const chain = callChainSignal(index, lookup, seeds, input.callDepth ?? 1);

  const raw = new Map<SignalName, SignalScores>([
    ["stack_frame", frames.frames],
    ["test_callee", belowOuterFrames(tests.callees, frames.frames)],
    ["test_name", tests.named],
    ["call_chain", chain],
    ["shared_callee", sharedCalleeSignal(index, lookup, seeds)],
    ["failing_reach", failingReachSignal(index, lookup, testLocations)],
    ["test_literal", testLiteralSignal(index, lookup, readLines, testLocations)],
    [
      "registered_name",
      registeredNameSignal(
        facts.registeredNames(index, lookup, readLines),
        entities.testNames,
        input.failures.map((f) => f.message),
      ),
    ],
    ["bm25", lexical.bm25],
    ["bm25_log", lexical.bm25Log],
    ["exact_name", lexical.exact],
    ["imported_by_test", imported],
    [
      "test_file",
      namedLikeFailingTests(
        testFileSignal(candidates, failingTestFiles(input.failures, testLocations, lookup)),
        titleNamedFiles(candidates, entities.testNames),
      ),
    ],
    ...(input.extraSignals ?? []),
  ]);
  raw.set("swapped_call", swappedCallSignal(facts.swappedCalls(index, lookup, readLines), raw));
  const signals = foldDeclarations(
    passThroughWrappers(passToNamesakes(raw, index, lookup, readLines), index, lookup, readLines),
    lookup,
    (symbol) => hasStubBody(symbol, readLines),
  );
  const framed = frames.frames.size > 0;
  const ran = input.ranInFailingRun;
  if (!ran) return { lookup, signals, framed };
  const judged = (id: string) => {
    const symbol = lookup.byId(id);
    return symbol !== undefined && isCallable(symbol);
  };
  return {
    lookup,
    signals: demoteUnexecuted(signals, ran.ran, unexecutedFactor, judged),
    framed,
    ranInFailingRun: ran,
  };
}

/** The word signals that only break ties when project frames are on the failure's stack. */
export const DAMPED_WHEN_FRAMED = ["bm25", "bm25_log", "exact_name", "test_name"] as const;

export function rankSuspects(
  collected: CollectedSignals,
  overrides: Partial<SignalWeights> = {},
  limit = 20,
  damping = framedLexicalDamping,
): SuspectLocation[] {
  const { lookup, signals } = collected;
  const weights = { ...defaultSignalWeights, ...overrides };
  // With stack frames in project code, words are a tie-breaker, not a rival: damp the lexical signals.
  if (collected.framed) for (const name of DAMPED_WHEN_FRAMED) weights[name] *= damping;
  const combined = combineSignals(signals, weights);
  const out: SuspectLocation[] = [];
  for (const c of combined) {
    const symbol = lookup.byId(c.id);
    if (!symbol || lookup.isTest(symbol.file) || isDeclarationFile(symbol.file)) continue;
    const prior = filePrior(lookup, symbol.file);
    const ran = collected.ranInFailingRun
      ? ranWhy(collected.ranInFailingRun, c.id, isCallable(symbol))
      : null;
    const why = ran === null ? c.why : [...c.why, ran];
    out.push({
      file: symbol.file,
      symbol: symbol.qualifiedName,
      startLine: symbol.startLine,
      endLine: symbol.endLine,
      score: Number((c.score * prior).toFixed(4)),
      why: prior < 1 ? [...why, "path_prior: example/doc/bench code"] : why,
    });
  }
  return out.sort((a, b) => b.score - a.score).slice(0, limit);
}

// A frame this strong or more is the innermost project frame of its failure (a mention's is 0.85).
const INNERMOST = 0.85;

/**
 * What the failing test calls is the entry to the fault, not the fault, when the failure's own stack
 * runs deeper than it: `loads` on a 5-frame traceback into `parse_value`. Its test_callee strength is
 * scaled by its frame strength (1 / (1 + depth)), so the frames below it decide.
 */
function belowOuterFrames(callees: SignalScores, frames: SignalScores): SignalScores {
  const out: SignalScores = new Map();
  for (const [id, hit] of callees) {
    const frame = frames.get(id);
    out.set(
      id,
      frame && frame.strength < INNERMOST
        ? { strength: hit.strength * frame.strength, detail: `${hit.detail}, with frames below it` }
        : hit,
    );
  }
  return out;
}

/**
 * A code file named like the failing tests, by their files' names or by their titles: one naming
 * convention read two ways, so a file named both ways keeps the stronger of the two.
 */
function namedLikeFailingTests(byTestFile: SignalScores, byTitle: SignalScores): SignalScores {
  for (const [id, hit] of byTitle) addHit(byTestFile, id, hit.strength, hit.detail);
  return byTestFile;
}

/** Every piece of failing-test evidence by file: test frames and mentions, failing tests' own files. */
function failingTestFiles(
  failures: readonly Failure[],
  testLocations: readonly { file: string }[],
  lookup: SymbolLookup,
): string[] {
  const fromFailures = failures.flatMap((f) => {
    const file = f.file ?? f.test?.split("::")[0] ?? null;
    return file !== null && lookup.isTest(file) ? [file] : [];
  });
  return [...testLocations.map((t) => t.file), ...fromFailures];
}

/**
 * One entry per failure placed in a test file with no line, in a file no other evidence locates: an
 * ava worker stuck while loading `test.js`, a suite that failed as a whole.
 */
function unlocatedTestFiles(
  failures: readonly Failure[],
  testLocations: readonly { file: string }[],
  lookup: SymbolLookup,
): string[] {
  const located = new Set(testLocations.map((t) => t.file));
  return failures.flatMap((f) =>
    f.file !== null && f.line === null && lookup.isTest(f.file) && !located.has(f.file) ? [f.file] : [],
  );
}

/** `.d.ts` and `.pyi` declare; the fault is in the implementation. */
function isDeclarationFile(path: string): boolean {
  return /\.d\.[cm]?ts$|\.pyi$/.test(path);
}

function isCandidate(symbol: CodeSymbol): boolean {
  return isCallable(symbol) || symbol.kind === "constant";
}
