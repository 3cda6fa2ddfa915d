// `xihe diagnose` end to end in-process: human output grouped by tool, the exact --json wire form,
// stdin, exit codes, and clear usage errors.
import { mkdtemp, mkdir, rm, writeFile, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import { captureIo } from "./capture-io.ts";
import { perceptionFixtures } from "../perception/js-fixture-cases.ts";

let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "xihe-cli-diag-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const fixture = (id: string) => readFile(join(perceptionFixtures, id, "log.txt"), "utf8");

describe("xihe diagnose", () => {
  it("prints failures grouped by tool with file:line and exits 1", async () => {
    await writeFile(join(dir, "ci.log"), (await fixture("eslint-unix")) + (await fixture("tsc-plain")));
    const cli = captureIo(dir);
    expect(await main(["diagnose", "--log", "ci.log"], cli)).toBe(1);
    const text = cli.out.join("");
    expect(text).toContain("eslint: 5 failures");
    expect(text).toContain("tsc: 3 failures");
    expect(text).toContain("src/shapes/area.ts:4:18  type · TS2339");
    expect(text).toContain("Classification: code");
  });

  it("prints exactly {failures, classification} with --json, reading stdin for -", async () => {
    const cli = captureIo(dir, await fixture("tsc-plain"));
    expect(await main(["diagnose", "--log", "-", "--json"], cli)).toBe(1);
    const wire = JSON.parse(cli.out.join(""));
    expect(Object.keys(wire)).toEqual(["failures", "classification"]);
    expect(Object.keys(wire.failures[0])).toEqual([
      "tool",
      "kind",
      "file",
      "line",
      "column",
      "test",
      "message",
      "rule",
    ]);
    expect(wire.failures[2]).toEqual({
      tool: "tsc",
      kind: "type",
      file: "src/shapes/area.ts",
      line: 4,
      column: 18,
      test: null,
      message: "Property 'height' does not exist on type 'Rect'.",
      rule: "TS2339",
    });
    expect(Object.keys(wire.classification)).toEqual(["verdict", "evidence", "reason"]);
  });

  it("exits 0 when the log holds no failures", async () => {
    const cli = captureIo(dir, await fixture("nodetest-flaky-run2"));
    expect(await main(["diagnose", "--log", "-"], cli)).toBe(0);
    expect(cli.out.join("")).toContain("No failures found in the log.");
  });

  it("maps absolute paths to the checkout given with --repo", async () => {
    const repo = join(dir, "checkout");
    await mkdir(join(repo, "src", "money"), { recursive: true });
    await writeFile(join(repo, "src", "money", "currency.js"), "");
    await writeFile(join(dir, "ci.log"), await fixture("mocha-spec"));
    const cli = captureIo(dir);
    await main(["diagnose", "--log", "ci.log", "--repo", "checkout", "--json"], cli);
    const files = JSON.parse(cli.out.join("")).failures.map((f: { file: string }) => f.file);
    expect(files).toContain("src/money/currency.js");
  });

  it("exits 2 with a clear message for a missing log file, a missing --log or a bad --repo", async () => {
    const missing = captureIo(dir);
    expect(await main(["diagnose", "--log", "nope.log"], missing)).toBe(2);
    expect(missing.err.join("")).toContain("log file not found: nope.log");
    const noFlag = captureIo(dir);
    expect(await main(["diagnose"], noFlag)).toBe(2);
    expect(noFlag.err.join("")).toContain("--log");
    await writeFile(join(dir, "ci.log"), "");
    const badRepo = captureIo(dir);
    expect(await main(["diagnose", "--log", "ci.log", "--repo", "nowhere"], badRepo)).toBe(2);
    expect(badRepo.err.join("")).toContain("--repo must be a directory");
  });
});
