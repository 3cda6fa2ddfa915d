// Pushes an upgrade group's branch (`xihe/deps/<group>`). The branch is Xihe's to rewrite on every
// run (a newer version, a moved base), but only while every commit on it beyond the default branch is
// Xihe's: committed by the App with a `Xihe-Run` trailer. A commit of anyone else means a person took
// the branch over, and it is left alone. Same tree on the same base: nothing to push. The push
// carries an expected-old-SHA lease, so a push that races ours makes ours fail, not clobber.
import { deliveryGit, gitSucceeds } from "../../delivery/delivery-git.ts";
import { DeliveryRefusal } from "../../delivery/delivery-refusal.ts";
import { remoteBranchSha } from "../../delivery/push-side-branch.ts";
import { assertRemoteUrl } from "../../delivery/remote-url.ts";
import { runIdsOf } from "../../delivery/run-commit-message.ts";
import { checkDiffBeforePush } from "../../delivery/scan-diff.ts";
import { assertSafeBranchName } from "../../delivery/side-branch-name.ts";
import { assertCommitSha } from "../../workspace/git/git-ref.ts";

export interface PushUpgradeInput {
  dir: string;
  remoteUrl: string;
  branch: string;
  /** The stamped head of the group's branch. */
  sha: string;
  /** The default branch's commit the group was built on. */
  baseSha: string;
  /** The App's commit e-mail: commits by anyone else mark the branch as taken over. */
  botEmail: string;
  hooksDir: string;
  token?: string;
}

export type PushUpgradeResult =
  | { pushed: true; previousSha: string | null }
  | { pushed: false; reason: "up_to_date"; remoteSha: string }
  | { pushed: false; reason: "taken_over"; remoteSha: string; foreign: string[] };

export async function pushUpgradeBranch(input: PushUpgradeInput): Promise<PushUpgradeResult> {
  const branch = assertSafeBranchName(input.branch);
  if (!branch.startsWith("xihe/deps/"))
    throw new DeliveryRefusal(
      "branch_not_ours",
      `branch_not_ours: upgrades push only to xihe/deps/, not ${branch}`,
    );
  const sha = assertCommitSha(input.sha);
  const base = assertCommitSha(input.baseSha);
  const url = assertRemoteUrl(input.remoteUrl);
  const git = deliveryGit({
    dir: input.dir,
    hooksDir: input.hooksDir,
    allowFileProtocol: url.startsWith("file:"),
    ...(input.token ? { token: input.token } : {}),
  });
  await checkDiffBeforePush(git, { base, head: sha });
  const ref = `refs/heads/${branch}`;
  const remote = await fetchUpgradeBranch(git, { url, branch, baseSha: base, botEmail: input.botEmail });
  const remoteSha = remote?.sha ?? null;
  if (remote !== null) {
    const { foreign } = remote;
    if (foreign.length > 0) return { pushed: false, reason: "taken_over", remoteSha: remote.sha, foreign };
    const sameTree =
      (await git(["rev-parse", `${remoteSha}^{tree}`])) === (await git(["rev-parse", `${sha}^{tree}`]));
    if (sameTree && (await gitSucceeds(git, ["merge-base", "--is-ancestor", base, remote.sha])))
      return { pushed: false, reason: "up_to_date", remoteSha: remote.sha };
  }
  await git([
    "push",
    "--quiet",
    "--no-verify",
    `--force-with-lease=${ref}:${remoteSha ?? ""}`,
    url,
    `${sha}:${ref}`,
  ]);
  return { pushed: true, previousSha: remoteSha };
}

/**
 * The remote tip of an upgrade branch, fetched, and the commits on it beyond `baseSha` that Xihe did
 * not make (a person's); null when the branch does not exist.
 */
export async function fetchUpgradeBranch(
  git: (args: readonly string[]) => Promise<string>,
  o: { url: string; branch: string; baseSha: string; botEmail: string },
): Promise<{ sha: string; foreign: string[] } | null> {
  const ref = `refs/heads/${o.branch}`;
  const sha = await remoteBranchSha(git, o.url, ref);
  if (sha === null) return null;
  await git(["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", o.url, ref]);
  return { sha, foreign: await foreignCommits(git, sha, o.baseSha, o.botEmail) };
}

// The branch's own commits (not on the default branch) that Xihe did not make.
async function foreignCommits(
  git: (args: readonly string[]) => Promise<string>,
  remoteSha: string,
  base: string,
  botEmail: string,
): Promise<string[]> {
  const list = await git(["rev-list", remoteSha, "--not", base, "--"]);
  const foreign: string[] = [];
  for (const commit of list.split("\n").filter((l) => l !== "")) {
    const [email = "", ...message] = (await git(["show", "-s", "--format=%ce%n%B", commit, "--"])).split(
      "\n",
    );
    if (email !== botEmail || runIdsOf(message.join("\n")).length === 0) foreign.push(commit);
  }
  return foreign;
}
