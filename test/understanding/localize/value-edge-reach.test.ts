import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { createSymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import { callChainSignal } from "../../../src/understanding/localize/call-chain-signal.ts";
import { calleesByCaller, VALUE_EDGE } from "../../../src/understanding/localize/callee-graph.ts";
import { failingReachSignal } from "../../../src/understanding/localize/failing-reach-signal.ts";
import { sharedCalleeSignal } from "../../../src/understanding/localize/shared-callee-signal.ts";
import { passThroughWrappers } from "../../../src/understanding/localize/thin-wrapper.ts";
import type { SignalName, SignalScores } from "../../../src/understanding/localize/localize-signal.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

// `clean` calls `normalize` and hands `is_valid` on to `filter`; `rank` hands `score` on to `sorted`
// and calls it too; `tidy` hands `strip` on, and `strip`'s own callee `trim` is a call below it.
const files: Record<string, string> = {
  "pkg/lib.py": [
    "def is_valid(item):",
    "    return item > 0",
    "",
    "def normalize(item):",
    "    return item * 2",
    "",
    "def clean(items):",
    "    kept = filter(is_valid, items)",
    "    return [normalize(i) for i in kept]",
    "",
    "def score(item):",
    "    return -item",
    "",
    "def rank(items):",
    "    best = score(items[0])",
    "    return best, sorted(items, key=score)",
    "",
    "def trim(text):",
    "    return text.strip()",
    "",
    "def strip(text):",
    "    return trim(text)",
    "",
    "def tidy(lines):",
    "    return list(map(strip, lines))",
    "",
    "def weight(item):",
    "    return len(item)",
    "",
    "def sorter(key):",
    "    return lambda items: sorted(items, key=key)",
    "",
    "def by_weight():",
    "    return sorter(weight)",
    "",
  ].join("\n"),
  "tests/test_lib.py": [
    "from pkg.lib import clean, rank, tidy",
    "",
    "def test_clean():",
    "    assert clean([1, -1]) == [2]",
    "",
    "def test_rank():",
    "    assert rank([2, 1])[0] == -2",
    "",
    "def test_tidy():",
    '    assert tidy([" a "]) == ["a"]',
    "",
  ].join("\n"),
};

let root: string;
let index: CodeIndex;
beforeAll(async () => {
  root = scratchDir("xihe-value-edge-reach-");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  index = await buildIndex(root, { cache: null });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const idOf = (name: string) => index.symbols.find((s) => s.name === name)!.id;
const byName = (scores: ReadonlyMap<string, { strength: number; detail: string }>) =>
  new Map([...scores].map(([id, hit]) => [index.symbols.find((s) => s.id === id)?.name, hit]));

describe("the callee graph tells a call from a function handed on as a value", () => {
  it("gives a call strength 1 and a function handed on VALUE_EDGE, a call winning over both", () => {
    const graph = calleesByCaller(index, createSymbolLookup(index));
    expect(VALUE_EDGE).toBeLessThan(1);
    expect(graph.get(idOf("clean"))?.get(idOf("normalize"))).toBe(1);
    expect(graph.get(idOf("clean"))?.get(idOf("is_valid"))).toBe(VALUE_EDGE);
    // `rank` calls `score` and also hands it to `sorted`: it is called.
    expect(graph.get(idOf("rank"))?.get(idOf("score"))).toBe(1);
  });
});

describe("failing_reach: what a failing test reaches only through a function handed on counts less", () => {
  it("counts a helper handed to filter as VALUE_EDGE of a test, a called one whole", () => {
    const scores = byName(
      failingReachSignal(index, createSymbolLookup(index), [{ file: "tests/test_lib.py", line: 4 }]),
    );
    expect(scores.get("clean")?.strength).toBe(1);
    expect(scores.get("normalize")?.strength).toBe(1);
    expect(scores.get("is_valid")?.strength).toBe(VALUE_EDGE);
    expect(scores.get("is_valid")?.detail).toBe(
      "reached by 1 of 1 failing tests, through a function handed on as a value",
    );
    expect(scores.get("normalize")?.detail).toBe("reached by 1 of 1 failing tests");
  });

  it("keeps a function both called and handed on whole", () => {
    const scores = byName(
      failingReachSignal(index, createSymbolLookup(index), [{ file: "tests/test_lib.py", line: 7 }]),
    );
    expect(scores.get("score")?.strength).toBe(1);
  });

  it("carries the weaker edge down the path: a call below a function handed on is as weak", () => {
    const scores = byName(
      failingReachSignal(index, createSymbolLookup(index), [{ file: "tests/test_lib.py", line: 10 }]),
    );
    expect(scores.get("tidy")?.strength).toBe(1);
    expect(scores.get("strip")?.strength).toBe(VALUE_EDGE);
    expect(scores.get("trim")?.strength).toBe(VALUE_EDGE);
  });

  it("sums the tests: a helper one test calls and another reaches through a value", () => {
    // test_clean reaches is_valid through filter only; nothing else reaches it: VALUE_EDGE of 2 tests.
    const scores = byName(
      failingReachSignal(index, createSymbolLookup(index), [
        { file: "tests/test_lib.py", line: 4 },
        { file: "tests/test_lib.py", line: 7 },
      ]),
    );
    expect(scores.get("is_valid")?.strength).toBeCloseTo(VALUE_EDGE / 2, 6);
    expect(scores.get("normalize")?.strength).toBeCloseTo(0.5, 6);
  });
});

describe("call_chain and shared_callee pass on VALUE_EDGE of a call through a function handed on", () => {
  it("gives the helper handed on half of what the called one gets from the same suspect", () => {
    const scores = byName(
      callChainSignal(index, createSymbolLookup(index), new Map([[idOf("clean"), 1]]), 1),
    );
    const called = scores.get("normalize")!;
    const handed = scores.get("is_valid")!;
    expect(handed.strength).toBeCloseTo(called.strength * VALUE_EDGE, 6);
    expect(handed.detail).toBe("handed on by clean");
    expect(called.detail).toBe("called by clean");
  });

  it("gives the suspect's caller through a value edge VALUE_EDGE of a calling one's share", () => {
    const lookup = createSymbolLookup(index);
    const fromValue = byName(callChainSignal(index, lookup, new Map([[idOf("is_valid"), 1]]), 1));
    const fromCall = byName(callChainSignal(index, lookup, new Map([[idOf("normalize"), 1]]), 1));
    expect(fromValue.get("clean")?.strength).toBeCloseTo(fromCall.get("clean")!.strength * VALUE_EDGE, 6);
    expect(fromValue.get("clean")?.detail).toBe("hands on is_valid");
  });

  it("counts what two suspects share through a value edge as shared, normalised to the best", () => {
    const lookup = createSymbolLookup(index);
    const seeds = new Map([
      [idOf("tidy"), 1],
      [idOf("strip"), 1],
    ]);
    // trim: from strip by a call (hop 1), from tidy through strip handed on (hop 2).
    const scores = byName(sharedCalleeSignal(index, lookup, seeds));
    expect(scores.get("trim")?.strength).toBe(1);
    expect(scores.get("trim")?.detail).toBe("reached from 2 suspects");
  });
});

describe("a thin wrapper's last call: a function handed on is no delegate", () => {
  it("passes what the test says of `return sorter(weight)` on to sorter, none to weight", () => {
    const lookup = createSymbolLookup(index);
    const signals = new Map<SignalName, SignalScores>([
      ["test_callee", new Map([[idOf("by_weight"), { strength: 1, detail: "called by the failing test" }]])],
    ]);
    const readLines = (path: string) => readFileSync(join(root, path), "utf8").split("\n");
    const passed = passThroughWrappers(signals, index, lookup, readLines).get("test_callee")!;
    expect(passed.get(idOf("by_weight"))?.strength).toBe(0.5);
    expect(passed.get(idOf("sorter"))?.strength).toBe(0.5);
    expect(passed.has(idOf("weight"))).toBe(false);
  });
});
