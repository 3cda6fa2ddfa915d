// Issue 13 item 7: `xihe diagnose --pr` and `xihe explain --pr` without hosting an App, through bin/
// in their own process, with one GITHUB_TOKEN, against the local GitHub Enterprise Server of the App
// test (REST under /api/v3, git smart HTTP). diagnose: the failed job's log read from the server,
// one comment and a check run with annotations on the PR head, the diagnosis printed; nothing cloned
// or pushed. explain: the PR head cloned with the token, one review with line comments on the
// changed functions, its link printed. No App endpoint is called and nothing is minted.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import type { CliIo } from "../../src/cli/cli-io.ts";
import { startGhesFixScenario, type GhesFixScenario } from "../github/ghes-fix-scenario.ts";
import { git } from "../verbs/fix/e2e-project-remote.ts";

const bin = fileURLToPath(new URL("../../bin/xihe.js", import.meta.url));
const token = "ghs_actionsjobtoken00000000000000000";

let root = "";
let s: GhesFixScenario;
beforeAll(async () => {
  root = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "xihe-pr-verbs-"));
  s = await startGhesFixScenario(root, {
    appId: 1,
    publicKey: "",
    installationToken: token,
    runToken: token,
  });
});
afterAll(async () => {
  await s?.ghes.close();
  await s?.model.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

function runBin(args: string[], storeName: string) {
  // No model configured: explain writes its rule-built sentences.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GITHUB_TOKEN: token,
    GITHUB_ACTOR: "Codertocat",
    GHE_HOST: s.ghes.host,
    GHE_PROTOCOL: "http",
    XIHE_STORE: join(root, `${storeName}.db`),
    XIHE_WORK_DIR: join(root, `${storeName}-work`),
  };
  for (const name of Object.keys(env)) if (name.startsWith("XIHE_MODEL")) delete env[name];
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { env, timeout: 240_000, maxBuffer: 1 << 24 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === "number" ? err.code : null) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

const sideBranches = () => git(s.remote.bare, "branch", "--list", "xihe/*");

describe("xihe diagnose --pr / explain --pr with a GITHUB_TOKEN", () => {
  it("diagnoses the PR's failed check: the diagnosis printed, one comment, annotations, nothing pushed", async () => {
    const result = await runBin(["diagnose", "--pr", "Codertocat/Hello-World#1"], "diagnose");
    expect(result, result.stderr).toMatchObject({ code: 0 });
    const { ghes } = s;
    expect(ghes.unexpected).toEqual([]);
    expect(result.stdout).toMatch(
      /^xihe diagnose Codertocat\/Hello-World#1: succeeded \(\d+ failure\(s\), code; sandbox: reproduced\)\n/,
    );
    expect(result.stdout).toContain(`${ghes.web}/Codertocat/Hello-World/pull/1#issuecomment-555`);
    // The log's jest failure and eslint errors, on repository paths.
    expect(result.stdout).toContain("averages the two middle values of an even count");
    expect(result.stdout).toContain("`src/range.js:3`");
    expect(ghes.comments).toHaveLength(1);
    expect(ghes.comments[0]!.body).toContain("averages the two middle values of an even count");
    const [check] = [...ghes.checkRuns.values()];
    expect(check).toMatchObject({ status: "completed", conclusion: "success" });
    const annotations = (check!.output as { annotations: { path: string; start_line: number }[] })
      .annotations;
    expect(annotations).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: "src/range.js", start_line: 3 })]),
    );
    // A code failure is reproduced in the sandbox (the head cloned with the job's token), yet nothing
    // is pushed and no App token is minted.
    expect(ghes.calls).toContain(`GET /repos/Codertocat/Hello-World/git/trees/${s.remote.head}`);
    expect(ghes.calls.filter((c) => c.includes("/app/"))).toEqual([]);
    expect(ghes.pulls).toEqual([]);
    expect(sideBranches()).toBe("");
    expect(result.stdout + result.stderr).not.toContain(token);
  }, 300_000);

  it("explains the PR in one review on its head, with line comments on the changed functions", async () => {
    const before = s.ghes.comments.length;
    const result = await runBin(["explain", "--pr", "Codertocat/Hello-World#1", "--json"], "explain");
    expect(result, result.stderr).toMatchObject({ code: 0 });
    const { ghes } = s;
    expect(ghes.unexpected).toEqual([]);
    const out = JSON.parse(result.stdout) as Record<string, string>;
    expect(out).toMatchObject({ verb: "explain", status: "succeeded" });
    expect(out.summary).toMatch(/^explained \d+ changed symbol\(s\) in one review$/);
    expect(out.body).toContain(`${ghes.web}/Codertocat/Hello-World/pull/1#pullrequestreview-880`);
    expect(ghes.reviews).toHaveLength(1);
    const [review] = ghes.reviews;
    expect(review).toMatchObject({ commit_id: s.remote.head, event: "COMMENT" });
    const commented = (review!.comments as { path: string }[]).map((c) => c.path);
    expect(commented).toEqual(expect.arrayContaining(["src/median.js", "src/range.js"]));
    expect(review!.body).toContain("median");
    // The run's own status comment; the review carries the explanation.
    expect(ghes.comments).toHaveLength(before + 1);
    expect(ghes.calls.filter((c) => c.includes("/app/"))).toEqual([]);
    expect(sideBranches()).toBe("");
    expect(result.stdout + result.stderr).not.toContain(token);
  }, 300_000);
});

describe("xihe diagnose/explain --pr: bad input", () => {
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

  it("refuses a log or checkout next to --pr, and says what diagnose needs", async () => {
    const both = await cli(["diagnose", "--pr", "octo/app#12", "--log", "ci.log"], { GITHUB_TOKEN: token });
    expect(both).toEqual({
      code: 2,
      err: "xihe: --pr runs the App's diagnose on the pull request; --log cannot be combined with it\n",
    });
    expect(await cli(["diagnose"])).toEqual({
      code: 2,
      err: "xihe: diagnose needs --log FILE (or - for stdin), or --pr OWNER/REPO#N\n",
    });
  });

  it("refuses local-only explain flags and asks for the token with what explain needs", async () => {
    const local = await cli(["explain", "--pr", "octo/app#12", "--base", "main", "--no-llm"], {
      GITHUB_TOKEN: token,
    });
    expect(local.code).toBe(2);
    expect(local.err).toContain("--base, --no-llm cannot be combined with it");
    const noToken = await cli(["explain", "--pr", "octo/app#12"]);
    expect(noToken.code).toBe(2);
    expect(noToken.err).toContain(
      "--pr needs GITHUB_TOKEN: a token that may read contents and write pull requests, issues and checks",
    );
    expect((await cli(["explain", "--pr", "octo/app"], { GITHUB_TOKEN: token })).err).toContain(
      "--pr takes OWNER/REPO#NUMBER",
    );
  });
});
