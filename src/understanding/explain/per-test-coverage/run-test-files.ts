// Runs test files one at a time in the sandbox with coverage on (the dynamic-localization machinery:
// its test command resolution, the runner's own file selection, NODE_V8_COVERAGE and the Python line
// tracer) and keeps what each executed, passing or failing: a failing test file still ran the code it
// reached. Planned first, without the sandbox, so a command that cannot run files alone is refused
// before the install phase is spent on it. Stops when the budget is spent; the files not run are
// reported, never guessed.
import type { Sandbox } from "../../../workspace/sandbox/sandbox.ts";
import type { CodeIndex } from "../../index/code-index.ts";
import { createCoverageFolder } from "../../localize/dynamic/coverage-folder.ts";
import { filteredArgv } from "../../localize/dynamic/filtered-argv.ts";
import { allCoverage, mergeCoverage } from "../../localize/dynamic/merge-coverage.ts";
import { readPythonCoverage } from "../../localize/dynamic/python-line-tracer.ts";
import { testCommand, unknownRunnerReason } from "../../localize/dynamic/test-command.ts";
import type { TestRunnerKind } from "../../localize/dynamic/test-runner-kind.ts";
import type { IniOverrides } from "../../localize/dynamic/pytest-missing-plugins.ts";
import { runWithoutMissingPlugins } from "../../localize/dynamic/run-without-missing-plugins.ts";
import { readV8Records } from "../../localize/dynamic/v8-coverage-lines.ts";
import { mochaFileArgv } from "./mocha-file-argv.ts";
import type { CoverageKey, TestCoverageMap } from "./test-coverage-map.ts";

export interface TestFilesPlan {
  runner: TestRunnerKind;
  env: Record<string, string>;
  pythonEntries: string[];
  /** Each test file with the argv that runs it alone; null when this runner cannot. */
  runs: { file: string; argv: string[] | null }[];
}

export type PlanOutcome = { ok: true; plan: TestFilesPlan } | { ok: false; reason: string };

export function planTestFiles(root: string, command: string, testFiles: readonly string[]): PlanOutcome {
  const resolved = testCommand(root, command);
  if (!resolved.ok) return resolved;
  const kind = resolved.runner;
  if (kind === null) return { ok: false, reason: unknownRunnerReason(resolved.argv) };
  let argvOf = (file: string) => fileArgv(kind, resolved.argv, file);
  if (resolved.runner === "mocha") {
    const mocha = mochaFileArgv(root, resolved.argv);
    if (!mocha.ok) return mocha;
    argvOf = mocha.argv;
  }
  const runs = testFiles.map((file) => ({ file, argv: argvOf(file) }));
  if (runs.length > 0 && runs.every((r) => r.argv === null))
    return { ok: false, reason: `${resolved.runner} cannot run a test file alone here` };
  const { env, pythonEntries } = resolved;
  return { ok: true, plan: { runner: kind, env, pythonEntries, runs } };
}

export interface RunTestFilesInput {
  sandbox: Sandbox;
  index: CodeIndex;
  readText: (file: string) => string | null;
  plan: TestFilesPlan;
  /** What the map answers (head, command, changed and test files); saved with it. */
  key: CoverageKey;
  budgetMs: number;
  now: () => number;
  newHexId: () => string;
}

export type RunTestFilesOutcome =
  | {
      kind: "ran";
      map: TestCoverageMap;
      notRun: string[];
      elapsedMs: number;
      /** What the runs left out of pytest's config (plugins that are not installed). */
      notes: string[];
    }
  | { kind: "unavailable"; reason: string };

export async function runTestFiles(input: RunTestFilesInput): Promise<RunTestFilesOutcome> {
  const started = input.now();
  const { plan } = input;
  const folder = createCoverageFolder(input.sandbox.root, input.newHexId(), plan.pythonEntries);
  const map: TestCoverageMap = { ...input.key, tests: new Map() };
  const notRun: string[] = [];
  let overrides: IniOverrides = {};
  const notes = new Set<string>();
  try {
    for (const { file, argv } of plan.runs) {
      const left = input.budgetMs - (input.now() - started);
      if (left <= 0 || argv === null) {
        notRun.push(file);
        continue;
      }
      // pytest config needing plugins the sandbox lacks: overridden once, for every later file too.
      const attempt = await runWithoutMissingPlugins(
        (run, timeoutMs) => {
          folder.clear();
          return input.sandbox.run([...run], { env: { CI: "true", ...plan.env, ...folder.env }, timeoutMs });
        },
        {
          isPytest: plan.runner === "pytest",
          argv,
          timeoutMs: left,
          root: input.sandbox.root,
          readText: input.readText,
          overrides,
        },
      );
      overrides = attempt.overrides;
      for (const note of attempt.notes) notes.add(note);
      const { result } = attempt;
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
  if (map.tests.size === 0 && plan.runs.length > 0)
    return {
      kind: "unavailable",
      reason: `no test file finished within the budget (${input.budgetMs / 1000} s)`,
    };
  // Runs that executed no repository file at all failed to start (a missing install, a loader the
  // sandbox's interpreter lacks): they say nothing about which tests reach what.
  if (![...map.tests.values()].some((t) => t.coverage.size > 0))
    return {
      kind: "unavailable",
      reason: `no test file run executed any repository file (exit codes ${[...new Set([...map.tests.values()].map((t) => t.exitCode))].join(", ")}): the tests failed to start`,
    };
  return { kind: "ran", map, notRun, elapsedMs: input.now() - started, notes: [...notes] };
}

/** One test file alone: the runner's own file selection; `node --test FILE` for node:test (mocha: mocha-file-argv.ts). */
function fileArgv(runner: TestRunnerKind, argv: readonly string[], file: string): string[] | null {
  if (runner !== "node_test") return filteredArgv(runner, argv, [{ name: null, file }]);
  const at = argv.indexOf("--test");
  const options = argv.slice(at + 1).filter((w) => w.startsWith("-"));
  return [...argv.slice(0, at + 1), ...options, file];
}
