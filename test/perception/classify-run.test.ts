// Classification on real logs: a process killed by the OOM killer, an install whose registry never
// answers, a test that fails once then passes on rerun, a missing script, and plain code failures.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diagnose } from "../../src/perception/diagnose.ts";
import { classifyRun } from "../../src/perception/classify-run.ts";
import { perceptionFixtures } from "./js-fixture-cases.ts";

const log = (id: string) => readFileSync(join(perceptionFixtures, id, "log.txt"), "utf8");

describe("classifyRun", () => {
  it("calls an OOM-killed test run transient, citing the kill", async () => {
    const { classification } = await diagnose(log("oom-killed"));
    expect(classification.verdict).toBe("transient");
    expect(classification.evidence).toBe("Killed");
  });

  it("calls a network timeout during npm install transient", async () => {
    const { classification } = await diagnose(log("npm-install-timeout"));
    expect(classification.verdict).toBe("transient");
    expect(classification.evidence).toMatch(/network timeout at: http:\/\/127\.0\.0\.1:\d+\/left-pad/);
  });

  it("calls a test that passes on rerun of the same commit flaky", async () => {
    const rerun = await diagnose(log("nodetest-flaky-run2"));
    expect(rerun.failures).toEqual([]);
    const { classification } = await diagnose(log("nodetest-flaky-run1"), { reruns: [rerun] });
    expect(classification.verdict).toBe("flaky");
    expect(classification.evidence).toContain("expires sessions after the ttl");
  });

  it("keeps a failure that fails again on rerun a code failure", async () => {
    const first = await diagnose(log("nodetest-flaky-run1"));
    const { classification } = await diagnose(log("nodetest-flaky-run1"), { reruns: [first] });
    expect(classification.verdict).toBe("code");
  });

  it("calls a missing package script config", async () => {
    const { classification } = await diagnose(log("npm-missing-script"));
    expect(classification).toMatchObject({ verdict: "config", evidence: 'npm error Missing script: "test"' });
  });

  it("calls real test and lint failures code, with the first failure as evidence", async () => {
    const { classification } = await diagnose(log("jest-console"));
    expect(classification.verdict).toBe("code");
    expect(classification.evidence).toBe("lib/stock.js:3: RangeError: not enough a");
  });

  it("does not blame the infrastructure for a test that itself hits ECONNREFUSED", () => {
    const failure = {
      tool: "jest",
      kind: "test" as const,
      file: "test/api.test.js",
      line: 3,
      column: null,
      test: "api › fetches",
      message: "connect ECONNREFUSED 127.0.0.1:80",
      rule: null,
      frames: [],
    };
    const signal = {
      kind: "network" as const,
      reason: "connection reset or refused",
      evidence: failure.message,
    };
    expect(classifyRun({ failures: [failure], signals: [signal] }).verdict).toBe("code");
    expect(classifyRun({ failures: [], signals: [signal] }).verdict).toBe("transient");
  });
});
