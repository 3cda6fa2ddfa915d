// The Action at the repository root (action.yml) is a wire contract with workflows that `uses:` it:
// every input it reads is declared, every variable it hands Xihe is one Xihe reads, its command is
// `xihe fix --pr`, and its own shell step fails with a clear message when the event has no PR.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { envSchema } from "../../src/config.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
interface Step {
  uses?: string;
  run?: string;
  env?: Record<string, string>;
}
const action = parse(readFileSync(`${root}/action.yml`, "utf8")) as {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: Step[] };
};
const xiheStep = action.runs.steps.at(-1)!;

describe("action.yml", () => {
  it("runs xihe fix --pr on the event's repository and PR, on Node.js 24", () => {
    expect(action.runs.using).toBe("composite");
    expect(action.runs.steps[0]).toMatchObject({
      uses: "actions/setup-node@v4",
      with: { "node-version": 24 },
    });
    expect(xiheStep.run).toContain(
      'node "$GITHUB_ACTION_PATH/bin/xihe.js" fix --pr "$GITHUB_REPOSITORY#$XIHE_PR"',
    );
  });

  it("declares every input it reads and passes only variables Xihe reads", () => {
    const text = readFileSync(`${root}/action.yml`, "utf8");
    const read = [...text.matchAll(/inputs\.([a-z-]+)/g)].map((m) => m[1]!);
    for (const name of read) expect(Object.keys(action.inputs), name).toContain(name);
    const known = Object.keys(envSchema.shape);
    for (const name of Object.keys(xiheStep.env ?? {}).filter((n) => n !== "XIHE_PR"))
      expect(known, name).toContain(name);
  });

  it("fails with a message naming the input when the event has no pull request", () => {
    let out = "";
    let status = 0;
    try {
      execFileSync("bash", ["-c", xiheStep.run!], {
        env: { PATH: process.env.PATH, XIHE_PR: "", GITHUB_ACTION_PATH: root },
        encoding: "utf8",
      });
    } catch (err) {
      const e = err as { status: number; stdout: string };
      status = e.status;
      out = e.stdout;
    }
    expect(status).toBe(2);
    expect(out).toContain("::error::xihe: no pull request in this event; set the pull-request input");
  });
});
