// diagnoseOffThread: the same DiagnoseResult as diagnose(), read and parsed on a worker thread so the
// event loop that answers webhooks keeps running while a large log is diagnosed (A45).
import { createReadStream, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diagnose } from "../../src/perception/diagnose.ts";
import { diagnoseOffThread } from "../../src/perception/diagnose-off-thread.ts";
import { perceptionFixtures } from "./js-fixture-cases.ts";
import { scratchDir } from "../support/scratch-dir.ts";

// One fixture per family of parsers, and the ones with path mapping or run signals.
const fixtures = [
  "pytest-inventory-long",
  "jest-console",
  "eslint-json",
  "go-test-shipping-mixed",
  "cargo-test-ledger",
  "npm-install-timeout",
  "oom-killed",
];
const logPath = (id: string) => join(perceptionFixtures, id, "log.txt");
const dir = scratchDir("xihe-off-thread-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("diagnoseOffThread", () => {
  it("returns what diagnose() returns, for text and for a file stream", async () => {
    for (const id of fixtures) {
      const text = readFileSync(logPath(id), "utf8");
      const fileExists = (path: string) => path.endsWith(".py") || path.endsWith(".ts");
      const expected = await diagnose(text, { fileExists });
      expect(await diagnoseOffThread(text, { fileExists }), id).toEqual(expected);
      expect(await diagnoseOffThread(createReadStream(logPath(id)), { fileExists }), id).toEqual(expected);
    }
  }, 120_000);

  it("keeps the limits it is given and the reruns' flaky verdict", async () => {
    const text = readFileSync(logPath("nodetest-flaky-run1"), "utf8");
    const rerun = await diagnose(readFileSync(logPath("nodetest-flaky-run2"), "utf8"));
    const options = { maxFailures: 1, maxLineChars: 40, reruns: [{ failures: rerun.failures }] };
    const expected = await diagnose(text, options);
    expect(await diagnoseOffThread(text, options)).toEqual(expected);
  });

  it("A45: lets the event loop run while a large log is diagnosed", async () => {
    // ~20 MB of real logs: seconds of parsing, during which timers on this thread must still fire.
    const block = fixtures.map((id) => readFileSync(logPath(id), "utf8")).join("\n");
    const path = join(dir, "large.log");
    writeFileSync(path, block.repeat(Math.ceil((20 * 1024 * 1024) / block.length)));
    const ticksDuring = async (work: () => Promise<unknown>) => {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 5);
      try {
        await work();
      } finally {
        clearInterval(timer);
      }
      return ticks;
    };
    const text = readFileSync(path, "utf8");
    // On the calling thread a text input never yields to timers: the test would notice a blocked loop.
    expect(await ticksDuring(() => diagnose(text))).toBeLessThanOrEqual(1);
    expect(await ticksDuring(() => diagnoseOffThread(text))).toBeGreaterThan(10);
    expect(await ticksDuring(() => diagnoseOffThread(createReadStream(path)))).toBeGreaterThan(10);
  }, 120_000);

  it("rejects with the stream's error when the log cannot be read", async () => {
    await expect(diagnoseOffThread(createReadStream(join(dir, "missing.log")))).rejects.toThrow(
      /reading the log for diagnosis failed/,
    );
  });
});
