import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import type { CliIo } from "../../src/cli/cli-io.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const modelKey = "model-key-for-the-sandbox-test-42";
const ghToken = `ghs_${"Q".repeat(36)}`;

function fakeIo(cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    readStdin: () => Promise.resolve(""),
    env: { XIHE_MODEL_API_KEY: modelKey, GITHUB_TOKEN: ghToken },
    cwd,
    isTTY: false,
  };
  return { io, out: () => out.join(""), err: () => err.join("") };
}

describe("xihe sandbox", () => {
  let dir: string;
  beforeEach(() => {
    dir = scratchDir("xihe-cli-sandbox-");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("prints the result object of a failing command as JSON", async () => {
    const run = fakeIo(dir);
    const code = await main(
      ["sandbox", "--repo", dir, "--json", "--", "sh", "-c", "echo hi; echo oops >&2; exit 3"],
      run.io,
    );
    expect(code).toBe(1);
    const result = JSON.parse(run.out()) as Record<string, unknown>;
    expect(result).toMatchObject({
      runner: "bwrap",
      exitCode: 3,
      stdout: "hi\n",
      stderr: "oops\n",
      timedOut: false,
    });
  });

  it("A12 redacts a token printed by the command in streamed output, the summary and JSON", async () => {
    writeFileSync(join(dir, "leak.txt"), `key=${modelKey}\ntoken=${ghToken}\n`);
    const streamed = fakeIo(dir);
    expect(
      await main(["sandbox", "--repo", dir, "--", "sh", "-c", "cat leak.txt; cat leak.txt >&2"], streamed.io),
    ).toBe(0);
    const json = fakeIo(dir);
    await main(["sandbox", "--repo", dir, "--json", "--", "cat", "leak.txt"], json.io);
    for (const channel of [streamed.out(), streamed.err(), json.out(), json.err()]) {
      expect(channel).not.toContain(modelKey);
      expect(channel).not.toContain(ghToken);
    }
    expect(streamed.out()).toContain("key=[redacted]");
    expect(streamed.err()).toMatch(/xihe sandbox \(bwrap\): exit 0 after \d+ ms/);
  });

  it("applies the limits from flags and reports a timeout", async () => {
    const run = fakeIo(dir);
    expect(
      await main(["sandbox", "--repo", dir, "--timeout-ms", "1000", "--json", "--", "sleep", "30"], run.io),
    ).toBe(1);
    expect(JSON.parse(run.out())).toMatchObject({ timedOut: true });
  });

  it("takes limits from .github/xihe.yml and refuses the local runner without --trust-local", async () => {
    mkdirSync(join(dir, ".github"));
    writeFileSync(join(dir, ".github", "xihe.yml"), "sandbox:\n  runner: local\n");
    const refused = fakeIo(dir);
    expect(await main(["sandbox", "--repo", dir, "--", "true"], refused.io)).toBe(1);
    expect(refused.err()).toMatch(/--trust-local/);
    const trusted = fakeIo(dir);
    expect(await main(["sandbox", "--repo", dir, "--trust-local", "--json", "--", "pwd"], trusted.io)).toBe(
      0,
    );
    expect(JSON.parse(trusted.out())).toMatchObject({ runner: "local" });
  });

  it("rejects bad flags with exit 2", async () => {
    const run = fakeIo(dir);
    expect(await main(["sandbox", "--repo", dir, "--network", "all", "--", "true"], run.io)).toBe(2);
    expect(run.err()).toMatch(/--network must be none or install/);
    expect(await main(["sandbox", "--repo", dir], fakeIo(dir).io)).toBe(2);
  });

  it("--check reports what the machine enforces", async () => {
    const run = fakeIo(dir);
    expect(await main(["sandbox", "--check"], run.io)).toBe(0);
    expect(run.out()).toMatch(/bwrap: ok/);
    expect(run.out()).toMatch(/cgroup v1 memory\+pids/);
  });
});
