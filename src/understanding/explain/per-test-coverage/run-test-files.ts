// Runs test files one at a time in the sandbox with coverage on (the dynamic-localization machinery:
// the runner's own file selection, NODE_V8_COVERAGE and the Python line tracer) and keeps what each
// executed, passing or failing: a failing test file still ran the code it reached. Stops when the
// budget is spent; the files not run are reported, never guessed.
import type { Sandbox } from "../../../workspace/sandbox/sandbox.ts";
import type { CodeIndex } from "../../index/code-index.ts";
import { createCoverageFolder } from "../../localize/dynamic/coverage-folder.ts";
import { filteredArgv } from "../../localize/dynamic/filtered-argv.ts";
import { allCoverage, mergeCoverage } from "../../localize/dynamic/merge-coverage.ts";
import { readPythonCoverage } from "../../localize/dynamic/python-line-tracer.ts";
import { resolveTestArgv } from "../../localize/dynamic/resolve-test-argv.ts";
import { testRunnerKind, type TestRunnerKind } from "../../localize/dynamic/test-runner-kind.ts";
import { readV8Records } from "../../localize/dynamic/v8-coverage-lines.ts";
import type { TestCoverageMap } from "./test-coverage-map.ts";

export interface RunTestFilesInput {
  sandbox: Sandbox;
  index: CodeIndex;
  readText: (file: string) => string | null;
  /** The project's test command (`npm test`, `npx vitest run`, `python3 -m pytest`). */
  command: string;
  headSha: string;
  testFiles: readonly string[];
  budgetMs: number;
  now: () => number;
  newHexId: () => string;
}

export type RunTestFilesOutcome =
  | { kind: "ran"; map: TestCoverageMap; notRun: string[]; elapsedMs: number }
  | { kind: "unavailable"; reason: string };

export async function runTestFiles(input: RunTestFilesInput): Promise<RunTestFilesOutcome> {
  const started = input.now();
  if (input.sandbox.kind === "docker")
    return {
      kind: "unavailable",
      reason:
        "coverage needs the workspace at the same path inside the sandbox; the docker runner mounts it elsewhere",
    };
  const resolved = resolveTestArgv(input.sandbox.root, input.command);
  if (!resolved.ok) return { kind: "unavailable", reason: resolved.reason };
  const runner = testRunnerKind(resolved.argv);
  if (runner === null)
    return {
      kind: "unavailable",
      reason: `cannot tell which test runner \`${resolved.argv.join(" ")}\` starts (known: jest, vitest, mocha, node --test, tap, ava, tape, uvu, pytest, python -m unittest)`,
    };
  const { PYTHONPATH: pythonPath, NODE_V8_COVERAGE: _ours, ...env } = resolved.env;
  const folder = createCoverageFolder(input.sandbox.root, input.newHexId(), relativeEntries(pythonPath));
  const map: TestCoverageMap = { headSha: input.headSha, command: input.command, tests: new Map() };
  const notRun: string[] = [];
  try {
    for (const file of input.testFiles) {
      const left = input.budgetMs - (input.now() - started);
      const argv = fileArgv(runner, resolved.argv, file);
      if (left <= 0 || argv === null) {
        notRun.push(file);
        continue;
      }
      folder.clear();
      const result = await input.sandbox.run(argv, {
        env: { CI: "true", ...env, ...folder.env },
        timeoutMs: left,
      });
      if (result.timedOut) {
        notRun.push(file);
        continue;
      }
      const v8 = readV8Records(`${folder.dir}/v8`, input.sandbox.root, {
        readSource: input.readText,
        symbolsOf: (f) => input.index.symbols.filter((s) => s.file === f),
      });
      // One test file per run: which of its tests ran what does not matter here, only the file's union.
      const coverage = mergeCoverage([allCoverage(v8), allCoverage(readPythonCoverage(folder.dir))]);
      map.tests.set(file, { exitCode: result.exitCode, coverage });
    }
  } finally {
    folder.remove();
  }
  if (map.tests.size === 0 && input.testFiles.length > 0)
    return {
      kind: "unavailable",
      reason:
        runner === "mocha"
          ? "mocha runs are selected by test name here, not by file; no test file could be run alone"
          : `no test file finished within the budget (${input.budgetMs / 1000} s)`,
    };
  // Runs that executed no repository file at all failed to start (a missing install, a loader the
  // sandbox's interpreter lacks): they say nothing about which tests reach what.
  if (![...map.tests.values()].some((t) => t.coverage.size > 0))
    return {
      kind: "unavailable",
      reason: `no test file run executed any repository file (exit codes ${[...new Set([...map.tests.values()].map((t) => t.exitCode))].join(", ")}): the tests failed to start`,
    };
  return { kind: "ran", map, notRun, elapsedMs: input.now() - started };
}

/** One test file alone: the runner's own file selection; `node --test FILE` for node:test. */
function fileArgv(runner: TestRunnerKind, argv: readonly string[], file: string): string[] | null {
  if (runner !== "node_test") return filteredArgv(runner, argv, [{ name: null, file }]);
  const at = argv.indexOf("--test");
  const options = argv.slice(at + 1).filter((w) => w.startsWith("-"));
  return [...argv.slice(0, at + 1), ...options, file];
}

// The command's own PYTHONPATH entries, kept by the tracer; only relative ones inside the checkout.
function relativeEntries(pythonPath: string | undefined): string[] {
  return (pythonPath ?? "")
    .split(":")
    .filter((p) => p !== "" && !p.startsWith("/") && !p.split("/").includes(".."));
}
