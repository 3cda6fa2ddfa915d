// Issue 13 item 7: `xihe fix --pr OWNER/REPO#N` without hosting an App, through bin/ in its own
// process, with one GITHUB_TOKEN, against the local GitHub Enterprise Server of the App test (REST
// under /api/v3, git smart HTTP): the same run as `/xihe fix` (failing checks read from the server,
// the lockfile installed through the registry proxy, the fix loop in the sandbox) ends in a pushed
// side branch, one fix PR and exactly one comment; no App endpoint is called and nothing is minted.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import type { CliIo } from "../../src/cli/cli-io.ts";
import {
  expectFixDeliveredOnGhes,
  startGhesFixScenario,
  type GhesFixScenario,
} from "../github/ghes-fix-scenario.ts";
import { scriptedModelAppEnv } from "../verbs/fix/send-fix-comment.ts";

const bin = fileURLToPath(new URL("../../bin/xihe.js", import.meta.url));
const token = "ghs_actionsjobtoken00000000000000000";

let root = "";
let s: GhesFixScenario | undefined;
afterAll(async () => {
  await s?.ghes.close();
  await s?.model.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

function runBin(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { env, timeout: 400_000, maxBuffer: 1 << 24 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === "number" ? err.code : null) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

describe("xihe fix --pr with a GITHUB_TOKEN", () => {
  it("fixes the PR on the Enterprise Server: side branch, fix PR, one comment, the token used as is", async () => {
    root = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "xihe-fix-pr-"));
    // One token for REST and git: what an Actions job has.
    s = await startGhesFixScenario(root, {
      appId: 1,
      publicKey: "",
      installationToken: token,
      runToken: token,
    });
    const result = await runBin(["fix", "--pr", "Codertocat/Hello-World#1"], {
      ...process.env,
      GITHUB_TOKEN: token,
      GITHUB_ACTOR: "Codertocat",
      GHE_HOST: s.ghes.host,
      GHE_PROTOCOL: "http",
      XIHE_STORE: join(root, "xihe.db"),
      XIHE_WORK_DIR: join(root, "xihe-work"),
      ...scriptedModelAppEnv(s.model.baseURL),
    });
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stdout).toContain("xihe fix Codertocat/Hello-World#1: succeeded");
    expect(result.stdout).toContain(`${s.ghes.web}/Codertocat/Hello-World/pull/1#issuecomment-555`);
    expect(result.stdout + result.stderr).not.toContain(token);
    expect(s.ghes.calls.filter((c) => c.includes("/app/"))).toEqual([]);
    expect(s.ghes.runTokenRequests).toEqual([]);
    expect(s.model.remaining()).toBe(0);
    expectFixDeliveredOnGhes(s, "xihe[bot] <xihe[bot]@users.noreply.127.0.0.1>", null);
  }, 600_000);
});

describe("xihe fix --pr: bad input", () => {
  const cli = async (args: string[], env: Record<string, string> = {}) => {
    const err: string[] = [];
    const io: CliIo = {
      stdout: () => undefined,
      stderr: (t) => err.push(t),
      readStdin: async () => "",
      env: { LOG_LEVEL: "silent", ...env },
      cwd: tmpdir(),
      isTTY: false,
    };
    return { code: await main(args, io), err: err.join("") };
  };

  it("says what a PR reference looks like", async () => {
    expect(await cli(["fix", "--pr", "octo/app/12"], { GITHUB_TOKEN: token })).toEqual({
      code: 2,
      err: 'xihe: --pr takes OWNER/REPO#NUMBER, e.g. octo/app#12; got "octo/app/12"\n',
    });
  });

  it("asks for GITHUB_TOKEN and says which permissions it needs", async () => {
    const { code, err } = await cli(["fix", "--pr", "octo/app#12"]);
    expect(code).toBe(2);
    expect(err).toMatch(
      /--pr needs GITHUB_TOKEN: a token that may write contents, pull requests, issues and checks/,
    );
  });

  it("refuses flags that only apply to a local checkout", async () => {
    const { code, err } = await cli(["fix", "--pr", "octo/app#12", "--cmd", "npm test", "--no-llm"], {
      GITHUB_TOKEN: token,
    });
    expect(code).toBe(2);
    expect(err).toContain("--cmd, --no-llm only apply to a local checkout");
  });
});
