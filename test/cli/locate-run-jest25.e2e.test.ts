// `xihe locate --run` on a jest 25 project (test/fixtures/projects/jest25-kit: a real jest 25.5.4
// install from its npm 6 lockfile, version 1; its failing log recorded by the real jest, record.sh).
// Two things jest projects of that age met: jest before 26 takes a config module's export as the
// config itself, so the re-run's config (ours, which loads theirs and adds the per-test hook) must
// be a plain object there, not the async function later jest awaits; and a lockfile of version 1
// has no `packages` map, so its installed node_modules must still count as fresh by its
// `dependencies` tree instead of being reinstalled on every run.
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isInstallFresh } from "../../src/workspace/install/install-freshness.ts";
import { makeScratchDir } from "../support/scratch-dir.ts";
import { locateRunJson } from "./locate-run-json.ts";

const fixture = fileURLToPath(new URL("../fixtures/projects/jest25-kit/", import.meta.url));
const command = "npx jest --modulePaths=. --verbose=false";

interface Located {
  results: { file: string; symbol: string; why: string[] }[];
  dynamic: {
    status: string;
    reason: string | null;
    install: { status: string } | null;
    runs: { argv: string; expected: string; exitCode: number | null; used: boolean; note?: string }[];
  };
}

describe("xihe locate --run on a jest 25 project with an npm 6 lockfile", () => {
  const scratch = makeScratchDir("jest25");
  const root = join(scratch.dir, "checkout");
  const logFile = join(scratch.dir, "failing.log");
  let located: Located;

  beforeAll(async () => {
    cpSync(join(fixture, "base"), root, { recursive: true });
    writeFileSync(logFile, readFileSync(join(fixture, "failing-log.txt"), "utf8"));
    await execa("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--prefer-offline"], {
      cwd: root,
    });
    located = await locateRunJson<Located>(root, logFile, command);
  }, 300_000);
  afterAll(() => scratch.remove());

  it("re-runs the failing tests with our config, which jest 25 reads, and ranks by what they ran", () => {
    expect(located.dynamic, JSON.stringify(located.dynamic)).toMatchObject({ status: "ranked" });
    const failing = located.dynamic.runs.find((r) => r.expected === "fail")!;
    expect(failing).toMatchObject({ exitCode: 1, used: true });
    // the command's own --modulePaths=. stays (the tests load `lib/ring` through it), our config is added
    expect(failing.argv).toMatch(/--modulePaths=\. .*--config \S+xihe\.jest\.config\.cjs$/);
    expect(failing.argv).toContain("-t (?:keeps every item until full|drops the oldest item on overflow)$");
    // jest-jasmine2's reporter recorded each test: the sampled passing batch counts as passing
    const passing = located.dynamic.runs.filter((r) => r.expected === "pass");
    expect(passing.length).toBeGreaterThan(0);
    expect(passing.every((r) => r.used && r.exitCode === 0)).toBe(true);
    expect(located.results[0]?.file).toBe("lib/ring.js");
    // toArray ran only in the failing tests; stats ran only in passing ones
    const spectrum = (symbol: string) =>
      located.results.find((r) => r.symbol === symbol)?.why.find((w) => w.startsWith("spectrum")) ?? "";
    expect(spectrum("Ring.toArray")).toMatch(/^spectrum/);
    expect(located.results.slice(0, 3).map((r) => r.file)).not.toContain("lib/stats.js");
  });

  it("finds the install from the version 1 lockfile fresh: no reinstall before the runs", () => {
    expect(located.dynamic.install?.status).toBe("skipped");
    expect(isInstallFresh(root, "npm")).toBe(true);
    // a package the lockfile pins only nested under another one (its own version there) must be there
    const nested = join(root, "node_modules", "@babel", "core", "node_modules", "convert-source-map");
    expect(isInstallFresh(root, "npm")).toBe(true);
    rmSync(nested, { recursive: true, force: true });
    expect(isInstallFresh(root, "npm")).toBe(false);
  });
});
