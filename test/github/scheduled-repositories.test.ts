// The scheduler's GitHub side against GitHub's REST shapes (nock): the installations, their
// repositories and each default branch's `.github/xihe.yml`; a due repository gets an upgrade run on
// its default branch's head, with no thread to answer.
import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import { listScheduledRepositories, queueScheduledUpgrade } from "../../src/github/scheduled-repositories.ts";
import { githubUrls } from "../../src/github/github-urls.ts";
import { createHarness, type Harness } from "./app-harness.ts";
import { installationTokenReply } from "./run-fixtures.ts";

const api = "https://api.github.com";
let h: Harness | undefined;
afterEach(async () => h?.close());

const repoJson = (name: string, over: Record<string, unknown> = {}) => ({
  id: name.length,
  name,
  full_name: `octo/${name}`,
  owner: { login: "octo" },
  default_branch: "main",
  archived: false,
  ...over,
});
const file = (text: string) => ({
  type: "file",
  encoding: "base64",
  content: Buffer.from(text).toString("base64"),
  path: ".github/xihe.yml",
});

describe("scheduled repositories on GitHub", () => {
  it("lists the repositories whose default branch schedules upgrades, and queues a run for one", async () => {
    h = await createHarness();
    const probot = h.probot;
    nock(api)
      .get("/app/installations")
      .query({ per_page: 100 })
      .reply(200, [{ id: 7, account: { login: "octo" } }])
      .post("/app/installations/7/access_tokens")
      .reply(201, installationTokenReply)
      .get("/installation/repositories")
      .query({ per_page: 100 })
      .reply(200, {
        total_count: 3,
        repositories: [repoJson("weekly"), repoJson("none"), repoJson("old", { archived: true })],
      })
      .get("/repos/octo/weekly/contents/.github%2Fxihe.yml")
      .query({ ref: "main" })
      .reply(200, file("deps:\n  schedule: weekly\n  timezone: Asia/Shanghai\n"))
      .get("/repos/octo/none/contents/.github%2Fxihe.yml")
      .query({ ref: "main" })
      .reply(404, { message: "Not Found" });
    const gh = { appOctokit: () => probot.auth(), installationOctokit: (id: number) => probot.auth(id) };
    const scheduled = await listScheduledRepositories(gh);
    expect(scheduled).toEqual([
      {
        installationId: 7,
        repo: "octo/weekly",
        defaultBranch: "main",
        schedule: "weekly",
        timezone: "Asia/Shanghai",
      },
    ]);

    nock(api)
      .get("/repos/octo/weekly/branches/main")
      .reply(200, { name: "main", commit: { sha: "c".repeat(40) } });
    await queueScheduledUpgrade(
      {
        ...gh,
        store: h.store,
        now: () => new Date("2026-12-07T00:10:00Z"),
        newRunId: () => "rsched1",
        github: githubUrls({ GHE_PROTOCOL: "https" }),
      },
      scheduled[0]!,
    );
    const [run] = await h.store.listRuns({ repo: "octo/weekly" });
    expect(run).toMatchObject({
      id: "rsched1",
      verb: "upgrade",
      trigger: "schedule",
      pr: null,
      headSha: "c".repeat(40),
      installationId: 7,
      context: { defaultBranch: "main", cloneUrl: "https://github.com/octo/weekly.git" },
    });
  });
});
