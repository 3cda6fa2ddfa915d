import { afterEach, describe, expect, it } from "vitest";
import { readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CheckRun } from "../../src/agent/loop/check-run.ts";
import { createLocalizer } from "../../src/agent/loop/create-localizer.ts";
import { defaultRepoConfig } from "../../src/config.ts";
import { openRepoIndex } from "../../src/understanding/index/open-repo-index.ts";
import { makeRepo, type TestRepo } from "../understanding/make-repo.ts";
import { scratchDir } from "../support/scratch-dir.ts";

let repo: TestRepo;
let outside: string;
afterEach(() => {
  repo.cleanup();
  rmSync(outside, { recursive: true, force: true });
});

const addJs = "export function add(a, b) {\n  return a - b;\n}\n";
const totalJs = "export function total(xs) {\n  return xs.length;\n}\n";
const outsideCanary = "A41-OUTSIDE-CANARY-7f3e";

function failingRun(root: string): CheckRun {
  const tail = [
    "✖ adds two numbers",
    "  AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:",
    "  -1 !== 5",
    `      at add (${root}/src/a.js:2:10)`,
    `      at total (${root}/src/b.js:2:3)`,
    `      at leak (${root}/src/c.js:2:3)`,
  ].join("\n");
  return {
    command: "node --test",
    exitCode: 1,
    timedOut: false,
    durationMs: 10,
    tail,
    failures: [],
    verdict: "code",
    evidence: "",
  };
}

describe("the localizer's brief and links planted in the checkout", () => {
  it("A41: files replaced by links to /proc/self/environ or a file outside, and an untracked link out, never reach the brief", async () => {
    outside = scratchDir("xihe-outside-");
    const leak = join(outside, "leak.js");
    writeFileSync(leak, `export function leak() {\n  return "${outsideCanary}";\n}\n`);
    repo = makeRepo({ "package.json": '{ "type": "module" }\n', "src/a.js": addJs, "src/b.js": totalJs });
    symlinkSync(leak, join(repo.root, "src", "c.js")); // untracked, not ignored
    const index = await openRepoIndex(repo.root, ".", defaultRepoConfig);
    expect(index.index.files.map((f) => f.path)).not.toContain("src/c.js");

    // What a PR's test does inside the sandbox: swap indexed files for links out of the checkout.
    rmSync(join(repo.root, "src", "a.js"));
    symlinkSync("/proc/self/environ", join(repo.root, "src", "a.js"));
    rmSync(join(repo.root, "src", "b.js"));
    symlinkSync(leak, join(repo.root, "src", "b.js"));
    const localize = createLocalizer({
      index: index.index,
      readLines: index.readLines,
      aliases: {},
      callDepth: 1,
      briefTokens: 6000,
    });
    const { brief } = await localize([failingRun(repo.root)]);

    const firstEnvEntry = readFileSync("/proc/self/environ", "utf8").split("\0")[0]!;
    expect(firstEnvEntry.length).toBeGreaterThan(3);
    expect(brief).not.toContain(firstEnvEntry);
    expect(brief).not.toContain(outsideCanary);
    expect(index.readLines("src/a.js")).toBeNull();
    expect(index.readText("src/b.js")).toBeNull();
  });
});
