// A run resumed after its check-run step created the check run on GitHub but never stored that it
// did (the worker died, or the store went down, between GitHub's answer and the step's end): the
// reporter finds that check run by its external_id and creates no second one. Real SQLite store and
// persisted steps; GitHub at the HTTP boundary (nock), shapes from the REST docs for
// `GET /repos/{owner}/{repo}/commits/{ref}/check-runs`.
import { rmSync } from "node:fs";
import { join } from "node:path";
import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import { createGitHubReporter } from "../../src/github/github-reporter.ts";
import { createXiheOctokit } from "../../src/github/xihe-octokit.ts";
import { createLogger } from "../../src/logger.ts";
import { createStep } from "../../src/runs/run-step.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const dirs: string[] = [];
afterEach(() => {
  nock.cleanAll();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const head = "c".repeat(40);
const log = createLogger({ level: "silent" });
const Octokit = createXiheOctokit(log, { retryAndThrottle: false, requestTimeoutMs: 10_000 });

async function resumedRun(checkRunStepStarted: boolean) {
  const dir = scratchDir("xihe-reporter-");
  dirs.push(dir);
  const store = openSqliteStore(join(dir, "xihe.db"));
  const now = () => new Date("2026-12-05T00:00:00.000Z");
  await store.createRun(
    {
      installationId: 1,
      repo: "octo/r",
      pr: 5,
      headSha: head,
      verb: "fix",
      args: "",
      trigger: "comment",
      requester: "octocat",
      budget: null,
      context: null,
    },
    { id: "run-1", now: now().toISOString() },
  );
  const run = (await store.getRun("run-1"))!;
  // The first attempt's status comment is stored; its check-run step started and never ended.
  const at = now().toISOString();
  await store.startStep({
    runId: run.id,
    stepId: "github:status-comment",
    kind: "comment",
    input: null,
    startedAt: at,
  });
  await store.finishStep(run.id, "github:status-comment", {
    status: "succeeded",
    output: { id: 11, url: "https://github.com/octo/r/pull/5#issuecomment-11" },
    error: null,
    endedAt: at,
  });
  if (checkRunStepStarted)
    await store.startStep({
      runId: run.id,
      stepId: "github:check-run",
      kind: "check_run",
      input: null,
      startedAt: at,
    });
  const remembered: Record<string, unknown> = {};
  const ctx = {
    run,
    signal: new AbortController().signal,
    log,
    step: createStep({ store, now }, run.id),
    remember: async (values: Record<string, unknown>) => void Object.assign(remembered, values),
    progress: async () => undefined,
  };
  const reporter = createGitHubReporter(async () => new Octokit({ auth: "ghs_test" }), now);
  return { ctx, reporter, remembered, close: () => store.close() };
}

describe("the check run of a resumed run", () => {
  it("is found by its external_id when the interrupted attempt created it: no second check run", async () => {
    const { ctx, reporter, remembered, close } = await resumedRun(true);
    const api = nock("https://api.github.com")
      .get(`/repos/octo/r/commits/${head}/check-runs`)
      .query({ check_name: "Xihe", filter: "all", per_page: "100" })
      .reply(200, {
        total_count: 2,
        check_runs: [
          { id: 40, name: "Xihe", head_sha: head, external_id: "another-run", status: "completed" },
          { id: 41, name: "Xihe", head_sha: head, external_id: "run-1", status: "in_progress" },
        ],
      });
    await reporter.started(ctx as never);
    expect(api.isDone()).toBe(true);
    expect(remembered).toMatchObject({ checkRunId: 41 });
    await close();
  });

  it("is created when the interrupted attempt had not made one, and looked for only on a second attempt", async () => {
    const again = await resumedRun(true);
    const api = nock("https://api.github.com")
      .get(`/repos/octo/r/commits/${head}/check-runs`)
      .query(true)
      .reply(200, { total_count: 0, check_runs: [] })
      .post("/repos/octo/r/check-runs", (b: { external_id: string }) => b.external_id === "run-1")
      .reply(201, { id: 42 });
    await again.reporter.started(again.ctx as never);
    expect(api.isDone()).toBe(true);
    expect(again.remembered).toMatchObject({ checkRunId: 42 });
    await again.close();

    const fresh = await resumedRun(false);
    const created = nock("https://api.github.com").post("/repos/octo/r/check-runs").reply(201, { id: 43 });
    await fresh.reporter.started(fresh.ctx as never);
    expect(created.isDone()).toBe(true);
    expect(fresh.remembered).toMatchObject({ checkRunId: 43 });
    await fresh.close();
  });
});
