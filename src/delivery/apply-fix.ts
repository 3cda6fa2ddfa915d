// `/xihe apply`: brings a fix's side branch into the PR head branch. It works only on the head the
// person approved (threat model A09: else `head_moved_since_approval`) and only if that is the head the
// fix was computed and verified on (else `head_moved`): both messages name both SHAs. Fast-forward
// when the side branch descends from the head, else a merge commit; pushed with a lease on the head,
// never forced. A retry after a push whose result was lost finds the push done and does nothing.
import { assertBranchName, assertCommitSha } from "../workspace/git/git-ref.ts";
import { commitIdentityEnv, type GitIdentity } from "./commit-identity.ts";
import { deliveryGit, gitSucceeds } from "./delivery-git.ts";
import { DeliveryRefusal } from "./delivery-refusal.ts";
import { remoteBranchSha } from "./push-side-branch.ts";
import { assertRemoteUrl } from "./remote-url.ts";
import { assertSafeBranchName } from "./side-branch-name.ts";

export interface ApplyFixInput {
  /** A clone (the run's workspace); its worktree is used for a merge commit. */
  dir: string;
  hooksDir: string;
  token?: string;
  /** Where the PR head branch lives (the fork for a fork PR) and where the side branch lives. */
  headRemoteUrl: string;
  sideRemoteUrl: string;
  headRef: string;
  sideBranch: string;
  /** The side branch tip the fix run pushed (recorded by its push step). */
  sideSha: string;
  /** The PR head the fix was computed and verified on. */
  fixBaseSha: string;
  /**
   * The PR head when the person commented `/xihe apply`; absent for `fix.auto_apply_low_risk`, whose
   * approval is the fix run itself, so only the head it fixed (fixBaseSha) is the lease.
   */
  approvedSha?: string;
  fixRunId: string;
  applyRunId: string;
  author: GitIdentity;
  now: () => Date;
}

export type ApplyFixResult =
  | { applied: true; method: "fast_forward" | "merge"; before: string; after: string; commits: string[] }
  | { applied: false; reason: "already_applied"; head: string };

export async function applyFix(input: ApplyFixInput): Promise<ApplyFixResult> {
  // The PR's own branch may use any name git accepts (`fix#12+x`); it only travels as one argv item.
  const headRef = `refs/heads/${assertBranchName(input.headRef)}`;
  const sideRef = `refs/heads/${assertSafeBranchName(input.sideBranch)}`;
  const sideSha = assertCommitSha(input.sideSha);
  const fixBase = assertCommitSha(input.fixBaseSha);
  const approved = input.approvedSha === undefined ? null : assertCommitSha(input.approvedSha);
  const headUrl = assertRemoteUrl(input.headRemoteUrl);
  const sideUrl = assertRemoteUrl(input.sideRemoteUrl);
  const git = deliveryGit({
    dir: input.dir,
    hooksDir: input.hooksDir,
    allowFileProtocol: [headUrl, sideUrl].some((u) => u.startsWith("file:")),
    ...(input.token ? { token: input.token } : {}),
  });

  const current = await remoteBranchSha(git, headUrl, headRef);
  if (current === null)
    throw new Error(`the PR head branch ${input.headRef} no longer exists; nothing was applied`);
  await git(["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", headUrl, headRef]);
  // The fix is in the head's history (our fast-forward or merge, possibly with later commits on
  // top): a retry after a push whose result was lost, or a second `/xihe apply`.
  if (current === sideSha || (await gitSucceeds(git, ["merge-base", "--is-ancestor", sideSha, current])))
    return { applied: false, reason: "already_applied", head: current };
  if (approved !== null && current !== approved)
    throw new DeliveryRefusal(
      "head_moved_since_approval",
      `head_moved_since_approval: /xihe apply was approved on ${approved}, but the PR head is now ${current}. Nothing was pushed; review the new commits and comment /xihe apply again.`,
    );
  if (current !== fixBase)
    throw new DeliveryRefusal(
      "head_moved",
      `head_moved: the fix was computed and verified on ${fixBase}, but the PR head is now ${current}. Nothing was pushed; comment /xihe fix to compute a fix for the new head.`,
    );
  const remoteSide = await remoteBranchSha(git, sideUrl, sideRef);
  if (remoteSide !== sideSha)
    throw new Error(
      `side branch ${input.sideBranch} is at ${remoteSide ?? "nothing"}, not the verified fix ${sideSha}; nothing was applied`,
    );
  await git(["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", sideUrl, sideRef]);
  const commits = (await git(["rev-list", "--reverse", `${current}..${sideSha}`, "--"]))
    .split("\n")
    .filter(Boolean);

  let after = sideSha;
  let method: "fast_forward" | "merge" = "fast_forward";
  if (!(await gitSucceeds(git, ["merge-base", "--is-ancestor", current, sideSha]))) {
    method = "merge";
    after = await mergeCommit(git, { current, sideSha, input });
  }
  await git([
    "push",
    "--quiet",
    "--no-verify",
    `--force-with-lease=${headRef}:${current}`,
    headUrl,
    `${after}:${headRef}`,
  ]);
  return { applied: true, method, before: current, after, commits };
}

async function mergeCommit(
  git: ReturnType<typeof deliveryGit>,
  o: { current: string; sideSha: string; input: ApplyFixInput },
): Promise<string> {
  const env = commitIdentityEnv(o.input.author, o.input.now());
  await git(["checkout", "--quiet", "--force", "--detach", o.current, "--"]);
  const message = `Merge Xihe fix ${o.input.sideBranch} into ${o.input.headRef}\n\nXihe-Run: ${o.input.fixRunId}\nXihe-Apply: ${o.input.applyRunId}`;
  try {
    await git(
      ["-c", "commit.gpgsign=false", "merge", "--quiet", "--no-ff", "--no-edit", "-m", message, o.sideSha],
      env,
    );
  } catch (err) {
    await git(["merge", "--abort"]).catch(() => undefined);
    throw new DeliveryRefusal(
      "merge_conflict",
      `merge_conflict: the fix does not merge cleanly into ${o.current}; nothing was pushed. Comment /xihe fix to compute a fix for the current head. (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  return git(["rev-parse", "HEAD"]);
}
