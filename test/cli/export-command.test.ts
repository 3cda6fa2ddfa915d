// `xihe export` through bin/: a real `xihe fix --no-llm` run (prettier fixes a file) leaves its run
// and steps in the store; export writes them as the archive the App writes (runs/ARCHIVE.md).
import { readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { execa } from "execa";
import { afterAll, beforeAll, expect, it } from "vitest";
import { archivePath, archiveRecords } from "../../src/runs/run-archive.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import { projectNodeModules } from "../agent/support/fix-harness.ts";
import { makeGitRepo, type TempRepo } from "../tools/support/make-git-repo.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const bin = resolve(import.meta.dirname, "../../bin/xihe.js");
let repo: TempRepo;
let scratch: string;
let storePath: string;
let runId: string;

const xihe = (args: string[], env: Record<string, string> = {}) =>
  execa(process.execPath, [bin, ...args], {
    cwd: repo.root,
    reject: false,
    env: { XIHE_STORE: storePath, LOG_LEVEL: "silent", ...env },
  });

beforeAll(async () => {
  repo = makeGitRepo({ ".gitignore": "node_modules\n", "src/a.js": "const   x = {a:1}\nexport default x\n" });
  symlinkSync(projectNodeModules, join(repo.root, "node_modules"));
  scratch = scratchDir("xihe-export-");
  storePath = join(scratch, "xihe.db");
  const fix = await xihe([
    "fix",
    "--cmd",
    "node_modules/.bin/prettier --check src",
    "--no-llm",
    "--trust-local",
  ]);
  expect(fix.exitCode, fix.stderr).toBe(0);
  runId = /^xihe fix ([0-9a-f]{8}): FIXED$/m.exec(fix.stdout)![1]!;
}, 120_000);

afterAll(() => {
  repo.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

it("writes each run ended since the date as the archive's gzip JSONL, records equal to the store's", async () => {
  const out = join(scratch, "archive");
  const today = new Date().toISOString().slice(0, 10);
  const r = await xihe(["export", "--since", today, "--out", out]);
  expect(r.stderr).toBe("");
  expect(r.exitCode).toBe(0);
  expect(r.stdout).toMatch(
    new RegExp(`^exported 1 run\\(s\\), \\d+ record\\(s\\), ended since ${today}T00:00:00.000Z, to ${out}$`),
  );
  const store = openSqliteStore(storePath);
  const run = (await store.getRun(runId))!;
  const expected = archiveRecords(run, await store.listSteps(runId));
  await store.close();
  const lines = gunzipSync(readFileSync(join(out, archivePath(run))))
    .toString("utf8")
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(lines).toEqual(JSON.parse(JSON.stringify(expected)));
  expect(lines[0]).toMatchObject({ schema: 1, record: "run", id: runId, status: "succeeded", verb: "fix" });
  expect(lines.filter((l) => l.record === "step").map((l) => l.stepId)).toContain("result");
  expect(lines[0]).not.toHaveProperty("context");
});

it("exports nothing for a later day or another repository, and writes to XIHE_ARCHIVE without --out", async () => {
  const later = await xihe(["export", "--since", "2999-01-01", "--out", join(scratch, "none")]);
  expect(later.stdout).toMatch(/^exported 0 run\(s\), 0 record\(s\)/);
  const other = await xihe([
    "export",
    "--since",
    "2020-01-01",
    "--repo",
    "octo/elsewhere",
    "--out",
    join(scratch, "none"),
  ]);
  expect(other.stdout).toMatch(/^exported 0 run\(s\)/);
  const env = join(scratch, "env-archive");
  const viaEnv = await xihe(["export", "--since", "2020-01-01"], { XIHE_ARCHIVE: env });
  expect(viaEnv.exitCode).toBe(0);
  expect(readdirSync(env)[0]).toMatch(/^date=\d{4}-\d{2}-\d{2}$/);
});

it("refuses a date it cannot read and a store that does not exist, exit 2, writing nothing", async () => {
  const out = join(scratch, "bad");
  const bad = await xihe(["export", "--since", "yesterday", "--out", out]);
  expect(bad.exitCode).toBe(2);
  expect(bad.stderr).toContain(
    '--since takes a day (2026-12-01) or an ISO time (2026-12-01T08:00:00Z); got "yesterday"',
  );
  const noStore = await xihe(["export", "--since", "2026-01-01", "--out", out], {
    XIHE_STORE: join(scratch, "nope.db"),
  });
  expect(noStore.exitCode).toBe(2);
  expect(noStore.stderr).toContain("no store at");
  expect(() => readdirSync(out)).toThrow();
});
