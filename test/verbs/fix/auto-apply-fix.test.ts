// autoApplyFix on a real bare repository: the PR head the run fixed is the lease. A head that moved
// since the run started keeps the fix on its side branch with the reason; a replayed step pushes
// nothing. The step function here memoises by step id, as the worker's persisted steps do.
import { join } from "node:path";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pushSideBranch } from "../../../src/delivery/push-side-branch.ts";
import { runCommitMessage } from "../../../src/delivery/run-commit-message.ts";
import { sideBranchName } from "../../../src/delivery/side-branch-name.ts";
import type { z } from "zod";
import type { StepSpec } from "../../../src/agent/step.ts";
import type { RunContext } from "../../../src/runs/run-executor.ts";
import { toJson } from "../../../src/store/to-json.ts";
import type { AuditEvent, Json, RunRecord } from "../../../src/store/store.ts";
import { autoApplyFix, type AutoApplyFixInput } from "../../../src/verbs/fix/auto-apply-fix.ts";
import { createGitFixture, type GitFixture } from "../../delivery/git-fixture.ts";

const runId = "rauto000001";
const headRef = "feature/sum";
const sideBranch = sideBranchName(7, runId);
const because = "fix.auto_apply_low_risk is on";

function contextFor(headSha: string, steps: Map<string, Json>): RunContext {
  const run: RunRecord = {
    id: runId,
    installationId: 1,
    repo: "o/r",
    pr: 7,
    headSha,
    verb: "fix",
    args: "",
    trigger: "comment",
    requester: "dev",
    status: "running",
    reason: null,
    createdAt: "2026-12-02T12:00:00Z",
    startedAt: null,
    endedAt: null,
    workerId: "w1",
    notBefore: null,
    budget: null,
    spend: null,
    context: { isFork: false, headRef },
  };
  return {
    run,
    signal: new AbortController().signal,
    log: pino({ level: "silent" }),
    step: Object.assign(
      async <T>(id: string, spec: StepSpec<T>, fn: () => Promise<T>) => {
        if (steps.has(id)) return spec.output.parse(steps.get(id));
        const out = await fn();
        steps.set(id, toJson(out));
        return out;
      },
      {
        replayed: async <T>(id: string, output: z.ZodType<T>) =>
          steps.has(id) ? output.parse(steps.get(id)) : null,
      },
    ),
    remember: async () => undefined,
    progress: async () => undefined,
  };
}

describe("autoApplyFix", () => {
  let f: GitFixture;
  let prHead: string;
  let sideSha: string;
  let audit: AuditEvent[];
  beforeEach(async () => {
    f = await createGitFixture();
    await f.git(["switch", "--quiet", "-c", headRef]);
    prHead = await f.commit({ "src/sum.js": "export const sum = (a, b) => a - b;\n" }, "add sum");
    await f.git(["push", "--quiet", "origin", headRef]);
    sideSha = await f.commit(
      { "src/sum.js": "export const sum = (a, b) => a + b;\n" },
      runCommitMessage({ subject: "sum adds", runId }),
    );
    await pushSideBranch({
      dir: f.work,
      remoteUrl: f.url,
      branch: sideBranch,
      sha: sideSha,
      baseSha: prHead,
      runId,
      hooksDir: f.hooksDir,
    });
    await f.git(["switch", "--quiet", "--detach", prHead]);
    audit = [];
  });
  afterEach(() => f.cleanup());

  const input = (): AutoApplyFixInput => ({
    decision: { apply: true, because },
    workspaceDir: join(f.root, "work"),
    hooksDir: f.hooksDir,
    token: "",
    cloneUrl: f.url,
    headRef,
    sideBranch,
    sideSha,
    author: { name: "xihe[bot]", email: "1+xihe[bot]@users.noreply.github.com" },
    now: () => new Date("2026-12-02T12:00:00Z"),
    store: { addAudit: async (e) => void audit.push(e) },
  });

  it("fast-forwards the PR branch to the fix, and a replayed step pushes nothing", async () => {
    const steps = new Map<string, Json>();
    const result = await autoApplyFix(contextFor(prHead, steps), input());
    expect(result).toEqual({ applied: true, why: because, before: prHead, after: sideSha });
    expect(await f.remoteSha(headRef)).toBe(sideSha);
    expect(audit).toMatchObject([{ action: "auto_apply", runId }]);
    // A person pushes on top; the resumed run replays its step and never touches the branch again.
    await f.git(["switch", "--quiet", "--detach", sideSha]);
    const later = await f.commit({ "README.md": "later\n" }, "later work");
    await f.git(["push", "--quiet", "origin", `${later}:refs/heads/${headRef}`]);
    expect(await autoApplyFix(contextFor(prHead, steps), input())).toEqual(result);
    expect(await f.remoteSha(headRef)).toBe(later);
    expect(audit).toHaveLength(1);
  });

  it("keeps the fix on its side branch and says why when the PR head moved since the run fixed it", async () => {
    const moved = await f.commit({ "README.md": "pushed during the run\n" }, "new work");
    await f.git(["push", "--quiet", "origin", `${moved}:refs/heads/${headRef}`]);
    const result = await autoApplyFix(contextFor(prHead, new Map()), input());
    expect(result.applied).toBe(false);
    expect(result.why).toContain(`head_moved: the fix was computed and verified on ${prHead}`);
    expect(result.why).toContain(`the PR head is now ${moved}`);
    expect(await f.remoteSha(headRef)).toBe(moved);
    expect(audit).toEqual([]);
  });

  it("does not push when the decision says no, and passes its reason on", async () => {
    const result = await autoApplyFix(contextFor(prHead, new Map()), {
      ...input(),
      decision: { apply: false, why: "the change's risk is medium" },
    });
    expect(result).toEqual({ applied: false, why: "the change's risk is medium", before: null, after: null });
    expect(await f.remoteSha(headRef)).toBe(prHead);
  });
});
