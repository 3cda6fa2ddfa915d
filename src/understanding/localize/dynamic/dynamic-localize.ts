// Dynamic localization: re-run the failing tests (selected by name with the runner's own filter) and
// a sample of passing ones in the sandbox with coverage, and score functions by the spectrum of
// failing vs passing executions. Time-boxed: when the budget or the setup does not allow a failing
// execution with coverage, the outcome is a fallback with the reason, and static ranking stands.
import type { Failure } from "../../../perception/failure.ts";
import type { Sandbox } from "../../../workspace/sandbox/sandbox.ts";
import { SandboxEnvError } from "../../../workspace/sandbox/sandbox-env.ts";
import type { CodeIndex } from "../../index/code-index.ts";
import { isCallable } from "../../index/symbol-lookup.ts";
import type { SignalScores } from "../localize-signal.ts";
import { createCoverageFolder } from "./coverage-folder.ts";
import { failingTargets } from "./failing-targets.ts";
import { filteredArgv, type TestTarget } from "./filtered-argv.ts";
import { passingSample } from "./passing-sample.ts";
import { readPythonCoverage } from "./python-line-tracer.ts";
import { resolveTestArgv } from "./resolve-test-argv.ts";
import { spectrumSignal, type Execution } from "./spectrum-signal.ts";
import { testRunnerKind, type TestRunnerKind } from "./test-runner-kind.ts";
import { readV8Coverage } from "./v8-coverage-lines.ts";

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
}

export interface DynamicRun {
  argv: string[];
  expected: "fail" | "pass";
  exitCode: number | null;
  durationMs: number;
  /** Counted in the spectrum: it failed (or passed) as expected and finished in time. */
  used: boolean;
}

export type DynamicOutcome =
  | { kind: "ranked"; signal: SignalScores; runs: DynamicRun[]; elapsedMs: number }
  | { kind: "fallback"; reason: string; runs: DynamicRun[]; elapsedMs: number };

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
  const resolved = resolveTestArgv(input.sandbox.root, input.command);
  if (!resolved.ok) return fallback(resolved.reason);
  const runner = testRunnerKind(resolved.argv);
  if (runner === null)
    return fallback(
      `cannot tell which test runner \`${resolved.argv.join(" ")}\` starts (known: jest, vitest, mocha, node --test, tap, ava, tape, pytest)`,
    );
  const testFiles = input.index.files.filter((f) => f.isTest).map((f) => f.path);
  const tests = new Set(testFiles);
  const byFileOnly = runner === "tap" || runner === "ava" || runner === "tape";
  const failing = failingTargets({
    failures: input.failures,
    max: input.maxFailing ?? 3,
    isTest: (file) => tests.has(file),
    byFile: byFileOnly ? { testFiles, logText: input.logText } : undefined,
  });
  if (failing.length === 0) return fallback("the log names no failing test to re-run");
  const passing = passingSample({
    testFiles,
    readText: input.readText,
    failing,
    byFileOnly,
    max: input.maxPassing ?? 4,
  });
  const plan = [
    ...failing.map((t) => ({ target: t, expected: "fail" as const })),
    ...passing.map((t) => ({ target: t, expected: "pass" as const })),
  ];
  const { PYTHONPATH: pythonPath, NODE_V8_COVERAGE: _ignored, ...commandEnv } = resolved.env;
  const inside = (pythonPath ?? "")
    .split(":")
    .filter((p) => p !== "" && !p.startsWith("/") && !p.split("/").includes(".."));
  const folder = createCoverageFolder(input.sandbox.root, input.newHexId(), inside);
  const executions: Execution[] = [];
  try {
    for (const step of plan) {
      const remainingMs = input.budgetMs - (input.now() - started);
      if (remainingMs <= 0) break;
      const execution = await runWithCoverage(
        input,
        { runner, argv: resolved.argv, env: { ...commandEnv, ...folder.env } },
        step,
        folder,
        remainingMs,
        runs,
      );
      if (execution) executions.push(execution);
    }
  } catch (err) {
    // A variable the command line sets that the sandbox may not pass (A29): say so, rank statically.
    if (err instanceof SandboxEnvError) return fallback(err.message);
    throw err;
  } finally {
    folder.remove();
  }
  if (!executions.some((e) => e.failed)) return fallback(noFailureReason(runs, input.budgetMs));
  const candidates = input.index.symbols.filter(
    (s) => isCallable(s) && !input.index.files.some((f) => f.isTest && f.path === s.file),
  );
  const signal = spectrumSignal(executions, candidates);
  if (signal.size === 0)
    return fallback(
      "the failing runs recorded no coverage of the repository's functions (transpiled output or an uninstrumented runtime)",
    );
  return { kind: "ranked", signal, runs, elapsedMs: input.now() - started };
}

async function runWithCoverage(
  input: DynamicLocalizeInput,
  command: { runner: TestRunnerKind; argv: readonly string[]; env: Record<string, string> },
  step: { target: TestTarget; expected: "fail" | "pass" },
  folder: ReturnType<typeof createCoverageFolder>,
  remainingMs: number,
  runs: DynamicRun[],
): Promise<Execution | null> {
  const filtered = filteredArgv(command.runner, command.argv, step.target);
  if (filtered === null) return null;
  folder.clear();
  const result = await input.sandbox.run(filtered, {
    env: { CI: "true", ...folder.env },
    timeoutMs: remainingMs,
  });
  const failed = isTestFailure(command.runner, result.exitCode);
  // A sampled test that fails, or a failing test that now passes (its filter matched nothing, or it
  // is flaky), says nothing reliable about which code is at fault: it is left out.
  const used = !result.timedOut && (step.expected === "fail" ? failed : result.exitCode === 0);
  runs.push({
    argv: filtered,
    expected: step.expected,
    exitCode: result.exitCode,
    durationMs: result.durationMs,
    used,
  });
  if (!used) return null;
  const coverage = readV8Coverage(`${folder.dir}/v8`, input.sandbox.root, {
    readSource: input.readText,
    symbolsOf: (file) => input.index.symbols.filter((s) => s.file === file),
  });
  for (const [file, entry] of readPythonCoverage(folder.dir)) coverage.set(file, entry);
  return { failed, coverage };
}

// pytest exits 1 when tests failed, 2-5 when interrupted, misused or nothing was collected: only 1
// is a failing execution. Other runners exit non-zero for both.
function isTestFailure(runner: TestRunnerKind, exitCode: number | null): boolean {
  return runner === "pytest" ? exitCode === 1 : exitCode !== 0;
}

function noFailureReason(runs: readonly DynamicRun[], budgetMs: number): string {
  const failingRuns = runs.filter((r) => r.expected === "fail");
  const finished = failingRuns.filter((r) => r.exitCode !== null);
  if (finished.length === 0)
    return `the run budget (${budgetMs / 1000} s) ran out before a failing test finished`;
  const codes = [...new Set(finished.map((r) => r.exitCode))].join(", ");
  return `re-running the failing tests alone did not reproduce a test failure (exit ${codes}: the filter matched nothing, or the failure is flaky)`;
}
