// Closing the PRs a newer major supersedes, with real git (a bare repository whose upgrade branches
// Xihe or a person pushed) and GitHub's REST API faked with nock.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nock from "nock";
import { ProbotOctokit } from "probot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeSupersededPulls } from "../../../src/verbs/upgrade/close-superseded-pulls.ts";
import { deliveryGit } from "../../../src/delivery/delivery-git.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

const api = "https://api.github.com";
const repoPath = "/repos/acme/app";
const bot = "xihe[bot]@users.noreply.github.com";
let scratch: ReturnType<typeof makeScratchDir>;
let bare = "";
let work = "";
let base = "";

function git(cwd: string, email: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=n", "-c", `user.email=${email}`, ...args], {
    cwd,
    encoding: "utf8",
  }).trim();
}

/** Pushes `branch` from master with one commit by `email` (Xihe's carry a Xihe-Run trailer). */
function pushBranch(branch: string, email: string) {
  git(work, email, "checkout", "-q", "-B", branch, "master");
  writeFileSync(join(work, "package.json"), `{"branch":"${branch}"}\n`);
  const message = email === bot ? "Bump greet\n\nXihe-Run: run0001\n" : "a person's change\n";
  git(work, email, "commit", "-qam", message);
  git(work, email, "push", "-q", "origin", branch);
}

beforeAll(() => {
  scratch = makeScratchDir("supersede");
  work = join(scratch.dir, "work");
  mkdirSync(work);
  git(work, "dev@example.invalid", "init", "-q", "-b", "master");
  writeFileSync(join(work, "package.json"), "{}\n");
  git(work, "dev@example.invalid", "add", "-A");
  git(work, "dev@example.invalid", "commit", "-qm", "app");
  bare = join(scratch.dir, "app.git");
  execFileSync("git", ["clone", "-q", "--bare", work, bare]);
  git(work, "dev@example.invalid", "remote", "add", "origin", bare);
  base = git(work, "dev@example.invalid", "rev-parse", "master");
  pushBranch("xihe/deps/greet-2", bot);
  pushBranch("xihe/deps/greet-1", bot);
  git(work, "dev@example.invalid", "checkout", "-q", "xihe/deps/greet-1");
  writeFileSync(join(work, "NOTE.md"), "mine\n");
  git(work, "dev@example.invalid", "add", "-A");
  git(work, "dev@example.invalid", "commit", "-qm", "a person's change");
  git(work, "dev@example.invalid", "push", "-q", "origin", "xihe/deps/greet-1");
});
afterAll(() => scratch.remove());

const pull = (number: number, ref: string, title: string, repo = "acme/app") => ({
  number,
  title,
  body: `…\n<!-- xihe-upgrade group=${ref.slice("xihe/deps/".length)} run=run0001 -->`,
  head: { ref, repo: { full_name: repo } },
});

describe("closeSupersededPulls", () => {
  it("closes Xihe's PR of the older major with a comment linking the new one; a person's, a fork's, another package's and a newer one stay", async () => {
    const closed: number[] = [];
    const comments: Array<{ number: number; body: string }> = [];
    nock(api)
      .get(`${repoPath}/pulls`)
      .query({ state: "open", per_page: 100 })
      .reply(200, [
        pull(3, "xihe/deps/greet-2", "Bump greet from 1.0.0 to 2.0.0"),
        pull(4, "xihe/deps/greet-1", "Bump greet from 0.9.0 to 1.0.0"),
        pull(5, "xihe/deps/greet-2", "Bump greet from 1.0.0 to 2.0.0", "someone/fork"),
        pull(6, "xihe/deps/greeter-2", "Bump greeter from 1.0.0 to 2.0.0"),
        pull(7, "xihe/deps/greet-4", "Bump greet from 1.0.0 to 4.0.0"),
        pull(8, "xihe/deps/greet-3", "Bump greet from 1.0.0 to 3.0.0"),
      ])
      .post(/\/issues\/\d+\/comments$/)
      .reply(201, (path, body) => {
        comments.push({ number: Number(path.split("/").at(-2)), body: (body as { body: string }).body });
        return { id: 1 };
      })
      .patch(/\/pulls\/\d+$/, { state: "closed" })
      .reply(200, (path) => {
        closed.push(Number(path.split("/").at(-1)));
        return {};
      });
    const dir = mkdtempSync(join(scratch.dir, "ws-"));
    git(dir, bot, "init", "-q");
    const octokit = new ProbotOctokit({
      auth: { token: "ghs_test" },
      throttle: { enabled: false },
      retry: { enabled: false },
    });
    const result = await closeSupersededPulls(octokit, {
      ref: { owner: "acme", repo: "app" },
      group: {
        id: "greet-3",
        breaking: true,
        updates: [
          {
            name: "greet",
            field: "dependencies",
            from: "1.0.0",
            to: "3.0.0",
            kind: "major",
            range: { from: "^1.0.0", to: "^3.0.0" },
          },
        ],
      },
      pull: { number: 8, url: "https://github.com/acme/app/pull/8" },
      git: deliveryGit({ dir, hooksDir: mkdtempSync(join(scratch.dir, "hooks-")), allowFileProtocol: true }),
      remoteUrl: `file://${bare}`,
      baseSha: base,
      botEmail: bot,
    });
    expect(result).toEqual([3]);
    expect(closed).toEqual([3]);
    expect(comments).toEqual([
      { number: 3, body: expect.stringMatching(/^Superseded by #8 \(`greet` 3\.0\.0\): Xihe closes/) },
    ]);
  });
});
