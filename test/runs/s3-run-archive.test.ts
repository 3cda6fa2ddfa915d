// The run archive on S3-compatible storage, against s3rver on 127.0.0.1 (a real S3 protocol server:
// SigV4-signed PUT/GET over HTTP, path-style): the worker archives an ended run under the prefix, and
// `xihe export --out s3://…` through bin/ writes the same object; an unreachable or hanging service
// neither fails nor holds the run.
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from "node:net";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { execa } from "execa";
import { pino } from "pino";
import S3rver from "s3rver";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import type { RunExecutor } from "../../src/runs/run-executor.ts";
import { archiveEndedRun, archivePath, type RunArchive } from "../../src/runs/run-archive.ts";
import { parseS3Location, s3RunArchive } from "../../src/runs/s3-run-archive.ts";
import { createWorker } from "../../src/runs/worker.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import { projectNodeModules } from "../agent/support/fix-harness.ts";
import { makeGitRepo } from "../tools/support/make-git-repo.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
const bucket = "xihe-archive";
let s3rver: S3rver;
let endpoint: string;
let scratch: string;
let client: S3Client;

beforeAll(async () => {
  scratch = scratchDir("xihe-s3-");
  s3rver = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: join(scratch, "s3"),
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await s3rver.run()) as { port: number };
  endpoint = `http://127.0.0.1:${port}`;
  client = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials });
});

afterAll(async () => {
  client?.destroy();
  await s3rver?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const twoSteps: RunExecutor = async (ctx) => {
  await ctx.step("perceive", { kind: "perceive", input: { log: "x" }, output: z.number() }, async () => 2);
  await ctx.step("report", { kind: "report", input: null, output: z.string() }, async () => "ok");
  return { status: "succeeded", summary: "done", body: "" };
};

async function runOnce(archive: RunArchive, warnings: string[] = []) {
  const store = openSqliteStore(join(mkdtempSync(join(scratch, "store-")), "x.db"));
  const log = pino({ level: "warn" }, { write: (line: string) => void warnings.push(line) });
  let archived: Promise<void> = Promise.resolve();
  let archiveDone = false;
  const worker = createWorker({
    store,
    log,
    now: () => new Date("2026-12-04T10:00:00Z"),
    workerId: "w1",
    concurrency: 1,
    executors: { diagnose: twoSteps },
    reporterFor: () => ({ started: async () => {}, progress: async () => {}, finished: async () => {} }),
    onEnded: (runId) =>
      void (archived = archiveEndedRun({ archive, store, log, attempts: 2, retryDelayMs: 5 }, runId).then(
        () => void (archiveDone = true),
      )),
  });
  await store.createRun(
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
      context: {},
    },
    { id: "r1", now: "2026-12-04T09:59:00Z" },
  );
  await worker.drain();
  const run = (await store.getRun("r1"))!;
  return { run, archiveDoneAtDrain: archiveDone, archived: () => archived, store };
}

async function readObject(key: string): Promise<Record<string, unknown>[]> {
  const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return gunzipSync(Buffer.from(await object.Body!.transformToByteArray()))
    .toString("utf8")
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

it("reads s3://bucket/prefix, and refuses what is not one", () => {
  expect(parseS3Location("s3://xihe-archive/runs/prod/")).toEqual({
    bucket: "xihe-archive",
    prefix: "runs/prod",
  });
  expect(parseS3Location("s3://xihe-archive")).toEqual({ bucket: "xihe-archive", prefix: "" });
  expect(parseS3Location("s3://Bad_Bucket/x")).toBeNull();
  expect(parseS3Location("/var/archive")).toBeNull();
});

it("archives an ended run as one gzip JSONL object under prefix/date=/repo=", async () => {
  const archive = s3RunArchive(
    { bucket, prefix: "xihe/prod" },
    { region: "us-east-1", endpoint, forcePathStyle: true, credentials, timeoutMs: 10_000 },
  );
  const r = await runOnce(archive);
  await r.archived();
  expect(r.run.status).toBe("succeeded");
  const lines = await readObject("xihe/prod/date=2026-12-04/repo=octo/app/r1.jsonl.gz");
  expect(lines.map((l) => [l.schema, l.record, l.stepId ?? l.id])).toEqual([
    [1, "run", "r1"],
    [1, "step", "perceive"],
    [1, "step", "report"],
  ]);
  expect(lines[0]).not.toHaveProperty("context");
  await r.store.close();
});

it("an unreachable or hanging S3 service neither fails nor holds the run; it retries, then gives up", async () => {
  const closed = createTcpServer();
  await new Promise<void>((ok) => closed.listen(0, "127.0.0.1", ok));
  const closedPort = (closed.address() as { port: number }).port;
  await new Promise((ok) => closed.close(ok));
  const sockets: Socket[] = [];
  const hanging: TcpServer = createTcpServer((socket) => void sockets.push(socket));
  await new Promise<void>((ok) => hanging.listen(0, "127.0.0.1", ok));
  const hangingPort = (hanging.address() as { port: number }).port;
  for (const port of [closedPort, hangingPort]) {
    const warnings: string[] = [];
    const archive = s3RunArchive(
      { bucket, prefix: "" },
      {
        region: "us-east-1",
        endpoint: `http://127.0.0.1:${port}`,
        forcePathStyle: true,
        credentials,
        timeoutMs: 300,
      },
    );
    const r = await runOnce(archive, warnings);
    expect(r.run.status).toBe("succeeded");
    expect(r.archiveDoneAtDrain).toBe(false);
    await r.archived();
    expect(warnings.map((w) => (JSON.parse(w) as { msg: string }).msg)).toEqual([
      "run archive failed; retrying",
      "run not archived; gave up",
    ]);
    await r.store.close();
  }
  for (const s of sockets) s.destroy();
  await new Promise((ok) => hanging.close(ok));
});

it("xihe export --out s3://bucket/prefix through bin/ writes the run a real xihe fix recorded", async () => {
  const repo = makeGitRepo({
    ".gitignore": "node_modules\n",
    "src/a.js": "const   x = {a:1}\nexport default x\n",
  });
  symlinkSync(projectNodeModules, join(repo.root, "node_modules"));
  const bin = resolve(import.meta.dirname, "../../bin/xihe.js");
  const env = {
    XIHE_STORE: join(scratch, "cli.db"),
    LOG_LEVEL: "silent",
    XIHE_ARCHIVE_S3_ENDPOINT: endpoint,
    XIHE_ARCHIVE_S3_PATH_STYLE: "true",
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  };
  const xihe = (args: string[]) =>
    execa(process.execPath, [bin, ...args], { cwd: repo.root, reject: false, env });
  const fix = await xihe([
    "fix",
    "--cmd",
    "node_modules/.bin/prettier --check src",
    "--no-llm",
    "--trust-local",
  ]);
  const runId = /^xihe fix ([0-9a-f]{8}): FIXED$/m.exec(fix.stdout)![1]!;
  const out = await xihe(["export", "--since", "2026-01-01", "--out", `s3://${bucket}/exported`]);
  expect(out.stderr).toBe("");
  expect(out.stdout).toMatch(/^exported 1 run\(s\), \d+ record\(s\), .* to s3:\/\/xihe-archive\/exported$/);
  const store = openSqliteStore(env.XIHE_STORE);
  const run = (await store.getRun(runId))!;
  await store.close();
  const lines = await readObject(`exported/${archivePath(run)}`);
  expect(lines[0]).toMatchObject({ record: "run", id: runId, status: "succeeded" });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: "exported/" }));
  expect(listed.KeyCount).toBe(1);
  const bad = await xihe(["export", "--since", "2026-01-01", "--out", "s3://Bad_Bucket/x"]);
  expect(bad.exitCode).toBe(2);
  expect(bad.stderr).toContain("s3://bucket/prefix");
  repo.cleanup();
}, 120_000);
