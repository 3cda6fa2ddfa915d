// Issue 13 item 5: the whole App process (`node bin/xihe-app.js`, real HTTP) against a GitHub
// Enterprise Server on 127.0.0.1 (GHE_HOST + GHE_PROTOCOL=http): REST under /api/v3, tokens minted
// there, clone and push over git smart HTTP on its web host, links in the comment pointing at it.
// A signed `/xihe fix` webhook on a project with real dependencies (stats-kit: jest, eslint, prettier,
// a committed lockfile, installed through the registry proxy) ends in a pushed side branch in the
// bare repository, one fix PR and exactly one comment. No nock: the App is another process.
import { sign } from "@octokit/webhooks-methods";
import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../agent/support/scripted-model-server.ts";
import { commentPayload, fixture } from "../github/app-harness.ts";
import { startFakeGhes, type FakeGhes } from "../github/fake-ghes-server.ts";
import { git, makeProjectRemote } from "../verbs/fix/e2e-project-remote.ts";
import { scriptedModelAppEnv } from "../verbs/fix/send-fix-comment.ts";
import { startAppProcess, type AppProcess } from "./app-process.ts";

const project = fileURLToPath(new URL("../fixtures/projects/stats-kit/", import.meta.url));
const commands = { test: ["npx jest"], lint: ["npx eslint .", "npx prettier --check ."] };
const modelTurns = JSON.parse(
  readFileSync(new URL("../fixtures/github/model-turns.stats-median-fix.json", import.meta.url), "utf8"),
) as { body: unknown }[];
const secret = "ghes-webhook-secret";
const appId = 4711;
const installationId = 2311213;
const { privateKey, publicKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});

/** A github.com payload as the Enterprise Server at `web` sends it: every URL on that server. */
function onServer<T>(payload: T, web: string): T {
  const text = JSON.stringify(payload)
    .replaceAll("https://api.github.com", `${web}/api/v3`)
    .replaceAll("https://github.com", web);
  return JSON.parse(text) as T;
}

let root = "";
let ghes: FakeGhes | undefined;
let app: AppProcess | undefined;
let model: ScriptedModelServer | undefined;
afterAll(async () => {
  await app?.stop();
  await ghes?.close();
  await model?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

async function until(what: string, done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (ghes && ghes.unexpected.length > 0)
      throw new Error(
        `unexpected GHES calls ${ghes.unexpected.join(", ")}; App output:\n${app?.lines.slice(-20).join("\n")}`,
      );
    if (!app?.alive())
      throw new Error(`xihe-app exited while waiting for ${what}:\n${app?.lines.join("\n")}`);
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; App output:\n${app.lines.slice(-40).join("\n")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("the App process against a GitHub Enterprise Server", () => {
  it("answers a signed /xihe fix with a pushed side branch, one fix PR and exactly one comment, all on GHE_HOST", async () => {
    root = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "xihe-ghes-"));
    // The bare repository lives where the server's git endpoint serves /Codertocat/Hello-World.git.
    const remote = makeProjectRemote(join(root, "Codertocat"), project, [
      "stats-kit: mean, median, range",
      "median: simpler; range: name the bounds",
    ]);
    model = await startScriptedModelServer(modelTurns);
    ghes = await startFakeGhes({
      appId,
      publicKey,
      installationId,
      repo: "Codertocat/Hello-World",
      projectRoot: root,
      pull: (web) => {
        const pull = onServer(fixture<{ head: { sha: string } }>("pulls.get.same-repo.json"), web);
        pull.head.sha = remote.head;
        return pull;
      },
      configText: `commands: ${JSON.stringify(commands)}\n`,
      jobLog: remote.log,
      installationToken: "ghs_ghesinstallationtoken000000000",
      runToken: "ghs_ghesruntoken0000000000000000000",
    });
    app = await startAppProcess({
      ...process.env,
      APP_ID: String(appId),
      PRIVATE_KEY: privateKey,
      WEBHOOK_SECRET: secret,
      GHE_HOST: ghes.host,
      GHE_PROTOCOL: "http",
      HOST: "127.0.0.1",
      PORT: "0",
      XIHE_STORE: join(root, "xihe.db"),
      XIHE_WORK_DIR: join(root, "xihe-work"),
      LOG_LEVEL: "info",
      ...scriptedModelAppEnv(model.baseURL),
    });

    const body = JSON.stringify(onServer(commentPayload("/xihe fix"), ghes.web));
    const answer = await fetch(`http://127.0.0.1:${app.port}/api/github/webhooks`, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/json",
        "x-github-event": "issue_comment",
        "x-github-delivery": "ghes-delivery-1",
        "x-github-enterprise-host": ghes.host,
        "x-hub-signature-256": await sign(secret, body),
      },
    });
    expect(answer.status).toBe(200);
    const fake = ghes;
    await until(
      "the run's check run to complete",
      () => [...fake.checkRuns.values()].some((c) => c.status === "completed"),
      300_000,
    );

    // Tokens were minted on the Enterprise Server, the run token narrowed to the one repository.
    expect(
      fake.calls.filter((c) => c === `POST /app/installations/${installationId}/access_tokens`).length,
    ).toBeGreaterThanOrEqual(2);
    expect(fake.runTokenRequests).toEqual([
      {
        repositories: ["Hello-World"],
        permissions: { contents: "write", pull_requests: "write", metadata: "read" },
      },
    ]);
    expect(fake.unexpected).toEqual([]);
    expect([...fake.checkRuns.values()]).toMatchObject([{ status: "completed", conclusion: "success" }]);

    // Exactly one comment, the final report, linking the fix PR on the Enterprise Server.
    expect(fake.comments).toHaveLength(1);
    const final = fake.comments[0]!.body;
    for (const command of [...commands.test, ...commands.lint])
      expect(final).toContain(`| \`${command}\` | 1 | 0 | ✅ pass |`);
    expect(fake.pulls).toHaveLength(1);
    const [fixPr] = fake.pulls;
    expect(fixPr).toMatchObject({ base: "changes", html_url: `${fake.web}/Codertocat/Hello-World/pull/2` });
    expect(final).toContain(`${fake.web}/Codertocat/Hello-World/pull/2`);
    expect(final).not.toContain("github.com/Codertocat");
    expect(final).not.toMatch(/ghs_|sk-test/);

    // The side branch was pushed into the bare repository over git smart HTTP, as the App, with the
    // Enterprise Server's no-reply addresses.
    const branch = git(remote.bare, "branch", "--list", "xihe/fix/*").replace(/^[*\s]+/gm, "");
    expect(branch).toMatch(/^xihe\/fix\/1-/);
    expect(fixPr!.head).toBe(branch);
    const tip = git(remote.bare, "log", "-1", "--format=%an <%ae>%n%B", branch);
    expect(tip).toContain("xihe[bot] <xihe[bot]@users.noreply.127.0.0.1>");
    expect(tip).toContain("Co-authored-by: Codertocat <Codertocat@users.noreply.127.0.0.1>");
    expect(
      execFileSync("git", ["merge-base", "--is-ancestor", remote.head, branch], { cwd: remote.bare }).length,
    ).toBe(0);

    expect(await app.stop()).toBe(0);
  }, 600_000);
});
