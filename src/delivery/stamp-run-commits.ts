// The loop commits in the workspace as "xihe" with a `Xihe-Run` trailer. Before delivery each commit
// of base..head is rewritten with the same tree and dates, authored by the App and carrying
// `Co-authored-by:` the requester. Same input, same SHAs: a resumed run re-stamps to the commit it
// already pushed, so the push is recognised as done (threat model A34). Only linear history is accepted.
import { assertCommitSha } from "../workspace/git/git-ref.ts";
import type { DeliveryGit } from "./delivery-git.ts";
import { withRunTrailers, type CoAuthor } from "./run-commit-message.ts";

export interface StampInput {
  base: string;
  head: string;
  runId: string;
  /** The App's git identity, e.g. { name: "xihe[bot]", email: "<bot user id>+xihe[bot]@users.noreply.github.com" }. */
  author: { name: string; email: string };
  coAuthor?: CoAuthor;
}

export type StampResult = { head: string; commits: { from: string; to: string }[] };

export async function stampRunCommits(git: DeliveryGit, input: StampInput): Promise<StampResult> {
  const base = assertCommitSha(input.base);
  const head = assertCommitSha(input.head);
  const list = await git(["rev-list", "--reverse", "--topo-order", "--parents", `${base}..${head}`, "--"]);
  let parent = base;
  const commits: { from: string; to: string }[] = [];
  for (const line of list.split("\n").filter((l) => l !== "")) {
    const [sha, ...parents] = line.split(" ");
    if (sha === undefined || parents.length !== 1)
      throw new Error(
        `stampRunCommits needs linear history in ${base}..${head}; ${sha} has ${parents.length} parents`,
      );
    const [tree = "", authorDate = "", committerDate = ""] = (
      await git(["show", "-s", "--format=%T%n%aI%n%cI", sha, "--"])
    ).split("\n");
    const message = withRunTrailers(
      await git(["show", "-s", "--format=%B", sha, "--"]),
      input.runId,
      input.coAuthor,
    );
    const env = {
      GIT_AUTHOR_NAME: input.author.name,
      GIT_AUTHOR_EMAIL: input.author.email,
      GIT_AUTHOR_DATE: authorDate,
      GIT_COMMITTER_NAME: input.author.name,
      GIT_COMMITTER_EMAIL: input.author.email,
      GIT_COMMITTER_DATE: committerDate,
    };
    parent = await git(
      ["-c", "commit.gpgsign=false", "commit-tree", tree, "-p", parent, "-m", message.trimEnd()],
      env,
    );
    commits.push({ from: sha, to: parent });
  }
  return { head: parent, commits };
}
