// The diagnosis comment with the sandbox's evidence: the advice follows what the sandbox showed, and
// untrusted text from the install (PR manifests, tool output) is escaped like the fix comment's.
import { describe, expect, it } from "vitest";
import type { PrChecksPerception } from "../../../src/verbs/diagnose/perceive-pr-checks.ts";
import { diagnosisOutcome } from "../../../src/verbs/diagnose/diagnose-run-executor.ts";
import type { InstallEvidence } from "../../../src/workspace/install/run-install-phase.ts";

const perception: PrChecksPerception = {
  failures: [
    {
      tool: "jest",
      kind: "test",
      file: "test/sum.test.js",
      line: 6,
      column: null,
      test: "adds",
      message: "expected 5",
      rule: null,
      frames: [],
    },
  ],
  classification: { verdict: "code", evidence: "", reason: "a test failed" },
  jobs: [{ name: "test", conclusion: "failure", note: null, failures: 1 }],
  statuses: [],
};

const install = (over: Partial<InstallEvidence>): InstallEvidence => ({
  status: "installed",
  manager: "npm",
  reason: "installed from the lockfile",
  code: null,
  steps: [{ command: "npm ci --ignore-scripts", exitCode: 0, durationMs: 1200, tail: "" }],
  registries: ["registry.npmjs.org:443"],
  proxy: { allowed: [], blocked: [] },
  cache: { status: "off", key: null, reason: "no install ran" },
  errorTail: null,
  ...over,
});

describe("diagnosisOutcome with the sandbox's evidence", () => {
  it("without a sandbox run (not a code failure) keeps the advice of the verdict", () => {
    const out = diagnosisOutcome(perception);
    expect(out.body).not.toContain("#### Reproduction");
    expect(out.body).toContain("Comment `/xihe fix`");
    expect(out.summary).toBe("1 failure(s), code");
  });

  it("a failed install: the install evidence with its blocked host, no fix advice, nothing reproduced", () => {
    const out = diagnosisOutcome(perception, {
      install: install({
        status: "failed",
        reason: "blocked by the registry proxy",
        code: "registry_blocked",
        steps: [{ command: "npm ci --ignore-scripts", exitCode: 1, durationMs: 900, tail: "" }],
        proxy: { allowed: [], blocked: ["evil.example.test:443"] },
      }),
      reproduction: null,
      skipped: "the dependencies did not install",
    });
    expect(out.body).toContain("#### Dependencies\n\n❌ failed with `npm`");
    expect(out.body).toContain("`evil.example.test:443`");
    expect(out.body).toContain("Not reproduced in the sandbox: the dependencies did not install.");
    expect(out.body).toContain("The dependencies did not install in the sandbox");
    expect(out.body).not.toContain("Comment `/xihe fix` to have");
    expect(out.summary).toBe("1 failure(s), code");
  });

  it("an environment outcome says what to install instead of proposing a fix", () => {
    const out = diagnosisOutcome(perception, {
      install: install({}),
      reproduction: {
        outcome: "environment",
        reason: "a tool is missing in the sandbox: npx jest exited 127 (command not found)",
        ci: [],
        ciTotal: 1,
        sandbox: [{ command: "npx jest", exitCode: 127, timedOut: false, evidence: "", failures: [] }],
      },
      skipped: null,
    });
    expect(out.body).toContain("#### Reproduction\n\n🧰 environment");
    expect(out.body).toContain("install or declare what it is missing");
    expect(out.body).not.toContain("Comment `/xihe fix` to have");
    expect(out.summary).toBe("1 failure(s), code; sandbox: environment");
  });
});
