import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { localize } from "../../../src/understanding/localize/localize.ts";
import { createFailingJsRepo, createFailingPythonRepo, type FailingRepo } from "../failing-repos.ts";

const made: FailingRepo[] = [];
const track = (repo: FailingRepo): FailingRepo => (made.push(repo), repo);
afterAll(() => made.forEach((repo) => repo.remove()));

async function run(repo: FailingRepo, index: CodeIndex, options: { callDepth?: number } = {}) {
  const { failures } = await diagnose(repo.log, { repoRoot: repo.dir });
  return localize({
    index,
    failures,
    logText: repo.log,
    readLines: (path) => readFileSync(join(repo.dir, path), "utf8").split("\n"),
    ...options,
  });
}

describe("localize on a JavaScript repo whose node:test assertion fails", () => {
  let repo: FailingRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = track(await createFailingJsRepo());
    index = await buildIndex(repo.dir, { cache: null });
  });

  it("ranks the mutated function first, with the test-name and test-callee signals", async () => {
    const [first] = await run(repo, index);
    expect(first).toMatchObject({ file: repo.expected.file, symbol: repo.expected.symbol });
    expect(first!.startLine).toBeLessThanOrEqual(repo.expected.line);
    expect(first!.endLine).toBeGreaterThanOrEqual(repo.expected.line);
    const signals = first!.why.map((w) => w.split(":")[0]);
    expect(signals).toEqual(expect.arrayContaining(["test_callee", "test_name"]));
  });

  it("never returns test code and orders results by score", async () => {
    const results = await run(repo, index);
    expect(results.every((r) => !r.file.startsWith("test/"))).toBe(true);
    const scores = results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("reaches callees of the code under test only through call-chain expansion", async () => {
    const withChain = await run(repo, index, { callDepth: 1 });
    const withoutChain = await run(repo, index, { callDepth: 0 });
    const why = (rs: typeof withChain) => rs.find((r) => r.symbol === "roundCents")?.why ?? [];
    expect(why(withChain).some((w) => w.startsWith("call_chain: called by cartTotal"))).toBe(true);
    expect(why(withoutChain).some((w) => w.startsWith("call_chain"))).toBe(false);
  });
});

describe("localize on a Python repo whose unittest run raises inside the library", () => {
  it("ranks the raising function first from the innermost project frame", async () => {
    const repo = track(await createFailingPythonRepo());
    const index = await buildIndex(repo.dir, { cache: null });
    const results = await run(repo, index);
    expect(results[0]).toMatchObject({ file: repo.expected.file, symbol: repo.expected.symbol });
    expect(results[0]!.why.join(" ")).toMatch(/innermost at shop\/pricing\.py:11/);
  });
});
