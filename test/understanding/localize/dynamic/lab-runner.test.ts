// @hapi/lab under `xihe locate --run`, on the lab-kit fixture (its failing log recorded by the real
// lab, test/fixtures/projects/lab-kit/record.sh): the failing test is selected by its full title with
// lab's `-g` (not taken for node-tap because of `-r tap`), the suite-wide `-t 100` is left out of the
// filtered runs, and a sampled passing batch that fails in the sandbox (test/settings.js depends on
// CI, which the sandbox sets) is left out with the reason in the signals, where the spectrum that
// is left cannot order what the failing test ran: the static order stands among them.
import { randomBytes, randomUUID } from "node:crypto";
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../../src/understanding/index/code-index.ts";
import {
  dynamicEvidence,
  dynamicLocalize,
  type DynamicOutcome,
} from "../../../../src/understanding/localize/dynamic/dynamic-localize.ts";
import { createBwrapSandbox } from "../../../../src/workspace/sandbox/bwrap-sandbox.ts";
import { detectSandboxSupport } from "../../../../src/workspace/sandbox/sandbox-support.ts";
import { makeScratchDir } from "../../../support/scratch-dir.ts";

const support = detectSandboxSupport(randomUUID());
const fixture = fileURLToPath(new URL("../../../fixtures/projects/lab-kit/", import.meta.url));
const command = "npx lab -a @hapi/code -t 100 -r tap";

describe.skipIf(support.bwrap === null)("@hapi/lab re-runs", () => {
  const scratch = makeScratchDir("lab");
  const root = join(scratch.dir, "repo");
  let index: CodeIndex;
  let locate: (maxPassing: number) => Promise<DynamicOutcome>;
  const id = (file: string) => index.symbols.find((s) => s.file === file && s.kind === "function")!.id;

  beforeAll(async () => {
    cpSync(join(fixture, "base"), root, { recursive: true });
    await execa("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--prefer-offline"], {
      cwd: root,
    });
    const log = readFileSync(join(fixture, "failing-log.txt"), "utf8");
    index = await buildIndex(root, { cache: null });
    const { failures } = await diagnose(log, { repoRoot: root });
    locate = (maxPassing) =>
      dynamicLocalize({
        sandbox: createBwrapSandbox({ root, support, newId: randomUUID, now: Date.now }),
        index,
        failures,
        logText: log,
        command,
        budgetMs: 90_000,
        now: Date.now,
        newHexId: () => randomBytes(6).toString("hex"),
        readText: (file) => readFileSync(join(root, file), "utf8"),
        maxPassing,
      });
  }, 240_000);
  afterAll(() => scratch.remove());

  it("selects the failing test by its title with -g, and ranks by the spectrum", async () => {
    const outcome = await locate(4);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ kind: "ranked" });
    if (outcome.kind !== "ranked") return;
    const [failing, passing] = outcome.runs;
    expect(failing).toMatchObject({ expected: "fail", exitCode: 1, used: true });
    expect(failing!.argv).toEqual([
      "node_modules/.bin/lab",
      "-a",
      "@hapi/code",
      "-r",
      "tap",
      "-g",
      "(?:double\\(\\) doubles a number)$",
      "test/index.js",
    ]);
    // The four other tests of test/index.js, by their own titles; no -t 100 (a filtered run misses it).
    expect(passing).toMatchObject({ expected: "pass", exitCode: 0, used: true, tests: 4 });
    expect(passing!.argv).not.toContain("-t");
    expect(outcome.ranInFailingRun).toBeUndefined();
    const score = (file: string) => outcome.signal.get(id(file))?.strength ?? 0;
    expect(score("lib/double.js")).toBe(1);
    // multiply ran in the passing tests of negate() too
    expect(score("lib/multiply.js")).toBeGreaterThan(0);
    expect(score("lib/multiply.js")).toBeLessThan(1);
  }, 120_000);

  it("leaves out a passing batch that failed in the sandbox, and keeps the static order", async () => {
    const outcome = await locate(10);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ kind: "ranked" });
    if (outcome.kind !== "ranked") return;
    const passing = outcome.runs.find((r) => r.expected === "pass")!;
    expect(passing.argv).toContain("test/settings.js");
    expect(passing).toMatchObject({ exitCode: 1, used: false });
    expect(passing.note).toBe(
      "the sampled passing batch exited 1 and no per-test record tells which of its tests passed: left out",
    );
    expect(outcome.executions.every((e) => e.failed)).toBe(true);
    // double and multiply both ran only in the failing run: the spectrum ties them, so it is not
    // added; which functions ran is, with the reason.
    const evidence = dynamicEvidence(outcome);
    expect(evidence.extraSignals).toBeUndefined();
    expect(evidence.ranInFailingRun?.ran).toEqual(new Set([id("lib/double.js"), id("lib/multiply.js")]));
    expect(evidence.ranInFailingRun?.label).toBe(
      "spectrum flat, static order kept: no passing run to compare with: the sampled passing batch exited 1 and no per-test record tells which of its tests passed: left out",
    );
  }, 120_000);
});
