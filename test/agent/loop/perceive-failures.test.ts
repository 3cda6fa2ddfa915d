import { afterEach, describe, expect, it } from "vitest";
import { fixHarness, type Harness } from "../support/fix-harness.ts";

let h: Harness;
afterEach(() => h.cleanup());

describe("perceive: transient and flaky failures are re-run, not fixed", () => {
  it("reports a test that fails once and passes on the re-run as flaky, with no branch or commit", async () => {
    h = fixHarness({
      ".gitignore": "node_modules\n.ran\n",
      "flaky.js": [
        'import { existsSync, writeFileSync } from "node:fs";',
        'if (!existsSync(".ran")) { writeFileSync(".ran", "1"); console.log("not ok 1 - sometimes"); process.exit(1); }',
        'console.log("ok 1 - sometimes");',
        "",
      ].join("\n"),
      "package.json": '{ "type": "module" }\n',
    });
    const outcome = await h.run({ runId: "flaky1", commands: ["node flaky.js"] });
    expect(outcome).toMatchObject({
      status: "done",
      branch: null,
      commits: [],
      perception: { state: "flaky" },
    });
    expect(outcome.reason).toBe(
      "failed, then passed on re-run: node flaky.js; not a code problem, nothing to fix",
    );
    expect(outcome.perception.reruns.map((r) => r.exitCode)).toEqual([0]);
  });

  it("re-runs a network failure twice and gives up as transient, without trying to fix it", async () => {
    h = fixHarness({});
    const command = `node -e "console.error('npm ERR! code ECONNRESET'); console.error('npm ERR! network socket hang up'); process.exit(1)"`;
    const outcome = await h.run({ runId: "net1", commands: [command] });
    expect(outcome).toMatchObject({ status: "gave_up", branch: null, perception: { state: "transient" } });
    expect(outcome.perception.reruns).toHaveLength(2);
    expect(outcome.reason).toMatch(/^transient failure in node -e .*re-run it later$/);
    expect((await h.store.listSteps("net1")).map((s) => s.stepId)).toEqual(["perceive", "branch", "result"]);
  });
});
