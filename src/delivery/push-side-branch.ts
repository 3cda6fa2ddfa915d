// Pushes a run's commit to its side branch exactly once. Before pushing it asks the remote: if the
// branch already points at this SHA, a crashed attempt already pushed and this is a no-op (threat model
// A34). A branch whose tip is not a commit of this run was not made by Xihe: never overwritten.
// The push carries an expected-old-SHA lease, so a concurrent change makes it fail, not clobber.
// The diff is scanned here, not by the caller, so no path can push workflow files or secrets.
import { assertCommitSha } from "../workspace/git/git-ref.ts";
import { deliveryGit } from "./delivery-git.ts";
import { DeliveryRefusal } from "./delivery-refusal.ts";
import { runIdsOf } from "./run-commit-message.ts";
import { checkDiffBeforePush } from "./scan-diff.ts";
import { assertSafeBranchName } from "./side-branch-name.ts";
import { assertRemoteUrl } from "./remote-url.ts";

export interface PushSideBranchInput {
  /** A clone that has `sha`. */
  dir: string;
  /** https://github.com/owner/repo.git (no credentials in it), or file:// in tests. */
  remoteUrl: string;
  branch: string;
  sha: string;
  /** The PR head the fix was built on: `baseSha..sha` is scanned (A22/A23) before any push. */
  baseSha: string;
  runId: string;
  hooksDir: string;
  token?: string;
}

export type PushSideBranchResult =
  | { pushed: true; branch: string; sha: string; previousSha: string | null }
  | { pushed: false; reason: "already_pushed"; branch: string; sha: string };

export async function pushSideBranch(input: PushSideBranchInput): Promise<PushSideBranchResult> {
  const branch = assertSafeBranchName(input.branch);
  if (!branch.startsWith("xihe/"))
    throw new DeliveryRefusal(
      "branch_not_ours",
      `branch_not_ours: Xihe only pushes to xihe/ branches, not ${branch}`,
    );
  const sha = assertCommitSha(input.sha);
  const url = assertRemoteUrl(input.remoteUrl);
  const git = deliveryGit({
    dir: input.dir,
    hooksDir: input.hooksDir,
    allowFileProtocol: url.startsWith("file:"),
    ...(input.token ? { token: input.token } : {}),
  });
  if (!runIdsOf(await git(["log", "-1", "--format=%B", sha, "--"])).includes(input.runId))
    throw new DeliveryRefusal(
      "branch_not_ours",
      `branch_not_ours: commit ${sha} has no "Xihe-Run: ${input.runId}" trailer, so a retry could not recognise it; commit with runCommitMessage() or stampRunCommits() first`,
    );
  await checkDiffBeforePush(git, { base: assertCommitSha(input.baseSha), head: sha });
  const ref = `refs/heads/${branch}`;
  const remoteSha = await remoteBranchSha(git, url, ref);
  if (remoteSha === sha) return { pushed: false, reason: "already_pushed", branch, sha };
  if (remoteSha !== null) {
    await git(["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", url, ref]);
    if (!runIdsOf(await git(["log", "-1", "--format=%B", remoteSha, "--"])).includes(input.runId))
      throw new DeliveryRefusal(
        "branch_not_ours",
        `branch_not_ours: ${branch} already exists at ${remoteSha} and that commit is not from Xihe run ${input.runId}; Xihe never force-pushes a branch it did not create. Delete or rename that branch and run again.`,
      );
  }
  await git([
    "push",
    "--quiet",
    "--no-verify",
    `--force-with-lease=${ref}:${remoteSha ?? ""}`,
    url,
    `${sha}:${ref}`,
  ]);
  return { pushed: true, branch, sha, previousSha: remoteSha };
}

export async function remoteBranchSha(
  git: (args: readonly string[]) => Promise<string>,
  url: string,
  ref: string,
): Promise<string | null> {
  const out = await git(["ls-remote", "--heads", url, ref]);
  const line = out.split("\n").find((l) => l.endsWith(`\t${ref}`));
  return line ? (line.split("\t")[0] ?? null) : null;
}
