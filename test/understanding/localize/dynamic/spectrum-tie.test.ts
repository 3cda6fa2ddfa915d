import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../../src/understanding/index/code-index.ts";
import { isCallable } from "../../../../src/understanding/index/symbol-lookup.ts";
import { localize, type SuspectLocation } from "../../../../src/understanding/localize/localize.ts";
import type { SignalName, SignalScores } from "../../../../src/understanding/localize/localize-signal.ts";
import {
  dynamicEvidence,
  dynamicLocalize,
  type DynamicOutcome,
} from "../../../../src/understanding/localize/dynamic/dynamic-localize.ts";
import { spectrumTieBreak } from "../../../../src/understanding/localize/dynamic/spectrum-tie.ts";
import { createBwrapSandbox } from "../../../../src/workspace/sandbox/bwrap-sandbox.ts";
import { detectSandboxSupport } from "../../../../src/workspace/sandbox/sandbox-support.ts";
import { makeScratchDir } from "../../../support/scratch-dir.ts";

// The shape of the tie class (jmespath's `_is_false` under `TreeInterpreter`, jsonpointer's `escape`
// under `path`): a caller every test enters takes a branch only for the failing input and calls a
// helper there. The branch line and the helper both ran in the failing test alone (Ochiai 1 each);
// the log names the caller (the assert's `where ... = describe(-5.25)`), so the static signals put it
// first. Only the helper was entered by no passing test.
const prices = `def _amount(value):
    cents = round(value * 100)
    return "%d.%02d" % (cents // 100, cents % 100)


def describe(price, currency=None):
    if currency is None:
        currency = "EUR"
    if price < 0:
        return "%s %s back" % (_amount(-price), currency)
    return "%d %s" % (price, currency)
`;
const tests = `from shop.prices import describe


def test_price_in_euros():
    assert describe(5) == "5 EUR"


def test_price_in_dollars():
    assert describe(7, "USD") == "7 USD"


def test_nothing_to_pay():
    assert describe(0) == "0 EUR"


def test_negative_price():
    assert describe(-5.25) == "5.25 EUR back"
`;

const support = detectSandboxSupport(randomUUID());

describe("a helper tied with its caller at the top spectrum score (pytest)", () => {
  let scratch: ReturnType<typeof makeScratchDir>;
  let dir: string;
  let index: CodeIndex;
  let dynamic: DynamicOutcome;
  let rank: (signals: ReadonlyMap<SignalName, SignalScores>) => SuspectLocation[];
  beforeAll(async () => {
    scratch = makeScratchDir("spectrum-tie");
    dir = join(scratch.dir, "shop");
    const files = { "shop/__init__.py": "", "shop/prices.py": prices, "tests/test_prices.py": tests };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    // The mutant: the cents are taken modulo 10.
    writeFileSync(join(dir, "shop/prices.py"), prices.replace("cents % 100", "cents % 10"));
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
    index = await buildIndex(dir, { cache: null });
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
    rank = (extraSignals) =>
      localize({
        index,
        failures,
        logText: log,
        readLines: (f) => readText(f)?.split("\n") ?? null,
        extraSignals,
      });
  }, 120_000);
  afterAll(() => scratch?.remove());

  const byName = (scores: SignalScores, name: string) =>
    [...scores].find(([id]) => id.includes(`#${name}@`))?.[1];

  it("ties the helper and its caller at Ochiai 1 and prefers the one no passing test entered", () => {
    if (dynamic.kind !== "ranked") throw new Error(dynamic.reason);
    expect(byName(dynamic.signal, "_amount")?.strength).toBe(1);
    expect(byName(dynamic.signal, "describe")?.strength).toBe(1);
    expect(byName(dynamic.tie, "_amount")).toMatchObject({ strength: 1 });
    expect(byName(dynamic.tie, "_amount")?.detail).toMatch(
      /^tied at spectrum 1\.00 with 1 other function\(s\); no sampled passing test entered it/,
    );
    expect(byName(dynamic.tie, "describe")).toMatchObject({ strength: 0 });
    expect(byName(dynamic.tie, "describe")?.detail).toMatch(/[1-9]\d* sampled passing test\(s\) entered it/);
  });

  it("moves the helper above its caller, and says so in both functions' why", () => {
    if (dynamic.kind !== "ranked") throw new Error(dynamic.reason);
    // Without the tie-break the log's name decides: the caller is first.
    const spectrumOnly = rank(new Map([["spectrum", dynamic.signal]]));
    expect(spectrumOnly[0]).toMatchObject({ symbol: "describe" });
    const ranked = rank(dynamicEvidence(dynamic).extraSignals!);
    expect(ranked.slice(0, 2).map((r) => r.symbol)).toEqual(["_amount", "describe"]);
    expect(ranked[0]!.why.join("\n")).toMatch(/^spectrum_tie: .*placed before them$/m);
    expect(ranked[1]!.why.join("\n")).toMatch(/^spectrum_tie: .*placed after them$/m);
  });

  it("leaves a tie of more functions than the limit alone", () => {
    if (dynamic.kind !== "ranked") throw new Error(dynamic.reason);
    const tested = new Set(index.files.filter((f) => f.isTest).map((f) => f.path));
    const candidates = index.symbols.filter((s) => isCallable(s) && !tested.has(s.file));
    expect(spectrumTieBreak(dynamic.executions, candidates, dynamic.signal, 2).size).toBe(2);
    expect(spectrumTieBreak(dynamic.executions, candidates, dynamic.signal, 1).size).toBe(0);
  });
});
