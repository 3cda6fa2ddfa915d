// A fix run whose worker died after the loop committed its fix and before the fix was pushed resumes
// in a fresh clone (the App clones anew for every attempt). That clone does not have the earlier
// attempt's commits, so the loop fixes again under new step ids and the branch it delivers exists.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loopAttempt } from "../../../src/agent/loop/fix-loop.ts";
import { createStep } from "../../../src/runs/run-step.ts";
import { openWorkspaceGit } from "../../../src/tools/open-workspace-git.ts";
import { fixHarness, type Harness } from "../support/fix-harness.ts";

const files = { "src/a.js": "const   x = {a:1,\n b:2}\nexport default x\n" };
const commands = ["node_modules/.bin/prettier --check src"];

let harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses) await h.cleanup();
  harnesses = [];
});

/** The run "fresh1" fixed in a first checkout, its `result` step left unfinished (the kill). */
async function killedAfterTheFixCommit(): Promise<Harness> {
  const first = fixHarness(files, { linkNodeModules: true });
  harnesses.push(first);
  const outcome = await first.run({ runId: "fresh1", commands });
  expect(outcome).toMatchObject({ status: "done", fixedBy: "deterministic" });
  await first.store.finishStep("fresh1", "result", {
    status: "failed",
    output: null,
    error: "the worker was killed",
    endedAt: new Date().toISOString(),
  });
  return first;
}

/** A new clone of the first checkout's base commit (the PR head), without the loop's commits. */
function freshClone(first: Harness): Harness {
  const fresh = fixHarness(files, { linkNodeModules: true });
  harnesses.push(fresh);
  fresh.repo.git("fetch", "-q", first.repo.root, "main");
  fresh.repo.git("reset", "-q", "--hard", "FETCH_HEAD");
  return fresh;
}

function hasCommit(h: Harness, sha: string): boolean {
  try {
    h.repo.git("cat-file", "-e", `${sha}^{commit}`);
    return true;
  } catch {
    return false;
  }
}

describe("fix loop resumed in a fresh checkout", () => {
  it("fixes again there when the earlier attempt's commits are not in it, and delivers a branch that exists", async () => {
    const first = await killedAfterTheFixCommit();
    const fresh = freshClone(first);
    // The prefix the steps about the change (describe:change, verify.workflows) take with the loop's.
    const attempt = () =>
      loopAttempt(
        createStep({ store: first.store, now: () => new Date() }, "fresh1"),
        openWorkspaceGit(fresh.repo.root),
        {
          freshCheckout: true,
        },
      );
    expect(await attempt()).toBe("again-1:");
    const outcome = await fresh.run(
      { runId: "fresh1", commands, freshCheckout: true },
      { store: first.store },
    );
    expect(await attempt()).toBe("again-1:");
    expect(outcome).toMatchObject({ status: "done", fixedBy: "deterministic", branch: "xihe/fix-fresh1" });
    expect(outcome.commits).toHaveLength(1);
    expect(hasCommit(fresh, outcome.commits[0]!.sha)).toBe(true);
    expect(fresh.repo.git("rev-parse", "--abbrev-ref", "HEAD").trim()).toBe("xihe/fix-fresh1");
    expect(readFileSync(join(fresh.repo.root, "src/a.js"), "utf8")).toBe(
      "const x = { a: 1, b: 2 };\nexport default x;\n",
    );
    const steps = (await first.store.listSteps("fresh1")).map((s) => `${s.stepId}:${s.status}`);
    expect(steps).toEqual(
      expect.arrayContaining([
        "fixer-1:succeeded",
        "result:failed",
        "again-1:branch:succeeded",
        "again-1:fixer-1:succeeded",
        "again-1:result:succeeded",
      ]),
    );

    // Resumed once more in the same checkout (the fix is now here): nothing is fixed a third time.
    const again = await fresh.run({ runId: "fresh1", commands, freshCheckout: true }, { store: first.store });
    expect(again.commits).toEqual(outcome.commits);
    expect((await first.store.listSteps("fresh1")).some((s) => s.stepId.startsWith("again-2:"))).toBe(false);
  });

  it("replays the stored loop when the checkout is not fresh (a local checkout keeps its commits)", async () => {
    const first = await killedAfterTheFixCommit();
    const fresh = freshClone(first);
    const step = createStep({ store: first.store, now: () => new Date() }, "fresh1");
    expect(await loopAttempt(step, openWorkspaceGit(fresh.repo.root), { freshCheckout: false })).toBe("");
    const outcome = await fresh.run({ runId: "fresh1", commands }, { store: first.store });
    // The replayed fixer names a commit made in the first checkout: this one does not have it.
    expect(outcome.commits).toHaveLength(1);
    expect(hasCommit(first, outcome.commits[0]!.sha)).toBe(true);
    expect(hasCommit(fresh, outcome.commits[0]!.sha)).toBe(false);
  });
});
