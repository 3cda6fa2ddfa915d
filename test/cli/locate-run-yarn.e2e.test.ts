// `xihe locate --run` on a yarn 1 and a yarn berry project: the sandbox has node and npm but no yarn,
// so the install phase must get yarn from the npm registry (the version package.json pins) and install
// the lockfile's dependencies through the registry proxy before the failing test can run at all.
import { cpSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import { captureIo } from "./capture-io.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const fixtures = fileURLToPath(new URL("../fixtures/projects/", import.meta.url));

interface LocateJson {
  results: { file: string; symbol: string }[];
  dynamic: {
    status: string;
    reason: string | null;
    install: { status: string; manager: string; steps: { command: string; exitCode: number }[] } | null;
  };
}

let root: string;
const takeOver = 'console.error("the PR\'s code ran"); process.exit(3);\n';

/** A fresh git checkout of a fixture, with `extra` files committed on top. */
function checkout(fixture: string, name: string, extra: Record<string, string> = {}): string {
  const repo = join(root, name);
  cpSync(join(fixtures, fixture, "base"), repo, { recursive: true });
  for (const [file, text] of Object.entries(extra)) writeFileSync(join(repo, file), text);
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.test", ...args], { cwd: repo });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", name);
  return repo;
}

beforeAll(() => {
  root = scratchDir("xihe-yarn-kit-");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function locateRun(
  repo: string,
  fixture: string,
): Promise<{ json: LocateJson; io: ReturnType<typeof captureIo> }> {
  const io = captureIo(repo);
  const log = join(fixtures, fixture, "failing-log.txt");
  const code = await main(["locate", "--repo", repo, "--log", log, "--run", "node --test", "--json"], io);
  expect(code, io.err.join("")).toBe(0);
  return { json: JSON.parse(io.out.join("")) as LocateJson, io };
}

describe("xihe locate --run on a yarn 1 project with dependencies", () => {
  it("installs with yarn 1 from the npm registry and ranks from the re-run", async () => {
    const { json } = await locateRun(checkout("yarn-kit", "yarn-kit"), "yarn-kit");
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
    const repo = checkout("yarn-kit", "yarn-path", {
      ".yarnrc": 'yarn-path "./take-over.js"\n',
      "take-over.js": takeOver,
    });
    const { json, io } = await locateRun(repo, "yarn-kit");
    expect(json.dynamic.install).toMatchObject({ status: "installed", manager: "yarn" });
    expect(io.err.join("") + io.out.join("")).not.toContain("the PR's code ran");
  }, 180_000);
});

describe("xihe locate --run on a yarn berry project with dependencies", () => {
  it("installs with berry's CLI package from the npm registry and ranks from the re-run", async () => {
    const { json } = await locateRun(checkout("yarn-berry-kit", "berry-kit"), "yarn-berry-kit");
    expect(json.dynamic.install).toMatchObject({ status: "installed", manager: "yarn-berry" });
    expect(json.dynamic.install!.steps).toEqual([
      {
        command: "npm exec --yes --package=@yarnpkg/cli-dist@4.18.1 -- yarn install --immutable",
        exitCode: 0,
      },
    ]);
    expect(json.dynamic).toMatchObject({ status: "ranked", reason: null });
    expect(json.results[0]).toMatchObject({ file: "lib/check.js", symbol: "positive" });
  }, 180_000);

  it("lays out node_modules for a Plug'n'Play project, so the CI's own test command finds its dependencies", async () => {
    // No nodeLinker: berry's default, Plug'n'Play, which plain `node --test` cannot resolve through.
    const repo = checkout("yarn-berry-kit", "berry-pnp", { ".yarnrc.yml": "enableTelemetry: false\n" });
    const { json } = await locateRun(repo, "yarn-berry-kit");
    expect(json.dynamic.install).toMatchObject({ status: "installed", manager: "yarn-berry" });
    expect(json.dynamic).toMatchObject({ status: "ranked", reason: null });
    expect(existsSync(join(repo, "node_modules", "is-number", "package.json"))).toBe(true);
  }, 180_000);

  it("never runs the release a PR's .yarnrc.yml names as yarnPath in place of yarn", async () => {
    const repo = checkout("yarn-berry-kit", "berry-path", {
      ".yarnrc.yml": "nodeLinker: node-modules\nyarnPath: ./take-over.cjs\n",
      "take-over.cjs": takeOver,
    });
    const { json, io } = await locateRun(repo, "yarn-berry-kit");
    expect(json.dynamic.install).toMatchObject({ status: "installed", manager: "yarn-berry" });
    expect(io.err.join("") + io.out.join("")).not.toContain("the PR's code ran");
  }, 180_000);
});
