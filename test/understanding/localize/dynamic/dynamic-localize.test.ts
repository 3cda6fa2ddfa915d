import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync, readdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../../src/understanding/index/build-index.ts";
import { localize } from "../../../../src/understanding/localize/localize.ts";
import {
  dynamicLocalize,
  type DynamicOutcome,
} from "../../../../src/understanding/localize/dynamic/dynamic-localize.ts";
import { createBwrapSandbox } from "../../../../src/workspace/sandbox/bwrap-sandbox.ts";
import { detectSandboxSupport } from "../../../../src/workspace/sandbox/sandbox-support.ts";
import { createSpectrumRepo, type SpectrumFlavour, type SpectrumRepo } from "./spectrum-repos.ts";

const support = detectSandboxSupport(randomUUID());
// The project's own vitest, run inside the sandbox from its (read-only) node_modules.
const projectModules = realpathSync(join(process.cwd(), "node_modules"));
const vitestBin = join(projectModules, "vitest", "vitest.mjs");

async function locateBoth(repo: SpectrumRepo, budgetMs = 60_000) {
  const index = await buildIndex(repo.dir, { cache: null });
  const { failures } = await diagnose(repo.log, { repoRoot: repo.dir });
  const readText = (file: string): string | null => {
    try {
      return readFileSync(join(repo.dir, file), "utf8");
    } catch {
      return null;
    }
  };
  const sandbox = createBwrapSandbox({
    root: repo.dir,
    support,
    newId: randomUUID,
    now: Date.now,
    readOnlyDirs: [projectModules],
  });
  const dynamic = await dynamicLocalize({
    sandbox,
    index,
    failures,
    logText: repo.log,
    command: repo.command,
    budgetMs,
    now: Date.now,
    newHexId: () => randomBytes(6).toString("hex"),
    readText,
  });
  const rank = (extra?: DynamicOutcome) =>
    localize({
      index,
      failures,
      logText: repo.log,
      readLines: (f) => readText(f)?.split("\n") ?? null,
      extraSignals: extra?.kind === "ranked" ? new Map([["spectrum", extra.signal]]) : undefined,
    });
  return { index, dynamic, static: rank(), combined: rank(dynamic) };
}

function positionOf(results: { symbol: string }[], symbol: string): number {
  return results.findIndex((r) => r.symbol === symbol);
}

describe.each<SpectrumFlavour>(["node_test", "pytest", "vitest", "unittest", "unittest_discover"])(
  "dynamic localization with %s",
  (flavour) => {
    let repo: SpectrumRepo;
    let outcome: Awaited<ReturnType<typeof locateBoth>>;
    beforeAll(async () => {
      repo = await createSpectrumRepo(flavour, flavour === "vitest" ? vitestBin : undefined);
      outcome = await locateBoth(repo);
    }, 120_000);
    afterAll(() => repo?.remove());

    it("ranks the mutated helper first, where static ranking puts it lower", () => {
      expect(positionOf(outcome.static, repo.expected.symbol)).toBeGreaterThan(0);
      expect(outcome.dynamic, JSON.stringify(outcome.dynamic)).toMatchObject({ kind: "ranked" });
      expect(outcome.combined[0]).toMatchObject({ file: repo.expected.file, symbol: repo.expected.symbol });
      expect(outcome.combined[0]!.why[0]).toMatch(
        /^spectrum: ochiai 1\.00: ran in 1\/1 failing and 0\/\d passing tests/,
      );
    });

    it("re-ran the failing test alone and the passing sample as one run, and removed its coverage folder", () => {
      if (outcome.dynamic.kind !== "ranked") throw new Error(outcome.dynamic.reason);
      const used = outcome.dynamic.runs.filter((r) => r.used);
      expect(used.filter((r) => r.expected === "fail")).toHaveLength(1);
      const passing = outcome.dynamic.runs.filter((r) => r.expected === "pass");
      expect(passing).toHaveLength(1);
      expect(passing[0]).toMatchObject({ used: true });
      expect(passing[0]!.tests).toBeGreaterThanOrEqual(2);
      expect(readdirSync(repo.dir).filter((n) => n.startsWith(".xihe-coverage-"))).toEqual([]);
    });

    if (flavour === "pytest" || flavour.startsWith("unittest"))
      it("counts each Python test as its own execution, named by the runner's id, the failing one failed", () => {
        if (outcome.dynamic.kind !== "ranked") throw new Error(outcome.dynamic.reason);
        const executions = outcome.dynamic.executions;
        const passing = outcome.dynamic.runs.find((r) => r.expected === "pass")!;
        expect(executions).toHaveLength(1 + passing.tests);
        expect(executions.every((e) => e.tests === 1)).toBe(true);
        expect(executions.filter((e) => e.failed)).toHaveLength(1);
        // Each passing test ran only what it calls: not every test ran the failing input's branch.
        const helper = repo.expected.file;
        const helperLines = executions
          .filter((e) => !e.failed)
          .map((e) => e.coverage.get(helper)?.lines.size ?? 0);
        expect(new Set(helperLines).size).toBeGreaterThan(1);
      });

    if (flavour === "node_test" || flavour === "vitest")
      it("counts each test as its own execution through the runner's per-test hook, the failing one failed", () => {
        if (outcome.dynamic.kind !== "ranked") throw new Error(outcome.dynamic.reason);
        const executions = outcome.dynamic.executions;
        const passing = outcome.dynamic.runs.find((r) => r.expected === "pass")!;
        expect(executions).toHaveLength(1 + passing.tests);
        expect(executions.every((e) => e.tests === 1)).toBe(true);
        expect(executions.filter((e) => e.failed)).toHaveLength(1);
        // formatPrice's test does not reach the helper; the applyDiscount tests do.
        const helperLines = executions
          .filter((e) => !e.failed)
          .map((e) => e.coverage.get(repo.expected.file)?.lines.size ?? 0);
        expect(new Set(helperLines).size).toBeGreaterThan(1);
      });

    if (flavour === "pytest")
      it("selected the sampled passing pytest functions by node id, not by a -k that matches file names", () => {
        const passing = outcome.dynamic.runs.find((r) => r.expected === "pass")!;
        expect(passing.argv).toContain("tests/test_pricing.py::test_format_price");
        expect(passing.argv).not.toContain("-k");
      });

    if (flavour.startsWith("unittest"))
      it("selected the failing unittest method by its id", () => {
        const failing = outcome.dynamic.runs.find((r) => r.expected === "fail")!;
        const id = "tests.test_pricing.ApplyDiscountTests.test_odd_total";
        expect(failing.argv).toEqual(
          flavour === "unittest"
            ? ["python3", "-m", "unittest", id]
            : ["python3", "-m", "unittest", "discover", "-s", "tests", "-t", ".", "-k", `*${id}`],
        );
      });
  },
);

// A CI log cut to its summary names no failing test: the command itself is re-run as the failing run.
describe.each<SpectrumFlavour>(["node_test", "vitest"])("a %s log that names no failing test", (flavour) => {
  let repo: SpectrumRepo;
  let outcome: Awaited<ReturnType<typeof locateBoth>>;
  beforeAll(async () => {
    repo = await createSpectrumRepo(flavour, flavour === "vitest" ? vitestBin : undefined);
    const lines = repo.log.trimEnd().split("\n");
    const from = lines.findLastIndex((l) => /^(ℹ tests|# tests|Test Files)/.test(l.trim()));
    const end = lines.findIndex((l, i) => i > from && /failing tests|✖/.test(l));
    repo = { ...repo, log: `${lines.slice(from, end < 0 ? undefined : end).join("\n")}\n` };
    outcome = await locateBoth(repo);
  }, 120_000);
  afterAll(() => repo?.remove());

  it("re-runs the whole test command once, whose tests split into failing and passing executions", async () => {
    const { failures } = await diagnose(repo.log, { repoRoot: repo.dir });
    expect(failures.filter((f) => f.test || f.file)).toEqual([]);
    if (outcome.dynamic.kind !== "ranked") throw new Error(outcome.dynamic.reason);
    expect(outcome.dynamic.runs).toHaveLength(1);
    expect(outcome.dynamic.runs[0]).toMatchObject({ expected: "fail", whole: true, used: true });
    const executions = outcome.dynamic.executions;
    expect(executions.filter((e) => e.failed)).toHaveLength(1);
    expect(executions.filter((e) => !e.failed)).toHaveLength(4);
    expect(outcome.combined[0]).toMatchObject({ file: repo.expected.file, symbol: repo.expected.symbol });
    expect(outcome.combined[0]!.why[0]).toMatch(
      /^spectrum: ochiai 1\.00: ran in 1\/1 failing and 0\/4 passing/,
    );
  });

  if (flavour === "node_test")
    it("falls back, saying so, when the whole re-run fails without executing a repository function", async () => {
      const file = join(repo.dir, repo.expected.file);
      const text = readFileSync(file, "utf8");
      writeFileSync(file, `${text}\nexport function broken( {\n`);
      const again = await locateBoth(repo);
      writeFileSync(file, text);
      expect(again.dynamic).toMatchObject({
        kind: "fallback",
        reason: expect.stringMatching(
          /^the log names no failing test, so the whole test command was re-run: it failed without executing any of the repository's functions/,
        ),
      });
    }, 120_000);

  if (flavour === "node_test")
    it("falls back, saying so, when the whole command passes when re-run", async () => {
      const file = join(repo.dir, repo.expected.file);
      writeFileSync(file, readFileSync(file, "utf8").replace("Math.floor(cents)", "Math.round(cents)"));
      const again = await locateBoth(repo);
      expect(again.dynamic).toMatchObject({
        kind: "fallback",
        reason: expect.stringMatching(
          /^the log names no failing test, so the whole test command was re-run, and it did not end in a test failure \(exit 0\)/,
        ),
      });
    }, 120_000);
});
