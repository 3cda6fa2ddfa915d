import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fixHarness, type Harness } from "../support/fix-harness.ts";

let h: Harness;
afterEach(() => h.cleanup());

describe("fix loop, deterministic tier (no model configured)", () => {
  it("fixes a lint failure with eslint --fix, commits it on xihe/fix-<id> and verifies by re-running eslint", async () => {
    h = fixHarness(
      {
        "package.json": '{ "name": "t", "type": "module" }\n',
        "eslint.config.js": 'export default [{ files: ["**/*.js"], rules: { "prefer-const": "error" } }];\n',
        "src/total.js":
          "export function total(xs) {\n  let sum = xs.reduce((a, b) => a + b, 0);\n  return sum;\n}\n",
      },
      { linkNodeModules: true },
    );
    const outcome = await h.run({ runId: "lint1", commands: ["node_modules/.bin/eslint src"] });
    expect(outcome).toMatchObject({ status: "done", fixedBy: "deterministic", branch: "xihe/fix-lint1" });
    expect(outcome.verdict?.commands).toEqual([
      { command: "node_modules/.bin/eslint src", exitBefore: 1, exitAfter: 0, passed: true },
    ]);
    expect(readFileSync(join(h.repo.root, "src/total.js"), "utf8")).toContain("const sum =");
    expect(h.repo.git("rev-parse", "--abbrev-ref", "HEAD").trim()).toBe("xihe/fix-lint1");
    expect(h.repo.git("log", "-1", "--format=%s%n%b")).toMatch(
      /^xihe: eslint --fix \(deterministic fixer\)\nXihe-Run: lint1\nXihe-Step: fixer-1/,
    );
    const steps = (await h.store.listSteps("lint1")).map((s) => `${s.stepId}:${s.status}`);
    expect(steps).toEqual([
      "perceive:succeeded",
      "branch:succeeded",
      "fixer-1:succeeded",
      "fixers:verify:succeeded",
      "result:succeeded",
    ]);
  });

  it("fixes a formatting failure with prettier --write", async () => {
    h = fixHarness({ "src/a.js": "const   x = {a:1,\n b:2}\nexport default x\n" }, { linkNodeModules: true });
    const outcome = await h.run({ runId: "fmt1", commands: ["node_modules/.bin/prettier --check src"] });
    expect(outcome).toMatchObject({ status: "done", fixedBy: "deterministic" });
    expect(readFileSync(join(h.repo.root, "src/a.js"), "utf8")).toBe(
      "const x = { a: 1, b: 2 };\nexport default x;\n",
    );
    expect(outcome.trace.map((t) => t.decision)).toContain("applied prettier --write");
  });

  it("gives up with a clear reason when nothing deterministic applies and no model is configured", async () => {
    h = fixHarness({
      "test/a.test.js":
        'import assert from "node:assert";\nimport { test } from "node:test";\ntest("one", () => assert.equal(1, 2));\n',
    });
    const outcome = await h.run({ runId: "nomodel", commands: ["node --test"] });
    expect(outcome.status).toBe("gave_up");
    expect(outcome.reason).toBe("no deterministic fixer applies and no model is configured");
    expect(outcome.perception.runs[0]?.exitCode).toBe(1);
  });

  it("reports a green run as nothing to fix, without creating a branch", async () => {
    h = fixHarness({ "test/a.test.js": 'import { test } from "node:test";\ntest("ok", () => {});\n' });
    const outcome = await h.run({ runId: "green", commands: ["node --test"] });
    expect(outcome).toMatchObject({
      status: "done",
      branch: null,
      reason: "nothing to fix: every command passes",
    });
    expect(h.repo.git("branch", "--list", "xihe/*").trim()).toBe("");
  });
});
