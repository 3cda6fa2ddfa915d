import { afterEach, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { runCommand } from "../../src/tools/run-command.ts";
import { bindCommandPolicy } from "../../src/tools/bind-command-policy.ts";
import { createBwrapSandbox } from "../../src/workspace/sandbox/bwrap-sandbox.ts";
import { detectSandboxSupport } from "../../src/workspace/sandbox/sandbox-support.ts";
import { makeGitRepo, type TempRepo } from "./support/make-git-repo.ts";
import { toolContext } from "./support/tool-context.ts";

let repo: TempRepo;
afterEach(() => repo.cleanup());

let n = 0;
async function run(command: string, configured: string[]) {
  const sandbox = createBwrapSandbox({
    root: repo.root,
    support: detectSandboxSupport("rc"),
    newId: () => `rc-${process.pid}-${++n}`,
    now: () => Date.now(),
  });
  const ctx = toolContext(repo.root, repo.git("rev-parse", "HEAD").trim(), {
    sandbox,
    checkCommand: bindCommandPolicy(repo.root, configured),
  });
  const prepared = runCommand.prepare({ command }, ["read", "command"]);
  if (!prepared.ok) throw new Error(prepared.message);
  return prepared.call.run(ctx);
}

describe("run_command", () => {
  it("runs a configured command with extra arguments in the sandbox and reports its exit code and output", async () => {
    repo = makeGitRepo({
      "t.test.js": 'import { test } from "node:test";\ntest("a", () => { throw new Error("boom"); });\n',
      "package.json": '{"type":"module"}\n',
    });
    const result = await run("node --test t.test.js", ["node --test"]);
    expect(result.summary).toBe("ran node --test t.test.js: exit 1");
    expect(result.forModel).toMatch(/^\$ node --test t\.test\.js\nexit 1\n[\s\S]*boom/);
  });

  it("refuses a command outside the policy, and the program never runs", async () => {
    repo = makeGitRepo({ "a.txt": "x\n" });
    await expect(run("touch pwned", ["npm test"])).rejects.toThrow(
      /command refused: `touch` is not an allowed command/,
    );
    await expect(run("npm test; touch pwned", ["npm test"])).rejects.toThrow(
      /command refused: shell operator ";"/,
    );
    expect(existsSync(join(repo.root, "pwned"))).toBe(false);
  });

  it("A47: an option added to a configured command, or hidden in a read-only one, never runs", async () => {
    repo = makeGitRepo({
      "t.test.js": 'import { test } from "node:test";\ntest("a", () => {});\n',
      "evil.mjs": 'import { writeFileSync } from "node:fs";\nwriteFileSync("pwned", "x");\n',
      "package.json": '{"type":"module"}\n',
    });
    await expect(run("node --test --import=./evil.mjs t.test.js", ["node --test"])).rejects.toThrow(
      /command refused: `--import=.\/evil.mjs` is not allowed after the configured command `node --test`/,
    );
    await expect(run("grep -f/etc/passwd t.test.js", ["node --test"])).rejects.toThrow(
      /command refused: `grep -f` is not allowed/,
    );
    expect(existsSync(join(repo.root, "pwned"))).toBe(false);
    const allowed = await run("node --test t.test.js", ["node --test"]);
    expect(allowed.summary).toBe("ran node --test t.test.js: exit 0");
  });
});
