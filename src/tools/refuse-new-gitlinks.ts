// A gitlink (mode 160000) in the index that HEAD does not have, at that path with that commit, can
// only come from a nested repository a sandboxed command planted: git add records one for any
// directory with a .git. Committing it would carry PR-planted state into the fix, and any git that
// later descends into it runs that repository's config (threat model A39). Every commit passes this
// check, so HEAD only ever holds the gitlinks the pull request had at its head.
import { XiheError } from "../errors.ts";

export class NewGitlinkError extends XiheError {
  readonly code = "new_gitlink";
}

type Git = (args: readonly string[]) => Promise<string>;

const gitlink = /^160000 ([0-9a-f]+) 0\t(.+)$/;
const treeGitlink = /^160000 commit ([0-9a-f]+)\t(.+)$/;

function gitlinks(listing: string, pattern: RegExp): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of listing.split("\0")) {
    const match = pattern.exec(line);
    if (match) found.set(match[2]!, match[1]!);
  }
  return found;
}

/** Throws NewGitlinkError, after unstaging them, if the index has gitlinks HEAD lacks. */
export async function refuseNewGitlinks(git: Git): Promise<void> {
  const staged = gitlinks(await git(["ls-files", "--stage", "-z"]), gitlink);
  if (staged.size === 0) return;
  const atHead = gitlinks(await git(["ls-tree", "-r", "-z", "HEAD"]), treeGitlink);
  const added = [...staged].filter(([path, sha]) => atHead.get(path) !== sha).map(([path]) => path);
  if (added.length === 0) return;
  await git(["reset", "--quiet", "HEAD", "--", ...added]);
  throw new NewGitlinkError(
    `refusing to commit: ${added.join(", ")} ${added.length === 1 ? "is a nested repository" : "are nested repositories"} ` +
      "(gitlink, mode 160000) that the pull request did not have at its head; a command in the sandbox " +
      "created it. Nothing was committed: remove the nested .git, or add its files as ordinary files.",
  );
}
