// Which targets a filtered re-run that selected nothing it could run runs with instead, read from
// the run: under pytest (pytest-retry-targets.ts) a passing batch without its uncollectable files,
// failing parametrized tests pytest does not know by the log's ids as whole functions; under a title
// filter (mocha, jest, vitest, node:test) failing tests that selected no test at all, their titles'
// paths left open at their start and their flattened line breaks open to any whitespace
// (looser-titles.ts). coverage-run.ts runs the retry once.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { TestTarget } from "./filtered-argv.ts";
import { looserTitles } from "./looser-titles.ts";
import { pytestRetryTargets } from "./pytest-retry-targets.ts";
import { isTitleFilterRunner, selectedNoTest } from "./selected-no-test.ts";
import type { TestRunnerKind } from "./test-runner-kind.ts";

export interface RetryInput {
  runner: TestRunnerKind | null;
  /** The checkout (the sandbox's root, at the same path on the host). */
  root: string;
  step: { targets: readonly TestTarget[]; expected: "fail" | "pass"; whole?: boolean };
  result: { exitCode: number | null; timedOut: boolean; stdout: string; stderr: string };
  /** Whether the run counts as a test failure. */
  failed: boolean;
  /** Modules the run could not import that are not the checkout's. */
  missing: readonly string[];
  /** The coverage folder the run wrote to, when a per-test hook was in it (it records each test). */
  hookDir: string | null;
}

export interface RetryPlan {
  /** The targets to run once more with, and why; null: no retry. */
  retry: { targets: TestTarget[]; note: string } | null;
  /** A failing run whose title filter selected no test at all (not tests that ran and passed). */
  selectedNone: boolean;
}

export function retryTargets(input: RetryInput): RetryPlan {
  const { runner, step, result } = input;
  const output = `${result.stdout}\n${result.stderr}`;
  if (step.whole || result.timedOut) return { retry: null, selectedNone: false };
  if (runner === "pytest")
    return {
      retry: pytestRetryTargets(step.expected, step.targets, result.exitCode, output, input.missing),
      selectedNone: false,
    };
  if (step.expected !== "fail" || input.failed || !isTitleFilterRunner(runner))
    return { retry: null, selectedNone: false };
  const recorded = input.hookDir === null ? null : recordedTests(input.hookDir);
  if (!selectedNoTest(runner, output, recorded)) return { retry: null, selectedNone: false };
  return {
    retry: looserTitles(step.targets, (path) => existsSync(join(input.root, path))),
    selectedNone: true,
  };
}

/** How many tests the per-test hook recorded (`v8/tests/<one folder per test>`, v8-coverage-lines.ts). */
function recordedTests(coverageDir: string): number {
  const dir = join(coverageDir, "v8", "tests");
  return existsSync(dir) ? readdirSync(dir).length : 0;
}
