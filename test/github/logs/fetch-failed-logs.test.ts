// The log adapter against GitHub's REST shapes (nock at the HTTP boundary, a real Probot Octokit).
import { readdir, readFile, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import nock from "nock";
import { ProbotOctokit } from "probot";
import { describe, expect, it } from "vitest";
import { fetchFailedLogs } from "../../../src/github/logs/fetch-failed-logs.ts";
import { buildZip, type ZipEntryInput } from "./zip-writer.ts";

const TestOctokit = ProbotOctokit.defaults((o: Record<string, unknown>) => ({
  ...o,
  throttle: { enabled: false },
  retry: { enabled: false },
}));
const octokit = new TestOctokit({ auth: { token: "test-token" }, request: { fetch } });
const api = () => nock("https://api.github.com");
const SHA = "f83a356604ae3c5d03e1b46ef4d1ca77d64a90b0";

function checkRun(id: number, name: string, conclusion: string, slug: string, annotations = 0) {
  return {
    id,
    name,
    head_sha: SHA,
    status: "completed",
    conclusion,
    details_url: `https://github.com/octo/app/actions/runs/1/job/${id}`,
    app: { id: 15368, slug, name: slug },
    output: { title: null, summary: null, text: null, annotations_count: annotations },
  };
}

describe("fetchFailedLogs", () => {
  it("downloads logs of failed Actions jobs only, with annotations and failed statuses", async () => {
    api()
      .get(`/repos/octo/app/commits/${SHA}/check-runs`)
      .query({ filter: "latest", per_page: 100, page: 1 })
      .reply(200, {
        total_count: 3,
        check_runs: [
          checkRun(399444496, "test (20)", "failure", "github-actions", 1),
          checkRun(399444497, "lint", "success", "github-actions"),
          checkRun(77, "codecov/patch", "failure", "codecov"),
        ],
      })
      .get(`/repos/octo/app/commits/${SHA}/status`)
      .query({ per_page: 100 })
      .reply(200, {
        state: "failure",
        statuses: [
          {
            context: "ci/jenkins",
            state: "error",
            description: "Build errored",
            target_url: "https://ci.example.test/1",
          },
          { context: "ci/docs", state: "success", description: null, target_url: null },
        ],
      })
      .get("/repos/octo/app/check-runs/399444496/annotations")
      .query({ per_page: 100, page: 1 })
      .reply(200, [
        {
          path: "src/cart.js",
          start_line: 20,
          end_line: 20,
          start_column: 5,
          end_column: 9,
          annotation_level: "failure",
          title: "Cart › remove",
          message: "TypeError: Cannot read properties of undefined",
          raw_details: null,
          blob_href: "https://github.com/octo/app/blob/x/src/cart.js",
        },
      ])
      .get("/repos/octo/app/actions/jobs/399444496/logs")
      .reply(302, "", { Location: "https://pipelines.actions.example.test/logs/399444496?sig=abc" });
    nock("https://pipelines.actions.example.test")
      .get("/logs/399444496")
      .query({ sig: "abc" })
      .reply(200, "2026-12-02T10:00:00.0000000Z FAIL test/cart.test.js\n");

    const logs = await fetchFailedLogs({
      request: octokit.request,
      fetchBlob: fetch,
      owner: "octo",
      repo: "app",
      headSha: SHA,
      tmpRoot: tmpdir(),
      maxLogBytes: 1024,
    });
    try {
      expect(logs.jobs.map((j) => [j.check.name, j.logPath !== null])).toEqual([
        ["test (20)", true],
        ["codecov/patch", false],
      ]);
      const [actions, external] = logs.jobs;
      expect(await readFile(actions?.logPath ?? "", "utf8")).toContain("FAIL test/cart.test.js");
      expect(actions?.annotations).toEqual([
        {
          path: "src/cart.js",
          line: 20,
          column: 5,
          level: "failure",
          title: "Cart › remove",
          message: "TypeError: Cannot read properties of undefined",
        },
      ]);
      expect(actions?.logPath?.startsWith(logs.dir)).toBe(true);
      expect(external?.note).toContain("not a GitHub Actions job");
      expect(logs.statuses).toEqual([
        {
          context: "ci/jenkins",
          state: "error",
          description: "Build errored",
          targetUrl: "https://ci.example.test/1",
        },
      ]);
    } finally {
      await logs.cleanup();
    }
    await expect(stat(logs.dir)).rejects.toThrow();
  });

  it("caps a huge log, keeping head and tail with a marker", async () => {
    api()
      .get(`/repos/octo/app/commits/${SHA}/check-runs`)
      .query(true)
      .reply(200, { total_count: 1, check_runs: [checkRun(5, "test", "failure", "github-actions")] })
      .get(`/repos/octo/app/commits/${SHA}/status`)
      .query(true)
      .reply(200, { state: "failure", statuses: [] })
      .get("/repos/octo/app/actions/jobs/5/logs")
      .reply(302, "", { Location: "https://pipelines.actions.example.test/logs/5" });
    const body = `first line\n${"x".repeat(200_000)}\nlast failing line\n`;
    nock("https://pipelines.actions.example.test").get("/logs/5").reply(200, body);

    const logs = await fetchFailedLogs({
      request: octokit.request,
      fetchBlob: fetch,
      owner: "octo",
      repo: "app",
      headSha: SHA,
      tmpRoot: tmpdir(),
      maxLogBytes: 4096,
    });
    try {
      const job = logs.jobs[0];
      const text = await readFile(job?.logPath ?? "", "utf8");
      expect(job?.truncated).toBe(true);
      expect(text.startsWith("first line\n")).toBe(true);
      expect(text.endsWith("last failing line\n")).toBe(true);
      expect(text).toMatch(/\[xihe: \d+ bytes of the log omitted/);
      expect(Buffer.byteLength(text)).toBeLessThan(4096 + 200);
      expect(job?.note).toContain("log truncated");
    } finally {
      await logs.cleanup();
    }
  });

  it("turns an expired log (410) into a note instead of failing the run", async () => {
    api()
      .get(`/repos/octo/app/commits/${SHA}/check-runs`)
      .query(true)
      .reply(200, { total_count: 1, check_runs: [checkRun(6, "test", "timed_out", "github-actions")] })
      .get(`/repos/octo/app/commits/${SHA}/status`)
      .query(true)
      .reply(200, { state: "pending", statuses: [] })
      .get("/repos/octo/app/actions/jobs/6/logs")
      .reply(410, { message: "Gone" });
    const logs = await fetchFailedLogs({
      request: octokit.request,
      fetchBlob: fetch,
      owner: "octo",
      repo: "app",
      headSha: SHA,
      tmpRoot: tmpdir(),
      maxLogBytes: 4096,
    });
    await logs.cleanup();
    expect(logs.jobs[0]).toMatchObject({
      logPath: null,
      note: expect.stringContaining("couldn't read logs"),
    });
  });

  // Job 7 of workflow run 1: its own log endpoint answers 410, the run's archive is served instead.
  async function viaRunArchive(entries: ZipEntryInput[]) {
    api()
      .get(`/repos/octo/app/commits/${SHA}/check-runs`)
      .query(true)
      .reply(200, { total_count: 1, check_runs: [checkRun(7, "test", "failure", "github-actions")] })
      .get(`/repos/octo/app/commits/${SHA}/status`)
      .query(true)
      .reply(200, { state: "failure", statuses: [] })
      .get("/repos/octo/app/actions/jobs/7/logs")
      .reply(410, { message: "Gone" })
      .get("/repos/octo/app/actions/runs/1/logs")
      .reply(302, "", { Location: "https://pipelines.actions.example.test/runs/1.zip" });
    nock("https://pipelines.actions.example.test").get("/runs/1.zip").reply(200, buildZip(entries));
    return fetchFailedLogs({
      request: octokit.request,
      fetchBlob: fetch,
      owner: "octo",
      repo: "app",
      headSha: SHA,
      tmpRoot: tmpdir(),
      maxLogBytes: 4096,
    });
  }

  it("reads a job's log from its run's logs archive when the job log is unavailable", async () => {
    const logs = await viaRunArchive([
      { name: "1_lint.txt", data: Buffer.from("lint ok\n") },
      { name: "2_test.txt", data: Buffer.from("FAIL test/sum.test.js\n"), deflate: true },
      { name: "test/1_Set up job.txt", data: Buffer.from("setup\n") },
    ]);
    try {
      const job = logs.jobs[0];
      expect(job?.note).toBe("read from the run's logs archive");
      expect(await readFile(job?.logPath ?? "", "utf8")).toBe("FAIL test/sum.test.js\n");
      // Only the job's copy stays: neither the zip nor the other jobs' logs.
      expect(await readdir(logs.dir)).toEqual(["job-7-from-run.log"]);
    } finally {
      await logs.cleanup();
    }
  });

  it("A17: a run archive with a ../ entry is rejected and the job says it could not read the logs", async () => {
    const logs = await viaRunArchive([
      { name: "2_test.txt", data: Buffer.from("FAIL\n") },
      { name: "../../escaped.txt", data: Buffer.from("owned\n") },
    ]);
    try {
      expect(logs.jobs[0]).toMatchObject({
        logPath: null,
        note: expect.stringMatching(
          /^couldn't read logs: .*; the run's logs archive: log_archive_rejected: .*\.\.\/\.\.\/escaped\.txt/,
        ),
      });
      expect(await readdir(logs.dir)).toEqual([]);
    } finally {
      await logs.cleanup();
    }
  });
});
