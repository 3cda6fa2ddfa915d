// `/xihe fix` through the real App when the PR's dependencies cannot be installed: the PR adds a
// dependency to package.json without updating package-lock.json. The worker clones the head, the
// install phase's `npm ci` in the bubblewrap sandbox refuses the out-of-sync lockfile, and the run
// stops there: the comment says what is wrong and what to do, nothing is pushed to the repository,
// no fix PR is opened. GitHub's REST API is nock; the repository is a real bare one.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../github/app-harness.ts";
import { realExecutors } from "../../github/run-fixtures.ts";
import { git, makeProjectRemote } from "./e2e-project-remote.ts";
import { sendFixComment } from "./send-fix-comment.ts";

const statsKit = fileURLToPath(new URL("../../fixtures/projects/stats-kit/", import.meta.url));
const commands = { test: ["npx jest"], lint: ["npx eslint .", "npx prettier --check ."] };

let root = "";
let h: Harness | undefined;
beforeAll(() => {
  root = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "xihe-e2e-install-bad-"));
});
afterAll(async () => {
  await h?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("/xihe fix when the PR's lockfile is out of sync with its package.json", () => {
  it("stops after the install with the reason, changes and pushes nothing", async () => {
    // stats-kit's PR, plus a devDependency the committed lockfile does not have.
    const project = join(root, "project");
    cpSync(statsKit, project, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(project, "base", "package.json"), "utf8")) as {
      devDependencies: Record<string, string>;
    };
    manifest.devDependencies["left-pad"] = "1.3.0";
    writeFileSync(join(project, "pr", "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const remote = makeProjectRemote(root, project, [
      "stats-kit",
      "stats-kit: a new dependency, lockfile not updated",
    ]);
    h = await createHarness({
      executors: realExecutors(join(root, "xihe-work"), { env: { XIHE_SANDBOX: "bwrap" } }),
    });
    const { run, final, created, checkDone } = await sendFixComment(
      h,
      remote,
      commands,
      "install-bad-e2e",
      false,
    );
    expect(created).toHaveLength(1);
    expect(run, final).toMatchObject({ status: "needs_input", headSha: remote.head });
    expect(final).toContain("install failed (lockfile\\_out\\_of\\_sync)");
    expect(final).toContain("Xihe never rewrites a lockfile");
    expect(final).toMatch(/#### Dependencies\n\n❌ failed with `npm`/);
    // Nothing reached the repository: no side branch, the PR branch still at its head.
    expect(git(remote.bare, "branch", "--list", "xihe/*")).toBe("");
    expect(git(remote.bare, "rev-parse", "changes")).toBe(remote.head);
    expect(checkDone.isDone()).toBe(true);
  }, 300_000);
});
