// `/xihe undo`: reverts exactly the commits a fix run brought into the PR head branch (found by their
// `Xihe-Run: <fix run id>` trailer), newest first, each with its own revert commit carrying
// `Xihe-Undo: <fix run id>`. Pushed as a fast-forward with a lease on the head: never a force-push,
// never touching a person's commits. A second undo (or a retry after a lost push result) finds the
// revert commits and does nothing.
import { assertBranchName } from "../workspace/git/git-ref.ts";
import { commitIdentityEnv, type GitIdentity } from "./commit-identity.ts";
import { deliveryGit, type DeliveryGit } from "./delivery-git.ts";
import { DeliveryRefusal } from "./delivery-refusal.ts";
import { remoteBranchSha } from "./push-side-branch.ts";
import { assertRemoteUrl } from "./remote-url.ts";
import { runIdsOf } from "./run-commit-message.ts";

export interface UndoFixInput {
  dir: string;
  hooksDir: string;
  token?: string;
  headRemoteUrl: string;
  headRef: string;
  fixRunId: string;
  undoRunId: string;
  author: GitIdentity;
  now: () => Date;
}

export type UndoFixResult =
  | { undone: true; before: string; after: string; reverted: { sha: string; revertSha: string }[] }
  | { undone: false; reason: "already_undone"; head: string };

/** How far back to look for the fix's commits: an applied fix is recent history. */
const searchDepth = 1000;

export async function undoFix(input: UndoFixInput): Promise<UndoFixResult> {
  const headRef = `refs/heads/${assertBranchName(input.headRef)}`;
  const url = assertRemoteUrl(input.headRemoteUrl);
  const git = deliveryGit({
    dir: input.dir,
    hooksDir: input.hooksDir,
    allowFileProtocol: url.startsWith("file:"),
    ...(input.token ? { token: input.token } : {}),
  });
  const current = await remoteBranchSha(git, url, headRef);
  if (current === null)
    throw new Error(`the PR head branch ${input.headRef} no longer exists; nothing was undone`);
  await git(["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", url, headRef]);
  const history = await commitsWithTrailers(git, current);
  if (history.some((c) => c.trailers.includes(`Xihe-Undo: ${input.fixRunId}`)))
    return { undone: false, reason: "already_undone", head: current };
  const applied = history.filter((c) => !c.isMerge && runIdsOf(c.message).includes(input.fixRunId));
  if (applied.length === 0)
    throw new DeliveryRefusal(
      "nothing_to_undo",
      `nothing_to_undo: no commit of Xihe run ${input.fixRunId} is on ${input.headRef} (searched the last ${searchDepth} commits); nothing was changed.`,
    );

  await git(["checkout", "--quiet", "--force", "--detach", current, "--"]);
  const reverted: { sha: string; revertSha: string }[] = [];
  for (const commit of applied) {
    // `applied` is newest first (git log order), the order that reverts cleanly.
    try {
      await git(["revert", "--no-commit", commit.sha]);
    } catch (err) {
      await git(["revert", "--abort"]).catch(() => undefined);
      throw new DeliveryRefusal(
        "revert_conflict",
        `revert_conflict: reverting ${commit.sha} conflicts with later commits on ${input.headRef}; nothing was pushed. Revert it by hand (git revert ${commit.sha}). (${err instanceof Error ? err.message : String(err)})`,
      );
    }
    const message = `Revert "${commit.subject}"\n\nThis reverts commit ${commit.sha}.\n\nXihe-Run: ${input.undoRunId}\nXihe-Undo: ${input.fixRunId}`;
    await git(
      ["-c", "commit.gpgsign=false", "commit", "--quiet", "--no-verify", "--allow-empty", "-m", message],
      commitIdentityEnv(input.author, input.now()),
    );
    reverted.push({ sha: commit.sha, revertSha: await git(["rev-parse", "HEAD"]) });
  }
  const after = reverted[reverted.length - 1]?.revertSha ?? current;
  await git([
    "push",
    "--quiet",
    "--no-verify",
    `--force-with-lease=${headRef}:${current}`,
    url,
    `${after}:${headRef}`,
  ]);
  return { undone: true, before: current, after, reverted };
}

async function commitsWithTrailers(
  git: DeliveryGit,
  head: string,
): Promise<{ sha: string; subject: string; message: string; trailers: string[]; isMerge: boolean }[]> {
  const out = await git(["log", `--max-count=${searchDepth}`, "--format=%H %P%x00%s%x00%B%x1e", head, "--"]);
  return out
    .split("\x1e")
    .map((record) => record.replace(/^\n/, ""))
    .filter((record) => record !== "")
    .map((record) => {
      const [ids = "", subject = "", message = ""] = record.split("\0");
      const [sha = "", ...parents] = ids.split(" ").filter(Boolean);
      return {
        sha,
        subject,
        message,
        trailers: message.split("\n").map((l) => l.trim()),
        isMerge: parents.length > 1,
      };
    });
}
