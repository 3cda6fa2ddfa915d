// The archive of finished runs: the worker archives each ended run as gzip JSONL partitioned by
// date and repository; an unwritable or hanging archive neither fails nor holds the run.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { pino } from "pino";
import { expect, it } from "vitest";
import { z } from "zod";
import type { RunExecutor } from "../../src/runs/run-executor.ts";
import { archiveEndedRun, localRunArchive, type RunArchive } from "../../src/runs/run-archive.ts";
import { createWorker } from "../../src/runs/worker.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const twoSteps: RunExecutor = async (ctx) => {
  await ctx.step("perceive", { kind: "perceive", input: { log: "x" }, output: z.number() }, async () => 2);
  await ctx.step("report", { kind: "report", input: null, output: z.string() }, async () => "ok");
  return { status: "succeeded", summary: "done", body: "" };
};

async function runOnce(archive: RunArchive, warnings: string[] = []) {
  const store = openSqliteStore(join(scratchDir("xihe-archive-store-"), "x.db"));
  const log = pino({ level: "warn" }, { write: (line: string) => void warnings.push(line) });
  let archived: Promise<void> = Promise.resolve();
  const worker = createWorker({
    store,
    log,
    now: () => new Date("2026-12-04T10:00:00Z"),
    workerId: "w1",
    concurrency: 1,
    executors: { diagnose: twoSteps },
    reporterFor: () => ({ started: async () => {}, progress: async () => {}, finished: async () => {} }),
    onEnded: (runId) =>
      void (archived = archiveEndedRun({ archive, store, log, attempts: 2, retryDelayMs: 5 }, runId)),
  });
  const { run } = (await store.createRun(
    {
      installationId: 1,
      repo: "octo/app",
      pr: 3,
      headSha: "abc",
      verb: "diagnose",
      args: "",
      trigger: "api",
      requester: "api:t",
      budget: null,
      context: { cloneUrl: "https://example.invalid/octo/app.git" },
    },
    { id: "r1", now: "2026-12-04T09:59:00Z" },
  )) as { run: { id: string } };
  await worker.drain();
  const status = (await store.getRun(run.id))!.status;
  return { status, archived: () => archived, close: () => store.close() };
}

it("writes one run record and one record per step, gzip JSONL under date= and repo=", async () => {
  const root = scratchDir("xihe-archive-");
  const r = await runOnce(localRunArchive(root));
  await r.archived();
  await r.close();
  expect(r.status).toBe("succeeded");
  const file = join(root, "date=2026-12-04", "repo=octo/app", "r1.jsonl.gz");
  const lines = gunzipSync(readFileSync(file))
    .toString("utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(lines.map((l) => [l.schema, l.record, l.stepId ?? l.id])).toEqual([
    [1, "run", "r1"],
    [1, "step", "perceive"],
    [1, "step", "report"],
  ]);
  expect(lines[0]).toMatchObject({
    repo: "octo/app",
    pr: 3,
    status: "succeeded",
    endedAt: "2026-12-04T10:00:00.000Z",
  });
  expect(lines[0].context).toBeUndefined();
  expect(lines[1]).toMatchObject({ input: { log: "x" }, output: 2, status: "succeeded" });
});

it("an unwritable archive neither fails the run nor throws; it retries, then says it gave up", async () => {
  const notADir = join(scratchDir("xihe-archive-"), "file");
  writeFileSync(notADir, "");
  const warnings: string[] = [];
  const r = await runOnce(localRunArchive(notADir), warnings);
  await r.archived();
  await r.close();
  expect(r.status).toBe("succeeded");
  const msgs = warnings.map((w) => (JSON.parse(w) as { msg: string }).msg);
  expect(msgs).toEqual(["run archive failed; retrying", "run not archived; gave up"]);
});

it("a hanging archive does not hold the worker", async () => {
  const r = await runOnce({ write: () => new Promise<void>(() => {}) });
  await r.close();
  expect(r.status).toBe("succeeded");
});
