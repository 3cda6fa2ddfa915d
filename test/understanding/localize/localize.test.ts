import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { localize } from "../../../src/understanding/localize/localize.ts";
import { createFailingJsRepo, createFailingPythonRepo, type FailingRepo } from "../failing-repos.ts";
import { failingRun, unittestDiscover } from "./failing-run.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

const made: FailingRepo[] = [];
const track = (repo: FailingRepo): FailingRepo => (made.push(repo), repo);
afterAll(() => made.forEach((repo) => repo.remove()));

async function run(
  repo: FailingRepo,
  index: CodeIndex,
  options: { callDepth?: number; weights?: { call_chain: number } } = {},
) {
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
    // call_chain's default weight is 0 (failing_reach carries callees since the tune of session 31).
    const withChain = await run(repo, index, { callDepth: 1, weights: { call_chain: 1 } });
    const withoutChain = await run(repo, index, { callDepth: 0, weights: { call_chain: 1 } });
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

describe("localize when the failing test's callee is only the entry to a deeper traceback", () => {
  let root: string;
  beforeAll(() => {
    root = scratchDir("xihe-locate-entry-");
    const files: Record<string, string> = {
      "conf/__init__.py": "",
      "conf/reader.py": [
        "def parse_value(raw):",
        "    if not raw.isdigit():",
        '        raise ValueError("not a number: " + raw)',
        "    return int(raw)",
        "",
        "",
        "def parse_line(line):",
        '    key, _, raw = line.partition("=")',
        "    return key.strip(), parse_value(raw.strip() + 'x')",
        "",
        "",
        "def loads(text):",
        "    pairs = {}",
        "    for line in text.splitlines():",
        "        key, value = parse_line(line)",
        "        pairs[key] = value",
        "    return pairs",
        "",
      ].join("\n"),
      "tests/__init__.py": "",
      "tests/test_reader.py": [
        "import unittest",
        "",
        "from conf.reader import loads",
        "",
        "",
        "class ReaderTest(unittest.TestCase):",
        "    def test_loads_reads_numbers(self):",
        '        self.assertEqual(loads("a = 1"), {"a": 1})',
        "",
      ].join("\n"),
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("ranks the frames below the test's callee above it and says why the callee dropped", async () => {
    const { log, failures, index, readLines } = await failingRun(root, unittestDiscover);
    const results = localize({ index, failures, logText: log, readLines });
    const rank = (name: string) => results.findIndex((r) => r.symbol === name);
    expect(rank("parse_value")).toBe(0);
    const loads = results[rank("loads")]!;
    expect(loads.why.join(" ")).toMatch(/test_callee: called by the failing test .*, with frames below it/);
  });
});
