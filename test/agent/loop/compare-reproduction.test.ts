// The reproduction rule over real perception output: CI's failures and the sandbox's are both what
// `diagnose` finds in real tool logs (test/fixtures/perception), as the fix run stores them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { briefFailure, type CheckRun, type FailureBrief } from "../../../src/agent/loop/check-run.ts";
import { compareReproduction } from "../../../src/agent/loop/compare-reproduction.ts";
import type { Perception } from "../../../src/agent/loop/perceive-failures.ts";
import { diagnose } from "../../../src/perception/diagnose.ts";
import { perceptionFixtures } from "../../perception/js-fixture-cases.ts";

const logOf = (name: string) => readFileSync(join(perceptionFixtures, name, "log.txt"), "utf8");

// The checkout tells perception which suffix of a logged path is the repository path (as the fix run
// does): here, the files the fixture's hand-checked expectation names.
function fileExists(name: string) {
  const expected = JSON.parse(readFileSync(join(perceptionFixtures, name, "expected.json"), "utf8")) as {
    failures: { file: string | null }[];
  };
  const files = new Set(expected.failures.map((f) => f.file));
  return (path: string) => files.has(path);
}

async function ciFailures(name: string): Promise<FailureBrief[]> {
  return (await diagnose(logOf(name), { fileExists: fileExists(name) })).failures.map(briefFailure);
}

/** One failing sandbox run of `command` whose output is the fixture's log (or `tail`), as runCheck builds it. */
async function sandboxRun(command: string, o: { log?: string; tail?: string; exitCode?: number }) {
  const output = o.tail ?? logOf(o.log!);
  const diagnosis = await diagnose(output, o.log ? { fileExists: fileExists(o.log) } : {});
  const run: CheckRun = {
    command,
    exitCode: o.exitCode ?? 1,
    timedOut: false,
    durationMs: 10,
    tail: output,
    failures: diagnosis.failures.map(briefFailure),
    verdict: diagnosis.classification.verdict,
    evidence: diagnosis.classification.evidence,
  };
  return run;
}

const perception = (state: Perception["state"], runs: CheckRun[], reruns: CheckRun[] = []): Perception => ({
  state,
  runs,
  reruns,
  reason: `${state} in the sandbox`,
});

const passing: CheckRun = {
  command: "npx vitest run",
  exitCode: 0,
  timedOut: false,
  durationMs: 10,
  tail: "Test Files  3 passed (3)",
  failures: [],
  verdict: "pass",
  evidence: "",
};

describe("compareReproduction", () => {
  it("is reproduced when the sandbox's default reporter shows a test CI's GitHub reporter named", async () => {
    const ci = await ciFailures("vitest-gha-reporter");
    const run = await sandboxRun("npx vitest run", { log: "vitest-basic" });
    const result = compareReproduction(ci, perception("code", [run]), []);
    expect(result.outcome).toBe("reproduced");
    expect(result.reason).toBe("1 of 1 CI failure(s) reproduced");
    expect(result.ci).toMatchObject([{ test: "roundCents > rounds half up", reproduced: true }]);
  });

  it("matches lint failures by file and line across eslint's formats (unix in CI, json in the sandbox)", async () => {
    const ci = await ciFailures("eslint-unix");
    const run = await sandboxRun("npx eslint . -f json", { log: "eslint-json" });
    const result = compareReproduction(ci, perception("code", [run]), []);
    expect(result.outcome).toBe("reproduced");
    expect(result.ci.every((f) => f.reproduced)).toBe(true);
  });

  it("is not reproduced when the sandbox passes, and says what CI said and what the sandbox run did", async () => {
    const ci = await ciFailures("eslint-unix");
    const result = compareReproduction(
      ci,
      perception("green", [{ ...passing, command: "npx eslint ." }]),
      [],
    );
    expect(result.outcome).toBe("not_reproduced");
    expect(result.reason).toBe(
      "CI said eslint lint failure in src/lib/total.js:1, but the sandbox run of `npx eslint .` exited 0",
    );
  });

  it("is not reproduced when the sandbox fails differently (another tool family's failures)", async () => {
    const ci = await ciFailures("vitest-basic");
    const run = await sandboxRun("npx prettier --check .", { log: "prettier-check" });
    const result = compareReproduction(ci, perception("code", [run]), []);
    expect(result.outcome).toBe("not_reproduced");
    expect(result.reason).toMatch(
      /^CI said vitest test failure in test\/tax\.test\.js:2, but the sandbox run of `npx prettier --check \.` exited 1 with prettier lint failure in src\/lib\/total\.js$/,
    );
    expect(result.ci.some((f) => f.reproduced)).toBe(false);
  });

  it("is not reproduced when the sandbox failure passed on its re-run (flaky)", async () => {
    const ci = await ciFailures("nodetest-flaky-run1");
    const run = await sandboxRun("node --test", { log: "nodetest-flaky-run1" });
    const result = compareReproduction(
      ci,
      perception("flaky", [run], [{ ...passing, command: "node --test" }]),
      [],
    );
    expect(result.outcome).toBe("not_reproduced");
    expect(result.reason).toContain("(then passed on re-run)");
  });

  it("is environment when a command is not found (exit 127), even if CI's failure also shows", async () => {
    const ci = await ciFailures("vitest-basic");
    const tests = await sandboxRun("npx vitest run", { log: "vitest-basic" });
    const lint = await sandboxRun("eslint .", { tail: "sh: 1: eslint: not found\n", exitCode: 127 });
    const result = compareReproduction(ci, perception("code", [tests, lint]), []);
    expect(result.outcome).toBe("environment");
    expect(result.reason).toBe("a tool is missing in the sandbox: eslint . exited 127 (command not found)");
  });

  it("is environment for a declared dependency that cannot be loaded, but code for the repository's own missing file", async () => {
    const ci = await ciFailures("vitest-basic");
    // vitest-basic's own module-not-found is a relative import: the code's fault, so it is compared.
    const own = await sandboxRun("npx vitest run", { log: "vitest-basic" });
    expect(compareReproduction(ci, perception("code", [own]), ["vitest"]).outcome).toBe("reproduced");
    const missing = await sandboxRun("npx vitest run", {
      tail: "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'decimal.js' imported from /repo/src/money.js\n",
    });
    const result = compareReproduction(ci, perception("code", [missing]), ["decimal.js", "vitest"]);
    expect(result.outcome).toBe("environment");
    expect(result.reason).toBe(
      "a declared dependency is missing in the sandbox: npx vitest run could not load decimal.js",
    );
  });

  it("is environment (never transient) when the sandbox's failure looks transient or like config", async () => {
    const ci = await ciFailures("vitest-basic");
    const run = await sandboxRun("npm ci", { log: "npm-install-timeout" });
    const result = compareReproduction(ci, perception("transient", [run]), []);
    expect(result.outcome).toBe("environment");
    expect(result.reason).toBe("transient in the sandbox");
  });

  it("leaves the sandbox as the only evidence when CI named no test or file", async () => {
    const ci = await ciFailures("npm-missing-script");
    const run = await sandboxRun("npx vitest run", { log: "vitest-basic" });
    const result = compareReproduction(ci, perception("code", [run]), []);
    expect(result.outcome).toBe("sandbox_only");
    expect(result.ciTotal).toBe(0);
  });

  it("matches a pytest test by name although the sandbox prints it with its class", async () => {
    const ci: FailureBrief[] = [
      { tool: "pytest", kind: "test", file: null, line: null, test: "test_total_counts_all", message: "" },
    ];
    const run = await sandboxRun("python3 -m pytest", { log: "pytest-inventory-line" });
    expect(compareReproduction(ci, perception("code", [run]), []).outcome).toBe("reproduced");
  });

  it("does not take a name that only ends with the same words for the same test", async () => {
    const ci: FailureBrief[] = [
      { tool: "vitest", kind: "test", file: null, line: null, test: "rounds half up", message: "" },
    ];
    const local: FailureBrief = { ...ci[0]!, test: "roundCents > never rounds half up" };
    const run: CheckRun = { ...passing, exitCode: 1, verdict: "code", failures: [local] };
    expect(compareReproduction(ci, perception("code", [run]), []).outcome).toBe("not_reproduced");
    const same: CheckRun = { ...run, failures: [{ ...local, test: "roundCents > rounds half up" }] };
    expect(compareReproduction(ci, perception("code", [same]), []).outcome).toBe("reproduced");
  });
});
