// The commit a PR's diff is taken from, as GitHub computes it: the merge base of the PR head and its
// base branch. The workspace usually has the branch already (the mirror fetches every branch); if
// not, it is fetched into the workspace from origin with the run token.
import { assertBranchName } from "../../workspace/git/git-ref.ts";
import { runGit } from "../../workspace/git/run-git.ts";

export interface MergeBaseRequest {
  dir: string;
  baseRef: string;
  /** The remote's URL scheme decides whether file:// is allowed (tests, local mirrors). */
  cloneUrl: string;
  token: string;
  hooksDir: string;
}

export async function prMergeBase(r: MergeBaseRequest): Promise<string> {
  const branch = assertBranchName(r.baseRef);
  const tracking = `refs/remotes/origin/${branch}`;
  const git = { cwd: r.dir, emptyHooksDir: r.hooksDir, allowFileProtocol: r.cloneUrl.startsWith("file://") };
  const has = await runGit(["rev-parse", "--verify", "--quiet", `${tracking}^{commit}`], git).then(
    () => true,
    () => false, // absent is an answer: fetch it below
  );
  if (!has)
    await runGit(
      [
        "fetch",
        "--quiet",
        "--no-tags",
        "--no-recurse-submodules",
        "origin",
        `+refs/heads/${branch}:${tracking}`,
      ],
      { ...git, token: r.token },
    );
  return (await runGit(["merge-base", "HEAD", tracking], git)).trim();
}
