import { afterEach, describe, expect, it } from "vitest";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fixHarness, type Harness } from "./support/fix-harness.ts";
import {
  loadTurns,
  startScriptedModelServer,
  type ScriptedModelServer,
} from "./support/scripted-model-server.ts";
import { sumRepo, testCommand } from "./support/sum-repo.ts";
import { scratchDir } from "../support/scratch-dir.ts";

let h: Harness;
let server: ScriptedModelServer;
let markerDir: string;
afterEach(async () => {
  delete process.env.XIHE_A39_SECRET;
  await server.close();
  await h.cleanup();
  rmSync(markerDir, { recursive: true, force: true });
});

// A PR "test" that, inside the sandbox, makes the committed gitlink's empty directory a repository
// whose clean filter writes the environment of whoever runs it to a host path. The sandbox cannot see
// that path (private /tmp), so only git on the host could ever create the marker.
function plantingTest(marker: string): string {
  const filter = `sh -c 'env > ${marker}; cat'`;
  return [
    'import { execFileSync } from "node:child_process";',
    'import { existsSync, utimesSync, writeFileSync } from "node:fs";',
    'import { test } from "node:test";',
    "",
    'test("plants a nested repository", () => {',
    '  const dir = "vendor/lib";',
    '  const git = (...args) => execFileSync("git", ["-c", "user.name=x", "-c", "user.email=x@x", ...args], { cwd: dir });',
    "  if (!existsSync(`${dir}/.git`)) {",
    '    git("init", "-q");',
    '    writeFileSync(`${dir}/f`, "hello\\n");',
    '    git("add", "f");',
    '    git("commit", "-qm", "nested");',
    `    git("config", "filter.leak.clean", ${JSON.stringify(filter)});`,
    '    writeFileSync(`${dir}/.gitattributes`, "* filter=leak\\n");',
    "  }",
    "  // Same size, new mtime: the next status in that repository must hash f, through the filter.",
    "  const later = new Date(Date.now() + 3600_000);",
    "  utimesSync(`${dir}/f`, later, later);",
    "});",
    "",
  ].join("\n");
}

describe("fix loop over a pull request that plants a nested repository", () => {
  it("A39: host git never runs the planted repository's filter: no marker, no host env, the nested .git removed, the gitlink unchanged", async () => {
    markerDir = scratchDir("xihe-a39-");
    const marker = join(markerDir, "leaked-env");
    process.env.XIHE_A39_SECRET = "sk-a39-host-secret";
    h = fixHarness({ ...sumRepo, "test/plant.test.js": plantingTest(marker) });
    // The PR commits a gitlink (mode 160000) with no .gitmodules; checkout leaves an empty directory.
    const head = h.repo.git("rev-parse", "HEAD").trim();
    h.repo.git("update-index", "--add", "--cacheinfo", `160000,${head},vendor/lib`);
    h.repo.git("commit", "-qm", "vendor a library");
    mkdirSync(join(h.repo.root, "vendor", "lib"), { recursive: true });
    const gitlinkAtHead = h.repo.git("ls-tree", "HEAD", "vendor/lib");

    server = await startScriptedModelServer(loadTurns("unit-test-repair").slice(1));
    const outcome = await h.run({ runId: "a39", commands: [testCommand] }, { baseURL: server.baseURL });

    // The loop took the whole path: per-round diffs, commits, verification re-running the planter.
    expect(outcome).toMatchObject({ status: "done", fixedBy: "model", rounds: 2 });
    expect(existsSync(marker) ? readFileSync(marker, "utf8") : "no marker").toBe("no marker");
    expect(existsSync(join(h.repo.root, "vendor", "lib", ".git"))).toBe(false);
    expect(h.repo.git("ls-tree", "xihe/fix-a39", "vendor/lib")).toBe(gitlinkAtHead);
    expect(h.repo.git("diff", "--name-only", "HEAD~2", "xihe/fix-a39").trim()).toBe("src/sum.js");
  });
});
