// Deletes the side branches (`xihe/fix/<pr>-*`) of merged or closed pull requests with
// `git push --delete`, each with a lease on the SHA just read, so a branch someone pushed to
// meanwhile survives. Only branches whose tip is a Xihe commit (a `Xihe-Run` trailer) are deleted.
import { assertPullNumber } from "../workspace/git/git-ref.ts";
import { deliveryGit } from "./delivery-git.ts";
import { assertRemoteUrl } from "./remote-url.ts";
import { runIdsOf } from "./run-commit-message.ts";

export interface CleanupInput {
  /** Any local repository (e.g. the mirror or a fresh `git init`): git needs one to fetch into. */
  dir: string;
  hooksDir: string;
  token?: string;
  remoteUrl: string;
  /** Pull requests that are merged or closed; their side branches are no longer needed. */
  closedPullNumbers: readonly number[];
}

export interface CleanupResult {
  deleted: { branch: string; sha: string }[];
  kept: { branch: string; reason: string }[];
}

export async function cleanupSideBranches(input: CleanupInput): Promise<CleanupResult> {
  const url = assertRemoteUrl(input.remoteUrl);
  const closed = new Set(input.closedPullNumbers.map(assertPullNumber));
  const git = deliveryGit({
    dir: input.dir,
    hooksDir: input.hooksDir,
    allowFileProtocol: url.startsWith("file:"),
    ...(input.token ? { token: input.token } : {}),
  });
  const listing = await git(["ls-remote", "--heads", url, "refs/heads/xihe/fix/*"]);
  const result: CleanupResult = { deleted: [], kept: [] };
  for (const line of listing.split("\n").filter(Boolean)) {
    const [sha = "", ref = ""] = line.split("\t");
    const branch = ref.replace(/^refs\/heads\//, "");
    const pr = /^xihe\/fix\/(\d+)-[a-z0-9]+$/.exec(branch)?.[1];
    if (pr === undefined || !closed.has(Number(pr))) continue;
    await git(["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", url, ref]);
    if (runIdsOf(await git(["log", "-1", "--format=%B", sha, "--"])).length === 0) {
      result.kept.push({ branch, reason: "its tip is not a Xihe commit, so a person may be using it" });
      continue;
    }
    await git(["push", "--quiet", "--no-verify", `--force-with-lease=${ref}:${sha}`, url, `:${ref}`]);
    result.deleted.push({ branch, sha });
  }
  return result;
}
