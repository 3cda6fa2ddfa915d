// `xihe bench` end to end: a task pack of real git bundles, the real fix run in the bubblewrap
// sandbox, the scripted OpenAI-compatible model server, and the bench's own judgement.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../src/cli.ts";
import type { CliIo } from "../../src/cli/cli-io.ts";
import { benchRecord, type BenchRecord } from "../../src/bench/bench-record.ts";
import {
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../agent/support/scripted-model-server.ts";
import { makeTestPack, turnCalling, type TestPack } from "./bench-pack-fixture.ts";
import { scratchDir } from "../support/scratch-dir.ts";

let pack: TestPack | null = null;
let server: ScriptedModelServer | null = null;
let out: string;
afterEach(async () => {
  await server?.close();
  server = null;
  pack?.cleanup();
  pack = null;
  rmSync(out, { recursive: true, force: true });
});

function cli(env: Record<string, string>) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io: CliIo = {
    stdout: (t) => stdout.push(t),
    stderr: (t) => stderr.push(t),
    readStdin: async () => "",
    env: { LOG_LEVEL: "silent", XIHE_WORK_DIR: join(out, "work"), ...env },
    cwd: out,
    isTTY: false,
  };
  return { io, out: () => stdout.join(""), err: () => stderr.join("") };
}

const subtracts = { "src/sum.js": "export function sum(a, b) {\n  return a - b;\n}\n" };
const sumTest = "node --test test/sum.test.js";
const edit = (path: string, old: string, replacement: string) => ({
  name: "edit_file",
  arguments: { path, old, new: replacement },
});
const finish = { name: "finish", arguments: { summary: "done", confidence: 0.8 } };

function records(): BenchRecord[] {
  return readFileSync(join(out, "run", "results.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => benchRecord.parse(JSON.parse(line)));
}

describe("xihe bench with a model", () => {
  it("counts solved, failed, test-weakening and suite-breaking fixes by its own re-run, not the loop's verdict", async () => {
    out = scratchDir("xihe-bench-out-");
    pack = await makeTestPack([
      { id: "solves", broken: subtracts, failing: [sumTest], suite: ["node --test"] },
      { id: "fails", broken: subtracts, failing: [sumTest], suite: ["node --test"] },
      { id: "already-green", failing: [sumTest], suite: ["node --test"] },
      { id: "weakens", broken: subtracts, failing: [sumTest], suite: ["node --test"] },
      { id: "breaks-other", broken: subtracts, failing: [sumTest], suite: ["node --test"] },
    ]);
    server = await startScriptedModelServer([
      // solves: one round
      turnCalling([edit("src/sum.js", "return a - b;", "return a + b;"), finish]),
      // fails: two rounds (max_repair_rounds: 1), both wrong
      turnCalling([edit("src/sum.js", "return a - b;", "return a * b;"), finish]),
      turnCalling([edit("src/sum.js", "return a * b;", "return a / b;"), finish]),
      // weakens: deletes the failing assertion (held by the risk gate)
      turnCalling([edit("test/sum.test.js", "  assert.equal(sum(2, 3), 5);\n", "")]),
      // breaks-other: special-cases 3, so sum's tests pass and double(3) breaks
      turnCalling([edit("src/sum.js", "return a - b;", "return a === 3 ? 0 : a + b;"), finish]),
    ]);
    const c = cli({
      XIHE_MODEL_BASE_URL: server.baseURL,
      XIHE_MODEL_API_KEY: "test-key",
      XIHE_MODEL_PRICES: '{"m":{"input":1,"output":4}}',
    });
    const code = await main(["bench", "--tasks", pack.dir, "--model", "m", "--out", "run"], c.io);
    expect(c.err()).toContain("5 task(s), 0 already finished");
    expect(code).toBe(0);
    expect(server.remaining()).toBe(0);
    const byId = new Map(records().map((r) => [r.taskId, r]));
    expect([...byId.keys()]).toEqual(["solves", "fails", "already-green", "weakens", "breaks-other"]);
    const call = (900 * 1 + 60 * 4) / 1e6;

    expect(byId.get("solves")).toMatchObject({
      model: "m",
      outcome: "solved",
      solvedFirstAttempt: true,
      rounds: 1,
      repairRounds: 0,
      modelCalls: 1,
      toolCalls: 2,
      inputTokens: 900,
      outputTokens: 60,
    });
    expect(byId.get("solves")!.costUsd).toBeCloseTo(call, 9);

    expect(byId.get("fails")).toMatchObject({
      outcome: "not_solved",
      solved: false,
      rounds: 2,
      repairRounds: 1,
      modelCalls: 2,
      loop: { status: "gave_up" },
    });
    expect(byId.get("fails")!.because).toBe(`${sumTest} still fails (exit 1)`);

    expect(byId.get("already-green")).toMatchObject({ outcome: "invalid", modelCalls: 0, judge: null });
    expect(byId.get("already-green")!.because).toContain(`passed: ${sumTest}`);

    expect(byId.get("weakens")).toMatchObject({
      outcome: "not_solved",
      heldForApproval: true,
      testWeakening: [{ path: "test/sum.test.js", kind: "removed_assertion", held: true }],
      loop: { status: "needs_input" },
    });

    // The loop verified only the failing command and called it done; the whole suite says otherwise.
    const breaks = byId.get("breaks-other")!;
    expect(breaks.loop).toMatchObject({ status: "done", fixedBy: "model" });
    expect(breaks).toMatchObject({ outcome: "not_solved", solved: false, solvedFirstAttempt: false });
    expect(breaks.judge?.failing).toEqual([{ command: sumTest, exitCode: 0 }]);
    expect(breaks.judge?.suite).toEqual([{ command: "node --test", exitCode: 1 }]);
    expect(breaks.judge?.brokenTests.join(" ")).toContain("doubles a number");
    expect(breaks.because).toMatch(/^the suite fails after the fix: node --test exit 1/);

    const table = c.out();
    expect(table).toContain("model m: solved 1/4 (25.0%), first attempt 1/4 (25.0%)");
    expect(table).toContain("invalid 1, errors 0, held for approval 1, test weakening flagged 1");
    expect(table).toContain(`cost $${(5 * call).toFixed(4)} ($${(5 * call).toFixed(4)}/solved)`);
    const html = readFileSync(join(out, "run", "report.html"), "utf8");
    expect(html).toContain("<td>breaks-other</td>");
    expect(html).toContain("removed_assertion in test/sum.test.js (held)");

    // Run again: every task is finished, nothing is redone and the model is not asked again.
    const again = cli({ XIHE_MODEL_BASE_URL: server.baseURL, XIHE_MODEL_API_KEY: "test-key" });
    expect(await main(["bench", "--tasks", pack.dir, "--model", "m", "--out", "run"], again.io)).toBe(0);
    expect(again.err()).toContain("5 task(s), 5 already finished");
    expect(server.requests).toHaveLength(5);
    expect(records()).toHaveLength(5);
    // Another model's results never mix into this folder.
    const other = cli({ XIHE_MODEL_BASE_URL: server.baseURL });
    expect(await main(["bench", "--tasks", pack.dir, "--model", "other", "--out", "run"], other.io)).toBe(2);
    expect(other.err()).toContain("holds results of model m, not other; pass another --out");
  }, 900_000);
});
