// A sampled passing batch that fails in the sandbox, under a runner whose hook records each test
// (node:test): the tests it recorded as passing stay passing executions, the one that failed (not a
// failure of the log: it depends on CI, which the sandbox sets and the log's run did not) is left
// out rather than joining the failing side, and every spectrum `why` says so.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../../src/understanding/index/build-index.ts";
import {
  dynamicLocalize,
  type DynamicOutcome,
} from "../../../../src/understanding/localize/dynamic/dynamic-localize.ts";
import { createBwrapSandbox } from "../../../../src/workspace/sandbox/bwrap-sandbox.ts";
import { detectSandboxSupport } from "../../../../src/workspace/sandbox/sandbox-support.ts";
import { makeScratchDir } from "../../../support/scratch-dir.ts";

const support = detectSandboxSupport(randomUUID());

const lib = `exports.double = (n) => {
  return n * 3;
};
exports.negate = (n) => {
  return -n;
};
exports.inCi = () => {
  return process.env.CI === "true";
};
`;
const tests = `const test = require("node:test");
const assert = require("node:assert");
const lib = require("../lib.js");
test("doubles", () => { assert.strictEqual(lib.double(2), 4); });
test("negates", () => { assert.strictEqual(lib.negate(2), -2); });
test("runs outside CI", () => { assert.strictEqual(lib.inCi(), false); });
`;

describe.skipIf(support.bwrap === null)("a sampled passing batch that fails in the sandbox", () => {
  const scratch = makeScratchDir("passfail");
  const root = join(scratch.dir, "repo");
  let outcome: DynamicOutcome;
  let ids: Map<string, string>;
  beforeAll(async () => {
    mkdirSync(join(root, "test"), { recursive: true });
    writeFileSync(join(root, "package.json"), `{ "name": "p", "version": "1.0.0" }\n`);
    writeFileSync(join(root, "lib.js"), lib);
    writeFileSync(join(root, "test", "a.test.js"), tests);
    // The failing log: node:test's own output on the checkout, run where CI is not set.
    const env = { ...process.env };
    delete env["CI"];
    const ran = await execa("node", ["--test"], {
      cwd: root,
      reject: false,
      all: true,
      env,
      extendEnv: false,
    });
    const log = ran.all ?? "";
    const index = await buildIndex(root, { cache: null });
    ids = new Map(index.symbols.filter((s) => s.file === "lib.js").map((s) => [s.name, s.id]));
    const { failures } = await diagnose(log, { repoRoot: root });
    outcome = await dynamicLocalize({
      sandbox: createBwrapSandbox({ root, support, newId: randomUUID, now: Date.now }),
      index,
      failures,
      logText: log,
      command: "node --test",
      budgetMs: 90_000,
      now: Date.now,
      newHexId: () => randomBytes(6).toString("hex"),
      readText: (file) => readFileSync(join(root, file), "utf8"),
    });
  }, 240_000);
  afterAll(() => scratch.remove());

  it("keeps the batch's passing tests, leaves its failing one out, and says so", () => {
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ kind: "ranked" });
    if (outcome.kind !== "ranked") return;
    const passing = outcome.runs.find((r) => r.expected === "pass");
    expect(passing).toMatchObject({
      exitCode: 1,
      used: true,
      note: "the sampled passing batch exited 1: its 1 failing test (no failure of the log) left out, its 1 passing kept",
    });
    // One failing execution (doubles), one passing (negates); inCi's test is in neither.
    expect(outcome.executions.map((e) => e.failed).sort()).toEqual([false, true]);
    const hit = outcome.signal.get(ids.get("double")!);
    expect(hit?.strength).toBe(1);
    expect(hit?.detail).toContain("(the sampled passing batch exited 1: its 1 failing test");
    // inCi ran only in the left-out test: not on the failing side, so not scored.
    expect(outcome.signal.has(ids.get("inCi")!)).toBe(false);
  });
});
