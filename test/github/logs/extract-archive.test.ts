// Threat A17: a hostile CI log archive is rejected with `log_archive_rejected: <reason>` and nothing
// is written outside the temp dir.
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { extractLogArchive } from "../../../src/github/logs/extract-archive.ts";
import { LogArchiveRejected } from "../../../src/github/logs/archive-rejected.ts";
import { buildZip, type ZipEntryInput } from "./zip-writer.ts";

let parent = "";
beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), "xihe-a17-"));
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

async function extract(entries: ZipEntryInput[]) {
  const zipPath = join(parent, "logs.zip");
  await writeFile(zipPath, buildZip(entries));
  return extractLogArchive(zipPath, join(parent, "out"), {
    maxEntries: 2000,
    maxTotalBytes: 64 * 1024 * 1024,
    maxRatio: 200,
  });
}

async function rejection(entries: ZipEntryInput[]): Promise<LogArchiveRejected> {
  const err = await extract(entries).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof LogArchiveRejected)) throw new Error(`expected a rejection, got ${String(err)}`);
  expect(err.code).toBe("log_archive_rejected");
  expect(err.message.startsWith("log_archive_rejected: ")).toBe(true);
  // Nothing but the archive itself (and the empty output dir) exists under the temp parent.
  expect((await readdir(parent, { recursive: true })).filter((p) => p !== "logs.zip" && p !== "out")).toEqual(
    [],
  );
  return err;
}

const text = (s: string) => Buffer.from(s, "utf8");

describe("extractLogArchive (A17)", () => {
  it("A17: extracts a well-formed run-logs archive", async () => {
    const files = await extract([
      { name: "test (20)/", data: Buffer.alloc(0) },
      { name: "test (20)/3_Run npm test.txt", data: text("FAIL test/a.test.js\n"), deflate: true },
    ]);
    expect(files).toEqual(["test (20)/3_Run npm test.txt"]);
    expect(await readFile(join(parent, "out", "test (20)", "3_Run npm test.txt"), "utf8")).toBe(
      "FAIL test/a.test.js\n",
    );
  });

  it("A17: rejects a ../../ name", async () => {
    const err = await rejection([{ name: "../../x", data: text("owned") }]);
    expect(err.reason).toContain("../../x");
  });

  it("A17: rejects an absolute path", async () => {
    const err = await rejection([{ name: "/tmp/xihe-a17-owned.txt", data: text("owned") }]);
    expect(err.reason).toContain("absolute path");
  });

  it("A17: rejects a symlink entry", async () => {
    const err = await rejection([{ name: "job/link", data: text("/etc/passwd"), mode: 0o120777 }]);
    expect(err.reason).toContain("symlink");
  });

  it("A17: rejects 100k entries before extracting any", async () => {
    const entries = Array.from({ length: 100_000 }, (_, i) => ({ name: `j/${i}.txt`, data: text("x") }));
    const err = await rejection(entries);
    expect(err.reason).toContain("100000 entries");
  });

  it("A17: rejects a 1000:1 compression ratio", async () => {
    const err = await rejection([
      { name: "job/bomb.txt", data: Buffer.alloc(16 * 1024 * 1024), deflate: true },
    ]);
    expect(err.reason).toMatch(/compression ratio \d+:1/);
  });

  it("A17: rejects an archive that is not a zip", async () => {
    const zipPath = join(parent, "logs.zip");
    await writeFile(zipPath, "<html>expired</html>");
    await expect(extractLogArchive(zipPath, join(parent, "out"))).rejects.toThrow(
      /^log_archive_rejected: not a readable zip/,
    );
  });
});
