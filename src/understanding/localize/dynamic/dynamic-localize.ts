// Dynamic localization: re-run the failing tests (selected by name with the runner's own filter) and
// a sample of passing ones in the sandbox with coverage, and score functions by the spectrum of
// failing vs passing executions. Time-boxed: when the budget or the setup does not allow a failing
// execution with coverage, the outcome is a fallback with the reason, and static ranking stands.
// A runner xihe does not know cannot select tests: its whole command is re-run as the failing run,
// and without passing executions beside it the outcome is which functions ran (`ranInFailingRun`).
import type { Failure } from "../../../perception/failure.ts";
import type { Sandbox } from "../../../workspace/sandbox/sandbox.ts";
import { SandboxEnvError } from "../../../workspace/sandbox/sandbox-env.ts";
import type { CodeIndex } from "../../index/code-index.ts";
import { isCallable } from "../../index/symbol-lookup.ts";
import type { SignalName, SignalScores } from "../localize-signal.ts";
import type { RanInFailingRun } from "../ran-in-failing-run.ts";
import { avaMatchSplit } from "./ava-match-split.ts";
import { createCoverageFolder, type CoverageFolder } from "./coverage-folder.ts";
import { runWithCoverage, type CoverageRunContext, type DynamicRun } from "./coverage-run.ts";
import { entriesFor, entryPredicate, failingEntries } from "./entry-test-files.ts";
import { failingTargets } from "./failing-targets.ts";
import { projectModuleTest } from "./missing-modules.ts";
import { pytestOperands, type TestTarget } from "./filtered-argv.ts";
import { nodeTestAncestors } from "./node-test-ancestors.ts";
import { passingSample } from "./passing-sample.ts";
import { tapPassingSide } from "./tap-passing-side.ts";
import { spectrumSignal, type Execution } from "./spectrum-signal.ts";
import { ranOnlyEvidence } from "./spectrum-or-ran.ts";
import { testCommand, unknownRunnerReason } from "./test-command.ts";
import type { TestRunnerKind } from "./test-runner-kind.ts";
import { rerunExitMeaning } from "./rerun-exit-meaning.ts";
import { dampedForResultReads } from "./result-reads.ts";

export type { DynamicRun } from "./coverage-run.ts";

export interface DynamicLocalizeInput {
  sandbox: Sandbox;
  index: CodeIndex;
  failures: readonly Failure[];
  /** The failing log: names the failing test files when perception could not itemise failures. */
  logText: string;
  /** The failing test command, as configured (`npm test`, `npx vitest run`, `pytest -q`). */
  command: string;
  budgetMs: number;
  now: () => number;
  /** Hex id for the coverage folder (at least 8 hex digits). */
  newHexId: () => string;
  readText: (file: string) => string | null;
  maxFailing?: number;
  maxPassing?: number;
  /**
   * Why the environment is in doubt (the install failed): rank only when a sampled passing batch
   * passed too, which shows the tests run without what is missing; else fall back with this reason.
   */
  passingRequired?: string;
  /**
   * Root-relative folders the project's own Python packages import from, put on sys.path after the
   * command's own PYTHONPATH entries (python-import-roots.ts): given when the project could not be
   * installed, where an install would have made them importable.
   */
  importRoots?: readonly string[];
}

export type DynamicOutcome =
  | {
      kind: "ranked";
      signal: SignalScores;
      runs: DynamicRun[];
      /** What the used runs executed (for `--save-coverage` and offline re-ranking). */
      executions: Execution[];
      elapsedMs: number;
      /**
       * Set when only failing executions of an unknown runner's whole command ran: the spectrum cannot
       * separate what ran, so the ranking uses which functions ran instead of `signal`.
       */
      ranInFailingRun?: RanInFailingRun;
    }
  | { kind: "fallback"; reason: string; runs: DynamicRun[]; elapsedMs: number };

type Step = { targets: TestTarget[]; expected: "fail" | "pass"; whole?: boolean };

export async function dynamicLocalize(input: DynamicLocalizeInput): Promise<DynamicOutcome> {
  const started = input.now();
  const runs: DynamicRun[] = [];
  const fallback = (reason: string): DynamicOutcome => ({
    kind: "fallback",
    reason,
    runs,
    elapsedMs: input.now() - started,
  });
  if (input.sandbox.kind === "docker")
    return fallback(
      "coverage needs the workspace at the same path inside the sandbox; the docker runner mounts it elsewhere",
    );
  const command = testCommand(input.sandbox.root, input.command);
  if (!command.ok) return fallback(command.reason);
  const { runner, argv, env, pythonEntries } = command;
  // No failing test named (a suite that failed to load, a log perception could not itemise), or a
  // runner whose tests cannot be selected: the command itself failed in the log, so it is re-run
  // whole as the failing run; where a hook records each test, its passing tests are the passing side
  // of the spectrum.
  const named = runner === null ? [] : planRuns(input, runner, argv);
  const plan: Step[] = named.length > 0 ? named : [{ targets: [], expected: "fail", whole: true }];
  const wholeRun =
    runner === null
      ? `${unknownRunnerReason(argv)}, so the whole test command was re-run`
      : "the log names no failing test, so the whole test command was re-run";
  // One coverage folder per run: the runs go at the same time.
  const importRoots = [...new Set([...pythonEntries, ...(input.importRoots ?? [])])];
  const folders = plan.map(() => createCoverageFolder(input.sandbox.root, input.newHexId(), importRoots));
  const isProjectModule = projectModuleTest(
    input.sandbox.root,
    importRoots,
    input.index.files.map((f) => f.path),
  );
  const context = { ...input, command: { runner, argv, env }, isProjectModule };
  let executions: Execution[];
  try {
    executions = await runPlan(context, plan, folders, runs, input.budgetMs - (input.now() - started));
  } catch (err) {
    // A variable the command line sets that the sandbox may not pass (A29): say so, rank statically.
    if (err instanceof SandboxEnvError) return fallback(err.message);
    throw err;
  } finally {
    for (const folder of folders) folder.remove();
  }
  // After a failed install, a failing run that stopped on a module the checkout does not have shows
  // the missing dependency, whether or not it still counts as a test failure.
  const missing = [...new Set(runs.flatMap((r) => (r.expected === "fail" ? (r.missingModules ?? []) : [])))];
  if (input.passingRequired && missing.length > 0)
    return fallback(
      `${input.passingRequired}; the failing tests stop on ${missing.map((m) => `\`No module named '${m}'\``).join(", ")}, a dependency the install would have provided, so the runs show the missing dependency rather than the fault`,
    );
  const own = [...new Set(runs.flatMap((r) => (r.expected === "fail" ? (r.ownModulesMissing ?? []) : [])))];
  if (!executions.some((e) => e.failed))
    return fallback(
      own.length > 0
        ? `the failing tests could not import the checkout's own ${own.map((m) => `\`${m}\``).join(", ")}: the folder it is in is not on sys.path (no packaging config, src/ or root layout names it); put it in the test command (\`PYTHONPATH=DIR pytest ...\`)`
        : missing.length > 0
          ? `the failing tests stop on ${missing.map((m) => `\`No module named '${m}'\``).join(", ")} in the sandbox, a dependency it does not have, so the re-run cannot reproduce the failure`
          : noFailureReason(runs, input.budgetMs, input.now() - started >= input.budgetMs, wholeRun, runner),
    );
  if (input.passingRequired && !executions.some((e) => !e.failed))
    return fallback(
      `${input.passingRequired}; the sampled passing tests did not pass without it, so the failing run may show the missing dependencies rather than the fault`,
    );
  const tests = new Set(input.index.files.filter((f) => f.isTest).map((f) => f.path));
  const candidates = input.index.symbols.filter((s) => isCallable(s) && !tests.has(s.file));
  const signal = dampedForResultReads(
    spectrumSignal(executions, candidates),
    executions,
    candidates,
    (file) => tests.has(file),
    input.readText,
    input.failures,
  );
  const crashed = crashReason(runs, wholeRun);
  if (signal.size === 0 && crashed !== null) return fallback(crashed);
  if (signal.size === 0)
    return fallback(
      runs.some((r) => r.whole)
        ? `${wholeRun}: it failed without executing any of the repository's functions (a test suite that does not load or compile?)`
        : executions.some((e) => e.failed && [...e.coverage.keys()].some((file) => tests.has(file)))
          ? "the failing runs recorded no coverage of the repository's functions (transpiled output or an uninstrumented runtime)"
          : "the failing run exited non-zero without running any test file: it failed to start (a loader or syntax the sandbox's node or python, taken from PATH, does not support?)",
    );
  // What the spectrum could not use (a sampled passing batch that failed) goes into every `why`.
  const leftOut = runs.flatMap((r) => (r.failedBatch ? [r.failedBatch] : []));
  const ranked = {
    kind: "ranked" as const,
    signal: leftOut.length === 0 ? signal : withDetail(signal, leftOut.join("; ")),
    runs,
    executions,
    elapsedMs: input.now() - started,
  };
  // Failing executions alone of an unknown runner, or a flat spectrum: only "it ran" is evidence.
  const ranOnly = ranOnlyEvidence(signal, executions, runner !== null, leftOut);
  return ranOnly === null ? ranked : { ...ranked, ranInFailingRun: ranOnly };
}

function withDetail(signal: SignalScores, note: string): SignalScores {
  return new Map([...signal].map(([id, hit]) => [id, { ...hit, detail: `${hit.detail} (${note})` }]));
}

/** What the ranking takes from a ranked outcome: the spectrum signal, or which functions ran. */
export function dynamicEvidence(outcome: DynamicOutcome): {
  extraSignals?: Map<SignalName, SignalScores>;
  ranInFailingRun?: RanInFailingRun;
} {
  if (outcome.kind === "fallback") return {};
  if (outcome.ranInFailingRun) return { ranInFailingRun: outcome.ranInFailingRun };
  return { extraSignals: new Map([["spectrum", outcome.signal]]) };
}

/** The failing tests first (they decide whether there is anything to score), then the sample. */
function planRuns(input: DynamicLocalizeInput, runner: TestRunnerKind, argv: readonly string[]): Step[] {
  const testFiles = input.index.files.filter((f) => f.isTest).map((f) => f.path);
  const tests = new Set(testFiles);
  const isTest = (file: string) => tests.has(file);
  const byFileOnly = runner === "tap" || runner === "ava" || runner === "tape" || runner === "uvu";
  const isEntry = byFileOnly ? entryPredicate(runner, argv, input.sandbox.root) : () => true;
  const named = failingTargets({
    failures: input.failures,
    max: input.maxFailing ?? 3,
    isTest,
    byFile: byFileOnly ? { testFiles, logText: input.logText } : undefined,
  });
  const failing = byFileOnly
    ? throughEntries(named, isEntry, isTest, input.index.imports, input.logText)
    : runner === "node_test"
      ? named.map((t) => withAncestors(t, input.logText, true))
      : named;
  if (failing.length === 0) return [];
  const sampled = passingSample({
    testFiles: byFileOnly
      ? testFiles.filter(isEntry)
      : runner === "pytest"
        ? underOperands(testFiles, pytestOperands(argv))
        : testFiles,
    readText: input.readText,
    failing,
    failingNames: input.failures.flatMap((f) => (f.test ? [f.test] : [])),
    byFileOnly,
    // A file-level runner's spectrum contrasts files: every other entry file, so that "ran only in the
    // failing file" is not just the failing file's topic against four others (object-inspect's Map
    // helpers over its Map predicate). It costs about the suite's own run, beside the failing run.
    max: input.maxPassing ?? (byFileOnly ? Number.POSITIVE_INFINITY : 4),
  });
  // pytest's -k matches module and class names too (`-k test_cache` runs a whole file): node ids
  // select exactly the sampled functions.
  const passing =
    runner === "pytest"
      ? sampled.map(withPytestId)
      : runner === "node_test"
        ? sampled.map((t) => withAncestors(t, input.logText, false))
        : sampled;
  // Two processes, whatever the counts: a filtered run costs about a whole start-up of the runner,
  // whatever it selects. The failing tests run together (each stands for one failing execution), and
  // so do the sampled passing ones. tap and ava add a third: the failing files without their failing
  // tests (tap-passing-side.ts, ava-match-split.ts), which no hook could otherwise split; ava's
  // failing run then selects the failing tests alone.
  const avaSplit = runner === "ava" ? avaMatchSplit(failing, input.failures, input.index) : null;
  const steps: Step[] = [{ targets: avaSplit?.failing ?? failing, expected: "fail" }];
  if (passing.length > 0) steps.push({ targets: passing, expected: "pass" });
  const sameFiles =
    runner === "tap" ? tapPassingSide(failing, input.failures, input.index) : (avaSplit?.passing ?? []);
  if (sameFiles.length > 0) steps.push({ targets: sameFiles, expected: "pass" });
  return steps;
}

// A file-level runner re-runs a failing suite module through the test files that import it.
function throughEntries(
  targets: readonly TestTarget[],
  isEntry: (file: string) => boolean,
  isTest: (file: string) => boolean,
  imports: CodeIndex["imports"],
  logText: string,
): TestTarget[] {
  const files = targets.flatMap((t) =>
    t.file === null ? [] : failingEntries(entriesFor(t.file, isEntry, isTest, imports), logText),
  );
  return [...new Set(files)].map((file) => ({ name: null, file }));
}

// pytest runs only the tests under the paths its command names (`pytest tests` leaves `extra/` out):
// a test sampled elsewhere may need what the command never loads (a tool the install would provide).
// Operands that name no test file (an unknown option's value) restrict nothing.
function underOperands(testFiles: readonly string[], operands: readonly string[]): readonly string[] {
  const roots = operands
    .map((w) => (w.split("::")[0] ?? w).replace(/^\.\//, "").replace(/\/+$/, ""))
    .filter((r) => r !== "" && r !== ".");
  const under = (file: string) => roots.some((r) => file === r || file.startsWith(`${r}/`));
  const kept = testFiles.filter(under);
  return kept.length > 0 ? kept : testFiles;
}

function withAncestors(t: TestTarget, logText: string, failed: boolean): TestTarget {
  return t.name === null ? t : { ...t, ancestors: nodeTestAncestors(logText, t.name, failed) };
}

function withPytestId(t: TestTarget): TestTarget {
  if (t.name === null || t.file === null || !t.file.endsWith(".py")) return t;
  const nodeId = [t.file, ...(t.className ? [t.className] : []), t.name].join("::");
  return { ...t, nodeId };
}

// The runs go at the same time (each in its own coverage folder), within what is left of the budget.
async function runPlan(
  context: Omit<CoverageRunContext, "folder">,
  plan: readonly Step[],
  folders: readonly CoverageFolder[],
  runs: DynamicRun[],
  remainingMs: number,
): Promise<Execution[]> {
  if (remainingMs <= 0) return [];
  const outcomes = await Promise.all(
    plan.map((step, i) => runWithCoverage({ ...context, folder: folders[i]! }, step, remainingMs)),
  );
  const executions: Execution[] = [];
  for (const outcome of outcomes) {
    if (!outcome) continue;
    runs.push(outcome.run);
    executions.push(...outcome.executions);
  }
  return executions;
}

function noFailureReason(
  runs: readonly DynamicRun[],
  budgetMs: number,
  outOfBudget: boolean,
  wholeRun: string,
  runner: TestRunnerKind | null,
): string {
  // A run that died on a signal counts as no test failure for pytest and unittest (only their exit 1
  // does); its crash is the reason, not the budget or the filter.
  const crashed = crashReason(runs, wholeRun);
  if (crashed !== null) return crashed;
  const finished = runs.filter((r) => r.expected === "fail" && r.exitCode !== null);
  const whole = runs.find((r) => r.whole);
  // No failing run started while the budget lasted: the runner's filter had nothing to select them by.
  if (!runs.some((r) => r.expected === "fail") && !outOfBudget)
    return `the failing tests could not be selected by name with ${runnerShown(runner)}'s filter, so no failing run started`;
  if (finished.length === 0)
    return whole
      ? `${wholeRun}, and the run budget (${budgetMs / 1000} s) ran out before it finished`
      : `the run budget (${budgetMs / 1000} s) ran out before a failing test finished`;
  if (whole)
    return `${wholeRun}, and it did not end in a test failure (exit ${whole.exitCode}): the failure did not reproduce in the sandbox, or is flaky`;
  if (finished.every((r) => r.allSkipped))
    return "re-running the failing tests alone did not reproduce a test failure: pytest skipped them all (a skip condition the sandbox meets, such as an optional module the failing run had and the sandbox lacks)";
  const codes = [...new Set(finished.map((r) => r.exitCode))];
  // A filter that selected no test is no flake: the log's titles differ from the re-run's.
  const meaning = finished.every((r) => r.selectedNone)
    ? `${runnerShown(runner)}'s filter selected no test by the log's titles`
    : rerunExitMeaning(runner, codes);
  const retried = [...new Set(finished.flatMap((r) => (r.retried ? [r.retried] : [])))];
  return `re-running the failing tests alone did not reproduce a test failure (exit ${codes.join(", ")}: ${meaning})${retried.map((r) => `; ${r}`).join("")}`;
}

/** The runner as a reason names it: node:test by its command. */
function runnerShown(runner: TestRunnerKind | null): string {
  return runner === "node_test" ? "node --test" : (runner ?? "the runner");
}

function crashReason(runs: readonly DynamicRun[], wholeRun: string): string | null {
  const crashed = runs.find((r) => r.expected === "fail" && crashSignal(r) !== null);
  if (!crashed) return null;
  return `${crashed.whole ? `${wholeRun}: it` : "the failing run"} died on ${crashSignal(crashed)}, a crash (a V8 fatal error, an abort, a kill), and a process that dies so writes no coverage`;
}

// A shell reports a child killed by signal N as exit 128+N; a direct child reports the signal.
function crashSignal(run: DynamicRun): string | null {
  if (run.signal) return run.signal;
  return run.exitCode !== null && run.exitCode > 128 && run.exitCode < 160
    ? `signal ${run.exitCode - 128} (exit ${run.exitCode})`
    : null;
}
