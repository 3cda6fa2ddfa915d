// /xihe apply and /xihe undo on a real bare repository: what lands on the PR branch, and what never does.
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyFix, type ApplyFixInput } from "../../src/delivery/apply-fix.ts";
import { DeliveryRefusal } from "../../src/delivery/delivery-refusal.ts";
import { pushSideBranch } from "../../src/delivery/push-side-branch.ts";
import { runCommitMessage } from "../../src/delivery/run-commit-message.ts";
import { sideBranchName } from "../../src/delivery/side-branch-name.ts";
import { undoFix, type UndoFixInput } from "../../src/delivery/undo-fix.ts";
import { createGitFixture, type GitFixture } from "./git-fixture.ts";

const fixRunId = "rfix0000001";
const applyRunId = "rapply00001";
// A legal git name outside the side-branch alphabet: PR branches are not renamed or refused.
const headRef = "feature/login#2+x";
const sideBranch = sideBranchName(12, fixRunId);
const author = { name: "xihe[bot]", email: "1+xihe[bot]@users.noreply.github.com" };
const now = () => new Date("2026-12-02T12:00:00Z");

describe("applyFix and undoFix", () => {
  let f: GitFixture;
  let ws: string;
  let prHead: string;
  beforeEach(async () => {
    f = await createGitFixture();
    await f.git(["switch", "--quiet", "-c", headRef]);
    prHead = await f.commit(
      { "src/login.js": "export const login = (u) => u.trim();\nexport const y = 1\n" },
      "add login",
    );
    await f.git(["push", "--quiet", "origin", headRef]);
    ws = join(f.root, "ws");
    await f.git(["clone", "--quiet", f.url, ws], f.root);
  });
  afterEach(() => f.cleanup());

  const semicolonFix = { "src/login.js": "export const login = (u) => u.trim();\nexport const y = 1;\n" };
  async function proposeFix(onto = prHead, files: Record<string, string> = semicolonFix): Promise<string> {
    await f.git(["switch", "--quiet", "--detach", onto]);
    await f.commit(files, runCommitMessage({ subject: "add the missing semicolon", runId: fixRunId }));
    const sha = await f.commit(
      { "src/extra.js": "export const z = 2;\n" },
      runCommitMessage({ subject: "add z", runId: fixRunId }),
    );
    await pushSideBranch({
      baseSha: f.initial,
      dir: f.work,
      remoteUrl: f.url,
      branch: sideBranch,
      sha,
      runId: fixRunId,
      hooksDir: f.hooksDir,
    });
    return sha;
  }
  const applyInput = (sideSha: string, over: Partial<ApplyFixInput> = {}): ApplyFixInput => ({
    dir: ws,
    hooksDir: f.hooksDir,
    headRemoteUrl: f.url,
    sideRemoteUrl: f.url,
    headRef,
    sideBranch,
    sideSha,
    fixBaseSha: prHead,
    approvedSha: prHead,
    fixRunId,
    applyRunId,
    author,
    now,
    ...over,
  });
  const undoInput = (over: Partial<UndoFixInput> = {}): UndoFixInput => ({
    dir: ws,
    hooksDir: f.hooksDir,
    headRemoteUrl: f.url,
    headRef,
    fixRunId,
    undoRunId: "rundo000001",
    author,
    now,
    ...over,
  });
  async function personPushes(files: Record<string, string>): Promise<string> {
    await f.git(["fetch", "--quiet", "origin"]);
    await f.git(["switch", "--quiet", "--force", "-C", headRef, `origin/${headRef}`]);
    const sha = await f.commit(files, "a person's commit");
    await f.git(["push", "--quiet", "origin", headRef]);
    return sha;
  }
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => (e instanceof DeliveryRefusal ? e : Promise.reject(e)),
    );
  // Read in the workspace clone, which has every commit apply/undo made.
  const fileAtHead = async (path: string) =>
    f.git(["show", `${await f.remoteSha(headRef)}:${path}`], ws).catch(() => null);

  it("fast-forwards the PR branch to the verified fix, once", async () => {
    const sideSha = await proposeFix();
    const out = await applyFix(applyInput(sideSha));
    expect(out).toMatchObject({ applied: true, method: "fast_forward", before: prHead, after: sideSha });
    if (out.applied) expect(out.commits).toHaveLength(2);
    expect(await f.remoteSha(headRef)).toBe(sideSha);
    expect(await applyFix(applyInput(sideSha))).toEqual({
      applied: false,
      reason: "already_applied",
      head: sideSha,
    });
  });

  it("a second apply after people pushed on top of the applied fix is a no-op, not head_moved", async () => {
    const sideSha = await proposeFix();
    await applyFix(applyInput(sideSha));
    const later = await personPushes({ "later.txt": "on top of the fix\n" });
    expect(await applyFix(applyInput(sideSha))).toEqual({
      applied: false,
      reason: "already_applied",
      head: later,
    });
  });

  it("A09: aborts with head_moved_since_approval, naming both SHAs, when the head moves after the approval", async () => {
    const sideSha = await proposeFix();
    const pushed = await personPushes({ "late.txt": "pushed after the approval\n" });
    const err = await refusal(applyFix(applyInput(sideSha)));
    expect(err?.code).toBe("head_moved_since_approval");
    expect(err?.message).toContain(prHead);
    expect(err?.message).toContain(pushed);
    expect(await f.remoteSha(headRef)).toBe(pushed);
  });

  it("refuses with head_moved, naming both SHAs, when the fix was computed on an older head", async () => {
    const sideSha = await proposeFix();
    const pushed = await personPushes({ "more.txt": "new work\n" });
    const err = await refusal(applyFix(applyInput(sideSha, { approvedSha: pushed })));
    expect(err?.code).toBe("head_moved");
    expect(err?.message).toContain(`computed and verified on ${prHead}`);
    expect(err?.message).toContain(`now ${pushed}`);
    expect(await f.remoteSha(headRef)).toBe(pushed);
  });

  it("makes a merge commit when the side branch does not descend from the head", async () => {
    const sideSha = await proposeFix(`${prHead}~1`, { "docs/z.md": "z\n" });
    const out = await applyFix(applyInput(sideSha));
    expect(out).toMatchObject({ applied: true, method: "merge", before: prHead });
    const tip = await f.remoteSha(headRef);
    expect(await f.git(["show", "-s", "--format=%P", tip!], ws)).toBe(`${prHead} ${sideSha}`);
    expect(await f.git(["show", "-s", "--format=%an", tip!], ws)).toBe("xihe[bot]");
    expect(await applyFix(applyInput(sideSha))).toEqual({
      applied: false,
      reason: "already_applied",
      head: tip,
    });
  });

  it("refuses merge_conflict and pushes nothing when the side branch does not merge into the head", async () => {
    const sideSha = await proposeFix(`${prHead}~1`);
    const err = await refusal(applyFix(applyInput(sideSha)));
    expect(err?.code).toBe("merge_conflict");
    expect(await f.remoteSha(headRef)).toBe(prHead);
  });

  it("undo reverts exactly the fix's commits with new commits, keeps a person's later commit, and runs once", async () => {
    const sideSha = await proposeFix();
    await applyFix(applyInput(sideSha));
    const human = await personPushes({ "notes.md": "kept\n" });
    const out = await undoFix(undoInput());
    if (!out.undone) throw new Error("expected an undo");
    expect(out.before).toBe(human);
    // Newest first, exactly the two commits of the fix run.
    expect(out.reverted.map((r) => r.sha)).toEqual([sideSha, await f.git(["rev-parse", `${sideSha}~1`])]);
    const tip = (await f.remoteSha(headRef))!;
    expect(tip).toBe(out.after);
    // Never a force-push: the old tip is still in the new history.
    await f.git(["merge-base", "--is-ancestor", human, tip], ws);
    expect(await fileAtHead("src/login.js")).toBe(
      "export const login = (u) => u.trim();\nexport const y = 1",
    );
    expect(await fileAtHead("src/extra.js")).toBeNull();
    expect(await fileAtHead("notes.md")).toBe("kept");
    expect(await f.git(["log", "-1", "--format=%B", tip], ws)).toContain(`Xihe-Undo: ${fixRunId}`);
    expect(await undoFix(undoInput())).toEqual({ undone: false, reason: "already_undone", head: tip });
  });

  it("undo refuses nothing_to_undo when no commit of the run is on the branch", async () => {
    await proposeFix();
    const err = await refusal(undoFix(undoInput()));
    expect(err?.code).toBe("nothing_to_undo");
    expect(await f.remoteSha(headRef)).toBe(prHead);
  });

  it("undo refuses revert_conflict and pushes nothing when a person changed the same lines", async () => {
    const sideSha = await proposeFix();
    await applyFix(applyInput(sideSha));
    const human = await personPushes({
      "src/login.js": "export const login = (u) => u.trim().toLowerCase();\nexport const y = 2;\n",
    });
    const err = await refusal(undoFix(undoInput()));
    expect(err?.code).toBe("revert_conflict");
    expect(await f.remoteSha(headRef)).toBe(human);
  });
});
