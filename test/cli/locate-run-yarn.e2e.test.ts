// `xihe locate --run` on a yarn 1 project: the sandbox has node and npm but no yarn, so the install
// phase must get yarn from the npm registry (the version package.json pins) and install the lockfile's
// dependencies through the registry proxy before the failing test can run at all.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import { captureIo } from "./capture-io.ts";

const fixture = fileURLToPath(new URL("../fixtures/projects/yarn-kit/", import.meta.url));

interface LocateJson {
  results: { file: string; symbol: string }[];
  dynamic: {
    status: string;
    reason: string | null;
    install: { status: string; manager: string; steps: { command: string; exitCode: number }[] } | null;
  };
}

let root: string;

/** A fresh git checkout of the fixture, with `extra` files committed on top. */
function checkout(name: string, extra: Record<string, string> = {}): string {
  const repo = join(root, name);
  cpSync(join(fixture, "base"), repo, { recursive: true });
  for (const [file, text] of Object.entries(extra)) writeFileSync(join(repo, file), text);
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.test", ...args], { cwd: repo });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", name);
  return repo;
}

describe("xihe locate --run on a yarn 1 project with dependencies", () => {
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "xihe-yarn-kit-"));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("installs with yarn 1 from the npm registry and ranks from the re-run", async () => {
    const repo = checkout("yarn-kit");
    const io = captureIo(repo);
    const log = join(fixture, "failing-log.txt");
    const code = await main(["locate", "--repo", repo, "--log", log, "--run", "node --test", "--json"], io);
    expect(code, io.err.join("")).toBe(0);
    const json = JSON.parse(io.out.join("")) as LocateJson;
    expect(json.dynamic.install).toMatchObject({ status: "installed", manager: "yarn" });
    expect(json.dynamic.install!.steps).toEqual([
      {
        command: "npm exec --yes --package=yarn@1.22.22 -- yarn install --frozen-lockfile --ignore-scripts",
        exitCode: 0,
      },
    ]);
    expect(json.dynamic).toMatchObject({ status: "ranked", reason: null });
    expect(json.results[0]).toMatchObject({ file: "lib/check.js", symbol: "positive" });
  }, 180_000);

  it("never runs the script a PR's .yarnrc names as yarn-path in place of yarn", async () => {
    const repo = checkout("yarn-path", {
      ".yarnrc": 'yarn-path "./take-over.js"\n',
      "take-over.js": 'console.error("the PR\'s code ran"); process.exit(3);\n',
    });
    const io = captureIo(repo);
    const log = join(fixture, "failing-log.txt");
    await main(["locate", "--repo", repo, "--log", log, "--run", "node --test", "--json"], io);
    const json = JSON.parse(io.out.join("")) as LocateJson;
    expect(json.dynamic.install).toMatchObject({ status: "installed", manager: "yarn" });
    expect(io.err.join("") + io.out.join("")).not.toContain("the PR's code ran");
  }, 180_000);
});
