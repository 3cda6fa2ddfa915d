// A test command whose runner xihe does not know (a script of the project's own) is re-run whole with
// coverage in the real sandbox; with only that failing execution, functions it did not run are
// demoted below the ones it ran, and `why` says which.
import { randomBytes } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../../src/understanding/index/build-index.ts";
import { localize } from "../../../../src/understanding/localize/localize.ts";
import {
  dynamicEvidence,
  dynamicLocalize,
} from "../../../../src/understanding/localize/dynamic/dynamic-localize.ts";
import { runSandboxFor } from "../../../workspace/sandbox/run-sandbox.ts";
import {
  createUnknownRunnerRepo,
  type UnknownRunnerFlavour,
  type UnknownRunnerRepo,
} from "./unknown-runner-repos.ts";

async function locateBoth(repo: UnknownRunnerRepo) {
  const index = await buildIndex(repo.dir, { cache: null });
  const { failures } = await diagnose(repo.log, { repoRoot: repo.dir });
  const readText = (file: string): string | null => {
    try {
      return readFileSync(join(repo.dir, file), "utf8");
    } catch {
      return null;
    }
  };
  const dynamic = await dynamicLocalize({
    sandbox: runSandboxFor(repo.dir),
    index,
    failures,
    logText: repo.log,
    command: repo.command,
    budgetMs: 60_000,
    now: Date.now,
    newHexId: () => randomBytes(6).toString("hex"),
    readText,
  });
  const rank = (withRuns: boolean) =>
    localize({
      index,
      failures,
      logText: repo.log,
      readLines: (f) => readText(f)?.split("\n") ?? null,
      ...(withRuns ? dynamicEvidence(dynamic) : {}),
    });
  return { dynamic, static: rank(false), combined: rank(true) };
}

function positionOf(results: { symbol: string }[], symbol: string): number {
  return results.findIndex((r) => r.symbol === symbol);
}

describe.each<UnknownRunnerFlavour>(["node_script", "python_script"])(
  "dynamic localization with a runner xihe does not know (%s)",
  (flavour) => {
    let repo: UnknownRunnerRepo;
    let outcome: Awaited<ReturnType<typeof locateBoth>>;
    beforeAll(async () => {
      repo = await createUnknownRunnerRepo(flavour);
      outcome = await locateBoth(repo);
    }, 120_000);
    afterAll(() => repo?.remove());

    it("re-runs the whole command once as the failing execution and removes its coverage folder", () => {
      if (outcome.dynamic.kind !== "ranked") throw new Error(outcome.dynamic.reason);
      expect(outcome.dynamic.runs).toHaveLength(1);
      expect(outcome.dynamic.runs[0]).toMatchObject({ expected: "fail", whole: true, used: true });
      expect(outcome.dynamic.executions.map((e) => e.failed)).toEqual([true]);
      expect(readdirSync(repo.dir).filter((n) => n.startsWith(".xihe-coverage-"))).toEqual([]);
    });

    it("demotes the function no check ran below the helper the failing run executed", () => {
      const { expected, unexecuted } = repo;
      // Static ranking puts the uncalled look-alike above the faulty helper.
      expect(positionOf(outcome.static, unexecuted.symbol)).toBeGreaterThanOrEqual(0);
      expect(positionOf(outcome.static, unexecuted.symbol)).toBeLessThan(
        positionOf(outcome.static, expected.symbol),
      );
      const helper = positionOf(outcome.combined, expected.symbol);
      const decoy = positionOf(outcome.combined, unexecuted.symbol);
      expect(helper).toBeGreaterThanOrEqual(0);
      expect(decoy === -1 || decoy > helper).toBe(true);
      expect(outcome.combined[helper]!.why).toContain(
        "ran in the failing run (runner unknown: whole command)",
      );
      if (decoy >= 0)
        expect(outcome.combined[decoy]!.why.at(-1)).toMatch(
          /^did not run in the failing run \(runner unknown: whole command\): static score x0\.2$/,
        );
      // Every function says whether it ran; the lookup table is a constant, which coverage does not judge.
      const functions = outcome.combined.filter((r) => r.symbol.toLowerCase() !== "rounding");
      expect(functions.every((r) => r.why.some((w) => /(ran|did not run) in the failing run/.test(w)))).toBe(
        true,
      );
    });

    it("adds no spectrum score: with nothing passing, every function that ran would tie", () => {
      if (outcome.dynamic.kind !== "ranked") throw new Error(outcome.dynamic.reason);
      expect(outcome.dynamic.ranInFailingRun?.ran.size).toBeGreaterThan(0);
      expect(dynamicEvidence(outcome.dynamic).extraSignals).toBeUndefined();
      expect(outcome.combined.some((r) => r.why.some((w) => w.startsWith("spectrum:")))).toBe(false);
    });

    if (flavour === "node_script")
      it("falls back, saying so, when the whole command passes when re-run", async () => {
        const file = join(repo.dir, repo.expected.file);
        const text = readFileSync(file, "utf8");
        writeFileSync(file, text.replace("Math.floor(cents)", "Math.round(cents)"));
        const again = await locateBoth(repo);
        writeFileSync(file, text);
        expect(again.dynamic).toMatchObject({
          kind: "fallback",
          reason: expect.stringMatching(
            /^cannot tell which test runner `node test\/run\.js` starts .*, so the whole test command was re-run, and it did not end in a test failure \(exit 0\)/,
          ),
        });
      }, 120_000);

    if (flavour === "python_script")
      it("falls back, saying so, when the failing run executes none of the repository's functions", async () => {
        const file = join(repo.dir, "test_pricing.py");
        const text = readFileSync(file, "utf8");
        writeFileSync(file, `import sys\nsys.exit(1)\n${text}`);
        const again = await locateBoth(repo);
        writeFileSync(file, text);
        expect(again.dynamic).toMatchObject({
          kind: "fallback",
          reason: expect.stringMatching(
            /^cannot tell which test runner `python3 test_pricing\.py` starts .*, so the whole test command was re-run: it failed without executing any of the repository's functions/,
          ),
        });
      }, 120_000);
  },
);

// A test module run as a script: the runner is unknown, but the tracer's unittest hook still records
// each test, so the whole run has passing executions and the spectrum ranks as for a known runner.
describe("dynamic localization with a unittest module run as a script", () => {
  let repo: UnknownRunnerRepo;
  let outcome: Awaited<ReturnType<typeof locateBoth>>;
  beforeAll(async () => {
    repo = await createUnknownRunnerRepo("python_unittest_script");
    outcome = await locateBoth(repo);
  }, 120_000);
  afterAll(() => repo?.remove());

  it("splits the whole run into tests and ranks the helper only the failing test ran first by spectrum", () => {
    if (outcome.dynamic.kind !== "ranked") throw new Error(outcome.dynamic.reason);
    expect(outcome.dynamic.runs).toHaveLength(1);
    expect(outcome.dynamic.runs[0]).toMatchObject({ expected: "fail", whole: true, used: true });
    expect(outcome.dynamic.ranInFailingRun).toBeUndefined();
    const executions = outcome.dynamic.executions;
    expect(executions.filter((e) => e.failed)).toHaveLength(1);
    expect(executions.filter((e) => !e.failed)).toHaveLength(3);
    expect(positionOf(outcome.static, repo.expected.symbol)).toBeGreaterThan(0);
    expect(outcome.combined[0]).toMatchObject({ file: repo.expected.file, symbol: repo.expected.symbol });
    expect(outcome.combined[0]!.why[0]).toMatch(
      /^spectrum: ochiai 1\.00: ran in 1\/1 failing and 0\/3 passing/,
    );
  });
});
