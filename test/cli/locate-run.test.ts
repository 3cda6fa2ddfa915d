import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import { captureIo } from "./capture-io.ts";
import { executionsFromJson } from "../../src/understanding/localize/dynamic/executions-json.ts";
import { createSpectrumRepo, type SpectrumRepo } from "../understanding/localize/dynamic/spectrum-repos.ts";
import {
  createUnknownRunnerRepo,
  type UnknownRunnerRepo,
} from "../understanding/localize/dynamic/unknown-runner-repos.ts";

interface LocateJson {
  results: { file: string; symbol: string; why: string[] }[];
  dynamic?: { status: string; reason: string | null; runs: { argv: string; used: boolean }[] };
}

describe("xihe locate --run", () => {
  let repo: SpectrumRepo;
  let logFile: string;
  beforeAll(async () => {
    repo = await createSpectrumRepo("node_test");
    logFile = join(repo.dir, "..", "failing.log");
    writeFileSync(logFile, repo.log);
  }, 60_000);
  afterAll(() => repo?.remove());

  async function locate(extra: string[]): Promise<{ code: number; json: LocateJson; err: string }> {
    const io = captureIo(repo.dir);
    const code = await main(["locate", "--repo", repo.dir, "--log", logFile, "--json", ...extra], io);
    return { code, json: JSON.parse(io.out.join("")) as LocateJson, err: io.err.join("") };
  }

  it("ranks the function only the failing test ran first, where static ranking does not", async () => {
    const plain = await locate([]);
    expect(plain.json.results[0]?.symbol).not.toBe("roundCents");
    const dynamic = await locate(["--run", repo.command]);
    expect(dynamic.code).toBe(0);
    expect(dynamic.json.dynamic).toMatchObject({ status: "ranked", reason: null });
    expect(dynamic.json.results[0]).toMatchObject({ file: "src/pricing.js", symbol: "roundCents" });
    expect(dynamic.json.results[0]!.why[0]).toMatch(/^spectrum: ochiai 1\.00/);
    expect(dynamic.json.dynamic!.runs[0]!.argv).toContain("--test-name-pattern=applyDiscount takes fifteen");
  }, 60_000);

  it("--save-coverage writes what the used runs executed: the failing run covered the faulty helper", async () => {
    const saved = join(repo.dir, "..", "executions.json");
    const dynamic = await locate(["--run", repo.command, "--save-coverage", saved]);
    expect(dynamic.json.dynamic?.status).toBe("ranked");
    const executions = executionsFromJson(readFileSync(saved, "utf8"));
    const failing = executions.filter((e) => e.failed);
    expect(failing).toHaveLength(1);
    // node:test's per-test hook: each sampled passing test is its own execution.
    const passing = executions.filter((e) => !e.failed);
    expect(passing.length).toBeGreaterThan(1);
    expect(passing.every((e) => e.tests === 1)).toBe(true);
    // Each is one test's own, so the spectrum keeps scoring a function by its best line.
    expect(executions.some((e) => e.wholeFiles)).toBe(false);
    expect(failing[0]!.coverage.get("src/pricing.js")?.lines.size).toBeGreaterThan(0);
  }, 60_000);

  it("--timings prints each phase on stderr, the runs among them, and leaves stdout parseable", async () => {
    const timed = await locate(["--run", repo.command, "--timings"]);
    expect(timed.json.dynamic?.status).toBe("ranked");
    const phases = [...timed.err.matchAll(/^timings: (.+?) +(\d+\.\d\d) s$/gm)].map((m) => m[1]!.trim());
    expect(phases).toEqual(
      expect.arrayContaining(["start-up", "index", "install", "runs with coverage", "ranking", "total"]),
    );
    expect(phases).toContain("failing run (1)");
    expect((await locate([])).err).not.toMatch(/timings:/);
  }, 60_000);

  it("refuses --save-coverage without --run", async () => {
    const io = captureIo(repo.dir);
    expect(
      await main(["locate", "--repo", repo.dir, "--log", logFile, "--save-coverage", "x.json"], io),
    ).toBe(2);
    expect(io.err.join("")).toMatch(/--save-coverage needs --run <cmd>/);
  });

  it("falls back to the static ranking with the reason when the run budget runs out", async () => {
    const plain = await locate([]);
    const starved = await locate(["--run", repo.command, "--run-budget", "0.05"]);
    expect(starved.code).toBe(0);
    expect(starved.err).toMatch(/fell back to static ranking: the run budget \(0\.05 s\) ran out/);
    expect(starved.json.dynamic?.status).toBe("fallback");
    expect(starved.json.results).toEqual(plain.json.results);
  }, 60_000);

  it("refuses a run budget that is not a positive number", async () => {
    const io = captureIo(repo.dir);
    expect(
      await main(
        ["locate", "--repo", repo.dir, "--log", logFile, "--run", repo.command, "--run-budget", "soon"],
        io,
      ),
    ).toBe(2);
    expect(io.err.join("")).toMatch(/--run-budget must be a positive number of seconds; got soon/);
  });

  it("says the failing run never started a test when the test file does not load", async () => {
    const testFile = join(repo.dir, "test", "pricing.test.js");
    const original = readFileSync(testFile, "utf8");
    writeFileSync(testFile, `${original}\nexport const broken = ;\n`);
    try {
      const crashed = await locate(["--run", repo.command]);
      expect(crashed.json.dynamic?.status).toBe("fallback");
      expect(crashed.err).toMatch(/exited non-zero without running any test file: it failed to start/);
    } finally {
      writeFileSync(testFile, original);
    }
  }, 60_000);

  it("re-runs a command whose runner it does not know whole, and falls back when that runs no repository code", async () => {
    const starved = await locate(["--run", "make check"]);
    expect(starved.err).toMatch(
      /cannot tell which test runner `make check` starts .*, so the whole test command was re-run: it failed without executing any of the repository's functions/,
    );
    expect(starved.json.dynamic?.status).toBe("fallback");
  });
});

describe("xihe locate --run when the install fails", () => {
  let repo: SpectrumRepo;
  let logFile: string;
  beforeAll(async () => {
    repo = await createSpectrumRepo("pytest");
    // pip cannot install a path that is not there (no network needed to fail)
    writeFileSync(join(repo.dir, "requirements.txt"), "./no-such-package\n");
    logFile = join(repo.dir, "..", "failing.log");
    writeFileSync(logFile, repo.log);
  }, 60_000);
  afterAll(() => repo?.remove());

  it("still ranks by the runs when the sampled passing tests pass without the install, and says the install failed", async () => {
    const io = captureIo(repo.dir);
    const code = await main(
      ["locate", "--repo", repo.dir, "--log", logFile, "--json", "--run", repo.command],
      io,
    );
    expect(code).toBe(0);
    const json = JSON.parse(io.out.join("")) as LocateJson & { dynamic: { install: { status: string } } };
    expect(io.err.join("")).toMatch(/install \(pip\): failed/);
    expect(json.dynamic).toMatchObject({ status: "ranked", install: { status: "failed" } });
    expect(json.results[0]).toMatchObject({ file: repo.expected.file, symbol: repo.expected.symbol });
  }, 120_000);
});

describe("xihe locate --run with a test script xihe does not know", () => {
  let repo: UnknownRunnerRepo;
  let logFile: string;
  beforeAll(async () => {
    repo = await createUnknownRunnerRepo("node_script");
    logFile = join(repo.dir, "..", "failing.log");
    writeFileSync(logFile, repo.log);
  }, 60_000);
  afterAll(() => repo?.remove());

  it("re-runs it whole and demotes what it did not run, saying so in why", async () => {
    const io = captureIo(repo.dir);
    const code = await main(["locate", "--repo", repo.dir, "--log", logFile, "--run", repo.command], io);
    expect(code).toBe(0);
    const text = io.out.join("");
    const at = (symbol: string) => text.indexOf(` ${symbol}  (score`);
    expect(at(repo.expected.symbol)).toBeGreaterThan(0);
    expect(at(repo.expected.symbol)).toBeLessThan(at(repo.unexecuted.symbol));
    expect(text).toMatch(
      /roundCents {2}\(score [\d.]+\)\n {5}.*ran in the failing run \(runner unknown: whole command\)/,
    );
    expect(text).toMatch(
      /applyDiscountOddTotal {2}\(score [\d.]+\)\n {5}.*did not run in the failing run \(runner unknown: whole command\)/,
    );
    expect(io.err.join("")).not.toMatch(/fell back/);
  }, 60_000);

  it("--save-coverage marks the whole run as whole test files, not one test", async () => {
    const saved = join(repo.dir, "..", "executions.json");
    const io = captureIo(repo.dir);
    const args = [
      "locate",
      "--repo",
      repo.dir,
      "--log",
      logFile,
      "--run",
      repo.command,
      "--save-coverage",
      saved,
    ];
    expect(await main(args, io)).toBe(0);
    const executions = executionsFromJson(readFileSync(saved, "utf8"));
    expect(executions.length).toBeGreaterThan(0);
    expect(executions.every((e) => e.failed && e.wholeFiles)).toBe(true);
  }, 60_000);
});
