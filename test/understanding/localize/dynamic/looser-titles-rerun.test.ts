// Test titles built from a path that holds the checkout's own folder name (csso titles its fixture
// tests `relative(root + "/..", file)`): the log comes from a checkout named one way, the sandbox's is
// named another, so the failing tests' titles select no test when re-run. The retry leaves the paths'
// leading folders open. Real node:test and the project's own vitest, real logs, the real sandbox.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DynamicOutcome } from "../../../../src/understanding/localize/dynamic/dynamic-localize.ts";
import { makeScratchDir } from "../../../support/scratch-dir.ts";
import { failingLog, writeProject } from "./spectrum-repos.ts";
import { locateInSandbox, vitestBin } from "./support/locate-in-sandbox.ts";
import { shoutLib } from "./support/shout-lib.ts";

// shoutLib's `exclaim` is the mutant: only the `hello` fixture reaches it.

const tests = (testImport: string) => `${testImport}
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { shout, whisper } from "../src/shout.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const dir = join(here, "..", "fixtures", "loud");
const read = (file) => readFileSync(file, "utf8").trim();
for (const name of readdirSync(dir).filter((n) => n.endsWith(".in"))) {
  const file = join(dir, name);
  test(relative(join(here, "..", ".."), file), () => {
    assert.equal(shout(read(file)), read(file.replace(/\\.in$/, ".out")));
  });
}

test("whisper lowers", () => {
  assert.equal(whisper("HI"), "hi...");
});
`;

type Flavour = "node_test" | "vitest";

const flavours: Record<Flavour, { testImport: string; command: string; host: (dir: string) => string[] }> = {
  node_test: {
    testImport: `import { test } from "node:test";`,
    command: "node --test",
    host: () => [process.execPath, "--test"],
  },
  vitest: {
    testImport: `import { test } from "vitest";`,
    command: "npm test",
    host: (dir) => [join(dir, "node_modules", ".bin", "vitest"), "run"],
  },
};

interface Repo {
  dir: string;
  log: string;
  remove: () => void;
}

/** Runs the mutant's tests in a checkout named `ci-checkout` for the log, then renames the checkout. */
async function createRepo(flavour: Flavour): Promise<Repo> {
  const scratch = makeScratchDir(`looser-${flavour}`);
  const ci = join(scratch.dir, "ci-checkout");
  const files: Record<string, string> = {
    "package.json": `{ "name": "loud", "type": "module", "scripts": { "test": "vitest run" } }\n`,
    "src/shout.js": shoutLib,
    "test/fixtures.test.js": tests(flavours[flavour].testImport),
    "fixtures/loud/hello.in": "hello\n",
    "fixtures/loud/hello.out": "HELLO!\n",
    "fixtures/loud/why.in": "why?\n",
    "fixtures/loud/why.out": "WHY?\n",
  };
  writeProject(ci, files, flavour === "vitest" ? vitestBin : undefined);
  const log = await failingLog(ci, flavours[flavour].host(ci));
  const dir = join(scratch.dir, "sandbox-checkout");
  renameSync(ci, dir);
  await execa("git", ["init", "-q"], { cwd: dir });
  await execa("git", ["add", "-A"], { cwd: dir });
  return { dir, log, remove: scratch.remove };
}

const locate = locateInSandbox;

describe.each<Flavour>(["node_test", "vitest"])(
  "failing titles holding the log's checkout folder (%s)",
  (flavour) => {
    let repo: Repo;
    let outcome: DynamicOutcome;
    beforeAll(async () => {
      repo = await createRepo(flavour);
      outcome = await locate(repo, flavours[flavour].command);
    }, 120_000);
    afterAll(() => repo?.remove());

    it("names the failing test by the path from the log's checkout, which the re-run's does not have", () => {
      expect(repo.log).toContain("ci-checkout/fixtures/loud/hello.in");
      expect(repo.dir).not.toContain("ci-checkout");
    });

    it("re-runs the failing test once more with the path's leading folders left open, and says so", () => {
      if (outcome.kind !== "ranked") throw new Error(outcome.reason);
      const failing = outcome.runs.filter((r) => r.expected === "fail");
      expect(failing).toHaveLength(1);
      expect(failing[0]).toMatchObject({ used: true });
      expect(failing[0]!.retried).toMatch(
        /^the filter selected no test by the log's titles, so they were re-run with the leading folders of their paths left open \(…\/fixtures\/loud\/hello\.in\)/,
      );
      expect(failing[0]!.argv.join(" ")).toContain(String.raw`fixtures[/\\]loud[/\\]hello\.in`);
    });

    it("ranks the branch only the failing fixture reached above what the passing test ran", () => {
      if (outcome.kind !== "ranked") throw new Error(outcome.reason);
      expect(outcome.executions.filter((e) => e.failed)).toHaveLength(1);
      // Symbol ids end with `@line`: found by name.
      const signal = [...outcome.signal];
      const score = (name: string) =>
        signal.find(([id]) => id.startsWith(`src/shout.js#${name}@`))?.[1].strength ?? 0;
      expect(score("exclaim")).toBe(1);
      expect(score("whisper")).toBeLessThan(score("exclaim"));
    });

    if (flavour === "node_test")
      it("says in the fallback that the retry ran when the looser titles' tests pass", async () => {
        const file = join(repo.dir, "src/shout.js");
        const text = readFileSync(file, "utf8");
        writeFileSync(file, text.replace(`text + "!!"`, `text + "!"`));
        const again = await locate(repo, flavours[flavour].command);
        writeFileSync(file, text);
        expect(again).toMatchObject({
          kind: "fallback",
          reason: expect.stringMatching(
            /^re-running the failing tests alone did not reproduce a test failure \(exit 0: .*\); the filter selected no test by the log's titles, so they were re-run with the leading folders of their paths left open/,
          ),
        });
      }, 120_000);

    if (flavour === "node_test")
      it("says the filter selected no test when a title holds no path to loosen, and does not retry", async () => {
        const log = repo.log.replaceAll("ci-checkout/fixtures/loud/hello.in", "hello fixture");
        const again = await locate({ ...repo, log }, flavours[flavour].command);
        expect(again).toMatchObject({
          kind: "fallback",
          reason:
            "re-running the failing tests alone did not reproduce a test failure (exit 0: node --test's filter selected no test by the log's titles)",
        });
        expect(again.runs.find((r) => r.expected === "fail")).toMatchObject({ selectedNone: true });
        expect(again.runs.find((r) => r.expected === "fail")?.retried).toBeUndefined();
      }, 120_000);
  },
);
