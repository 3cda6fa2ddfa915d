import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../../src/understanding/index/build-index.ts";
import type { CodeSymbol } from "../../../../src/understanding/index/code-index.ts";
import { localize } from "../../../../src/understanding/localize/localize.ts";
import {
  dynamicLocalize,
  type DynamicOutcome,
} from "../../../../src/understanding/localize/dynamic/dynamic-localize.ts";
import {
  executionsFromJson,
  executionsToJson,
} from "../../../../src/understanding/localize/dynamic/executions-json.ts";
import { resultReads } from "../../../../src/understanding/localize/dynamic/result-reads.ts";
import type { Execution } from "../../../../src/understanding/localize/dynamic/spectrum-signal.ts";
import { createBwrapSandbox } from "../../../../src/workspace/sandbox/bwrap-sandbox.ts";
import { detectSandboxSupport } from "../../../../src/workspace/sandbox/sandbox-support.ts";
import { makeScratchDir } from "../../../support/scratch-dir.ts";

// A validator returns a falsy Failure object instead of False; `assert in_range(...)` calls its
// `__bool__` only when the validator wrongly fails, and pytest's report calls its `__repr__` only
// then too: both run in the failing test alone, while the mutated validator runs in every test.
const checks = `import functools


class Failure:
    def __init__(self, name, value):
        self.name = name
        self.value = value

    def __bool__(self):
        return False

    def __repr__(self):
        return "Failure(%s, %r)" % (self.name, self.value)


@functools.total_ordering
class Bound:
    def __init__(self, value):
        self.value = value

    def __eq__(self, other):
        return self.value == other

    def __lt__(self, other):
        return self.value < other


def in_range(value, low, high):
    if Bound(value) >= low and low <= value <= high:
        return True
    return Failure("in_range", value)
`;
const tests = `from shop.checks import Failure, in_range


def test_low_edge_is_in_range():
    assert in_range(1, 1, 5)


def test_middle_is_in_range():
    assert in_range(3, 1, 5)


def test_above_is_a_failure():
    assert isinstance(in_range(9, 1, 5), Failure)


def test_below_is_a_failure():
    assert isinstance(in_range(0, 1, 5), Failure)
`;

const support = detectSandboxSupport(randomUUID());

describe("a falsy failure object read by the failing test's assert (pytest)", () => {
  let scratch: ReturnType<typeof makeScratchDir>;
  let dir: string;
  let dynamic: DynamicOutcome;
  let combined: { symbol: string; why: string[] }[];
  beforeAll(async () => {
    scratch = makeScratchDir("result-reads");
    dir = join(scratch.dir, "shop");
    const files = { "shop/__init__.py": "", "shop/checks.py": checks, "tests/test_checks.py": tests };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    // The mutant: the low edge is left out of the range.
    writeFileSync(join(dir, "shop/checks.py"), checks.replace("low <= value", "low < value"));
    await execa("git", ["init", "-q"], { cwd: dir });
    await execa("git", ["add", "-A"], { cwd: dir });
    const command = "python3 -m pytest -q tests";
    const run = await execa("/usr/bin/python3", ["-m", "pytest", "-q", "tests"], {
      cwd: dir,
      reject: false,
      all: true,
      env: { NO_COLOR: "1", CI: "true" },
    });
    if (run.exitCode === 0) throw new Error(`the mutant's tests passed:\n${run.all}`);
    const log = run.all ?? "";
    const index = await buildIndex(dir, { cache: null });
    const { failures } = await diagnose(log, { repoRoot: dir });
    const readText = (file: string): string | null => {
      try {
        return readFileSync(join(dir, file), "utf8");
      } catch {
        return null;
      }
    };
    dynamic = await dynamicLocalize({
      sandbox: createBwrapSandbox({ root: dir, support, newId: randomUUID, now: Date.now }),
      index,
      failures,
      logText: log,
      command,
      budgetMs: 60_000,
      now: Date.now,
      newHexId: () => randomBytes(6).toString("hex"),
      readText,
    });
    combined = localize({
      index,
      failures,
      logText: log,
      readLines: (f) => readText(f)?.split("\n") ?? null,
      extraSignals: dynamic.kind === "ranked" ? new Map([["spectrum", dynamic.signal]]) : undefined,
    });
  }, 120_000);
  afterAll(() => scratch?.remove());

  it("records who called each function: the failing test's line for __bool__ and __repr__, the code for __init__ and __lt__", () => {
    if (dynamic.kind !== "ranked") throw new Error(dynamic.reason);
    const failing = dynamic.executions.filter((e) => e.failed);
    expect(failing).toHaveLength(1);
    const callers = failing[0]!.coverage.get("shop/checks.py")?.callers;
    expect(callers?.get("9:__bool__")).toEqual(new Set(["tests/test_checks.py:5"]));
    // pytest's rewritten assert formats its message in the test's frame, through its own modules.
    expect(callers?.get("12:__repr__")).toEqual(new Set(["tests/test_checks.py:5"]));
    expect(callers?.get("5:__init__")).toEqual(new Set(["shop/checks.py:31"]));
    // functools' `>=` calls the class's own __lt__: the nearest repository frame is the caller.
    expect(callers?.get("24:__lt__")).toEqual(new Set(["shop/checks.py:29"]));
    // Saved with the coverage and read back for offline re-ranking.
    const back = executionsFromJson(executionsToJson(dynamic.executions));
    expect(back.find((e) => e.failed)!.coverage.get("shop/checks.py")?.callers).toEqual(callers);
  });

  it("damps the result reads and ranks the mutated validator first", () => {
    if (dynamic.kind !== "ranked") throw new Error(dynamic.reason);
    const signal = dynamic.signal;
    const bySymbol = (name: string) => [...signal].find(([id]) => id.includes(`#${name}@`))?.[1];
    expect(bySymbol("Failure.__bool__")).toMatchObject({ strength: 0.5 });
    expect(bySymbol("Failure.__bool__")?.detail).toMatch(
      /^ochiai 1\.00: .*damped: the failing tests only read/,
    );
    expect(bySymbol("Failure.__repr__")).toMatchObject({ strength: 0.5 });
    // Made by the code under test, not read by the test: kept.
    expect(bySymbol("Failure.__init__")?.detail).not.toMatch(/damped/);
    expect(bySymbol("in_range")?.detail).not.toMatch(/damped/);
    expect(bySymbol("Bound.__lt__")?.detail).not.toMatch(/damped/);
    expect(combined[0]).toMatchObject({ symbol: "in_range" });
  });
});

describe("resultReads", () => {
  const method = (name: string, qualifiedName: string, startLine: number): CodeSymbol => ({
    id: `lib.py#${qualifiedName}@${startLine}`,
    name,
    qualifiedName,
    kind: "method",
    file: "lib.py",
    startLine,
    endLine: startLine + 1,
    signature: "",
    doc: null,
    exported: true,
    parent: "lib.py#Ptr@1",
  });
  const repr = method("__repr__", "Ptr.__repr__", 2);
  const eq = method("__eq__", "Ptr.__eq__", 5);
  const init = method("__init__", "Ptr.__init__", 8);
  const text: Record<string, string> = {
    "test_lib.py": "p = Ptr(1)\nassert repr(p) == 'Ptr(1)'\nassert p == q\n",
  };
  const run = (failed: boolean, callers: Record<string, string[]>): Execution => ({
    failed,
    coverage: new Map([
      [
        "lib.py",
        {
          lines: new Set([3, 6, 9]),
          functionNames: new Set<string>(),
          callers: new Map(Object.entries(callers).map(([k, v]) => [k, new Set(v)])),
        },
      ],
    ]),
  });
  const reads = (executions: Execution[]) =>
    resultReads(
      executions,
      [repr, eq, init],
      (f) => f.startsWith("test_"),
      (f) => text[f] ?? null,
    );

  it("keeps a method the test's line names (repr for __repr__, the class for __init__)", () => {
    const got = reads([run(true, { "2:__repr__": ["test_lib.py:2"], "8:__init__": ["test_lib.py:1"] })]);
    expect(got).toEqual(new Set());
  });

  it("damps one the test's line reaches without naming it, or the framework calls", () => {
    expect(reads([run(true, { "5:__eq__": ["test_lib.py:3"], "2:__repr__": [""] })])).toEqual(
      new Set([eq.id, repr.id]),
    );
  });

  it("keeps a method the code under test called in some failing run, or whose callers overflowed", () => {
    const many = Array.from({ length: 16 }, (_, i) => `test_lib.py:${i + 1}`);
    expect(
      reads([
        run(true, { "5:__eq__": ["test_lib.py:3"] }),
        run(true, { "5:__eq__": ["lib.py:9"], "2:__repr__": many }),
      ]),
    ).toEqual(new Set());
  });

  it("keeps a method a failing test is named for", () => {
    const calls = { "5:__eq__": ["test_lib.py:3"] };
    expect(reads([run(true, calls)])).toEqual(new Set([eq.id]));
    expect(
      resultReads(
        [run(true, calls)],
        [eq],
        (f) => f.startsWith("test_"),
        (f) => text[f] ?? null,
        ["tests.ComparisonTests.test_eq_hash"],
      ),
    ).toEqual(new Set());
  });

  it("ignores passing runs and coverage without callers (V8)", () => {
    expect(reads([run(false, { "5:__eq__": ["test_lib.py:3"] })])).toEqual(new Set());
    const v8: Execution = {
      failed: true,
      coverage: new Map([["lib.py", { lines: new Set([6]), functionNames: new Set() }]]),
    };
    expect(reads([v8])).toEqual(new Set());
  });
});
