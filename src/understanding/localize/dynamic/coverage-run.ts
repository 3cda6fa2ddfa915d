// One filtered test run in the sandbox with coverage on, reduced to an execution for the spectrum:
// whether it failed and what it ran. Runs whose outcome is not the expected one are recorded, unused.
import type { CodeIndex } from "../../index/code-index.ts";
import type { Sandbox } from "../../../workspace/sandbox/sandbox.ts";
import type { CoverageFolder } from "./coverage-folder.ts";
import { filteredArgv, type TestTarget } from "./filtered-argv.ts";
import { mergeCoverage } from "./merge-coverage.ts";
import { missingModules } from "./missing-modules.ts";
import { perTestArgv } from "./per-test-argv.ts";
import { readPythonCoverage } from "./python-line-tracer.ts";
import { runWithoutMissingPlugins } from "./run-without-missing-plugins.ts";
import { retryTargets, type RetryPlan } from "./retry-targets.ts";
import type { Execution } from "./spectrum-signal.ts";
import type { CoverageByFile } from "./v8-coverage-lines.ts";
import type { TestRunnerKind } from "./test-runner-kind.ts";
import { readV8Records } from "./v8-coverage-lines.ts";

export interface DynamicRun {
  argv: string[];
  expected: "fail" | "pass";
  /** The whole test command, re-run because the log named no failing test. */
  whole?: boolean;
  /** How many tests (or test files) the run selected. */
  tests: number;
  exitCode: number | null;
  /** The signal that ended the run (a crash), when the process did not exit on its own. */
  signal?: string;
  durationMs: number;
  /** Counted in the spectrum: it failed (or passed) as expected and finished in time. */
  used: boolean;
  /** Why argv differs from the command's own (config options of plugins that are not installed). */
  note?: string;
  /** Python modules outside the checkout the run could not import (`No module named 'x'`). */
  missingModules?: string[];
  /** The checkout's own Python modules the run could not import (their folder not on sys.path). */
  ownModulesMissing?: string[];
  /** A sampled passing batch that failed: which of its tests were kept, or that it was left out. */
  failedBatch?: string;
  /** pytest skipped every selected test (a skip condition the sandbox meets: a missing module). */
  allSkipped?: boolean;
  /** A failing run whose title filter selected no test (selected-no-test.ts), even after a retry. */
  selectedNone?: boolean;
  /** Why a retry ran with other targets or looser titles (also part of `note`). */
  retried?: string;
}

export interface CoverageRunContext {
  sandbox: Sandbox;
  index: CodeIndex;
  readText: (file: string) => string | null;
  folder: CoverageFolder;
  /** runner null: one xihe does not know; only a whole run (`whole`) is possible. */
  command: { runner: TestRunnerKind | null; argv: readonly string[]; env: Record<string, string> };
  /** Whether a top-level Python module name is the checkout's own. */
  isProjectModule: (name: string) => boolean;
}

export async function runWithCoverage(
  context: CoverageRunContext,
  step: { targets: readonly TestTarget[]; expected: "fail" | "pass"; whole?: boolean },
  timeoutMs: number,
): Promise<{ run: DynamicRun; executions: Execution[] } | null> {
  const { sandbox, folder, command } = context;
  // `whole`: the test command itself, unfiltered (the log named no failing test to select).
  const { runner } = command;
  const filtered = step.whole
    ? [...command.argv]
    : runner === null
      ? null
      : filteredArgv(runner, command.argv, step.targets);
  if (filtered === null) return null;
  // A hook splits the batch into tests where the runner has one; otherwise one execution per run
  // (the Python tracer still records unittest and pytest tests a script of its own starts).
  const base =
    runner === null ? { argv: filtered, hooked: false } : perTestArgv(runner, filtered, folder, sandbox.root);
  // pytest config that needs plugins the sandbox lacks is overridden, and the run says so.
  const attempt = await runWithoutMissingPlugins((argv, ms) => runOnce(context, argv, ms), {
    isPytest: runner === "pytest",
    argv: base.argv,
    timeoutMs,
    root: sandbox.root,
    readText: context.readText,
  });
  const { argv, result, notes } = attempt;
  const missing = missingModules(`${result.stdout}\n${result.stderr}`, context.isProjectModule);
  const failed = isTestFailure(
    runner,
    result.exitCode,
    `${result.stdout}\n${result.stderr}`,
    missing.dependencies,
  );
  // A run that selected nothing it could run goes once more with other targets (retry-targets.ts).
  const plan = retryTargets({
    runner,
    root: sandbox.root,
    step,
    result,
    failed,
    missing: missing.dependencies,
    hookDir: base.hooked ? folder.dir : null,
  });
  const retry = await runRetry(context, step, timeoutMs, attempt.durationMs, plan.retry);
  if (retry !== undefined) return retry;
  // A failing test that now passes (its filter matched nothing, or it is flaky) says nothing reliable
  // about which code is at fault: it is left out. So is a sampled passing batch that failed, unless a
  // hook recorded each of its tests (below): its tests did not fail in the log, so a failure here is
  // the sandbox's (an environment, a flake), not the fault's, and no count says which of them passed.
  const used = !result.timedOut && (step.expected === "fail" ? failed : result.exitCode === 0);
  const run: DynamicRun = {
    argv,
    expected: step.expected,
    ...(step.whole ? { whole: true } : {}),
    tests: step.whole ? 1 : step.targets.length,
    exitCode: result.exitCode,
    ...(result.signal && !result.timedOut ? { signal: result.signal } : {}),
    durationMs: attempt.durationMs,
    used,
    ...(notes.length > 0 ? { note: notes.join("; ") } : {}),
    ...(missing.dependencies.length > 0 ? { missingModules: missing.dependencies } : {}),
    ...(missing.own.length > 0 ? { ownModulesMissing: missing.own } : {}),
    ...(plan.selectedNone ? { selectedNone: true } : {}),
    ...(runner === "pytest" && result.exitCode === 0 && allSkipped(result.stdout)
      ? { allSkipped: true }
      : {}),
  };
  const batchFailed = step.expected === "pass" && !result.timedOut && result.exitCode !== 0;
  if (!used && !batchFailed) return { run, executions: [] };
  const sources = {
    readSource: context.readText,
    symbolsOf: (file: string) => context.index.symbols.filter((s) => s.file === file),
  };
  const v8 = readV8Records(`${folder.dir}/v8`, sandbox.root, sources);
  const python = readPythonCoverage(folder.dir);
  const outside = mergeCoverage([v8.outside, python.outside]);
  const recorded = [...v8.tests, ...python.tests];
  if (batchFailed) return passingOfFailedBatch(run, recorded, outside);
  const tests = recorded;
  // Each test is its own execution with its own outcome (a failing run's passing siblings count as
  // passing), plus what ran outside the tests (module loading; a subprocess: which test is unknown).
  // A failing run whose recorded tests all passed failed outside them (collection, a module-level
  // error): then the run is one execution, as when no hook recorded tests.
  if (tests.length > 0 && (step.expected === "pass" || tests.some((t) => t.failed)))
    return {
      run,
      executions: tests.map((t) => ({
        failed: t.failed,
        coverage: mergeCoverage([t.coverage, outside]),
        tests: 1,
      })),
    };
  const coverage = mergeCoverage([outside, ...tests.map((t) => t.coverage)]);
  // Targets without a name are test files (file-level runners, a failure that names only its file).
  const wholeFiles = step.whole === true || step.targets.every((t) => t.name === null);
  return { run, executions: [{ failed, coverage, tests: run.tests, ...(wholeFiles ? { wholeFiles } : {}) }] };
}

/**
 * A sampled passing batch that exited non-zero. Its tests a hook recorded as passing are passing
 * executions; those that failed are left out (not the log's failures: a failing side they joined
 * would rank what the sandbox broke). Without per-test records (a runner with no hook) the batch is
 * left out whole. Either way the run's note says so, and it reaches the spectrum's `why`.
 */
function passingOfFailedBatch(
  run: DynamicRun,
  recorded: readonly { failed: boolean; coverage: CoverageByFile }[],
  outside: CoverageByFile,
): { run: DynamicRun; executions: Execution[] } {
  const passed = recorded.filter((t) => !t.failed);
  const failedCount = recorded.length - passed.length;
  const exit = run.signal ? `died on ${run.signal}` : `exited ${run.exitCode}`;
  if (passed.length === 0) {
    const note = `the sampled passing batch ${exit}${recorded.length === 0 ? " and no per-test record tells which of its tests passed" : ", every recorded test failing"}: left out`;
    return {
      run: { ...run, used: false, note: withNote(run.note, note), failedBatch: note },
      executions: [],
    };
  }
  // Tests recorded as passing passed, whatever failed beside them (a hook, a leak check, a crash later).
  const left =
    failedCount === 0
      ? "outside its tests"
      : `: its ${failedCount} failing test${failedCount === 1 ? "" : "s"} (no failure of the log) left out`;
  const note = `the sampled passing batch ${exit}${failedCount === 0 ? " " : ""}${left}, its ${passed.length} passing kept`;
  return {
    run: { ...run, used: true, note: withNote(run.note, note), failedBatch: note },
    executions: passed.map((t) => ({
      failed: false,
      coverage: mergeCoverage([t.coverage, outside]),
      tests: 1,
    })),
  };
}

function withNote(before: string | undefined, note: string): string {
  return before ? `${before}; ${note}` : note;
}

/** The retry's run, its note saying why; undefined when there is no retry or no budget left for it. */
async function runRetry(
  context: CoverageRunContext,
  step: { targets: readonly TestTarget[]; expected: "fail" | "pass"; whole?: boolean },
  timeoutMs: number,
  spentMs: number,
  retry: RetryPlan["retry"],
): Promise<{ run: DynamicRun; executions: Execution[] } | null | undefined> {
  const left = timeoutMs - spentMs;
  if (retry === null || left <= 0) return undefined;
  const again = await runWithCoverage(context, { ...step, targets: retry.targets }, left);
  if (!again) return again;
  again.run.note = again.run.note ? `${retry.note}; ${again.run.note}` : retry.note;
  again.run.retried = again.run.retried ? `${retry.note}; ${again.run.retried}` : retry.note;
  again.run.durationMs += spentMs;
  return again;
}

function runOnce(context: CoverageRunContext, argv: readonly string[], timeoutMs: number) {
  context.folder.clear();
  const env = { CI: "true", ...context.command.env, ...context.folder.env };
  return context.sandbox.run([...argv], { env, timeoutMs });
}

// pytest exits 1 when tests failed, 2-5 when interrupted, misused or nothing was collected; unittest
// 1 on failures and 5 (3.12+) when no test ran, 2 on bad arguments: only 1 is a failing execution,
// and pytest's 2 when a collection error interrupted it (a test module that raises on import: the
// log's `ERROR collecting` failure itself, reproduced), unless a module the sandbox lacks is why (a
// missing dependency, not the code). Other runners (and commands xihe does not know) exit non-zero
// for both.
function isTestFailure(
  runner: TestRunnerKind | null,
  exitCode: number | null,
  output: string,
  missingDependencies: readonly string[],
): boolean {
  if (runner === "pytest" && exitCode === 2)
    return missingDependencies.length === 0 && /Interrupted: \d+ errors? during collection/.test(output);
  return runner === "pytest" || runner === "unittest" ? exitCode === 1 : exitCode !== 0;
}

// pytest's last line counts outcomes (`2 skipped in 0.1s`, `1 passed, 2 skipped in 0.3s`).
function allSkipped(stdout: string): boolean {
  const last = stdout.trimEnd().split("\n").pop() ?? "";
  return /\b\d+ skipped\b/.test(last) && !/\b\d+ (?:passed|failed|xfailed|xpassed)\b/.test(last);
}
