// A newer head made an older suggestion review outdated: one reply on its first comment says so and
// links the newer review. History stays: nothing is deleted or edited.
import type { GitHubClient } from "../../github/github-client.ts";
import { splitRepo } from "../../github/github-client.ts";
import { codeSpan, linkTarget } from "../../delivery/markdown-text.ts";
import type { Store } from "../../store/store.ts";
import {
  isMarkedOutdated,
  markOutdated,
  type SuggestReviewRecord,
} from "../../delivery/suggest/suggest-review-record.ts";

export async function replyOutdated(
  octokit: GitHubClient,
  store: Pick<Store, "addAudit" | "listAudit">,
  now: () => Date,
  r: { repo: string; pr: number; old: SuggestReviewRecord; newHead: string; newUrl: string | null },
): Promise<boolean> {
  const commentId = r.old.suggestions.find((s) => s.commentId !== null)?.commentId;
  if (commentId === undefined || commentId === null) return false;
  if (await isMarkedOutdated(store, r.repo, r.old.key)) return false;
  const newer = r.newUrl ? ` See [the newer review](${linkTarget(r.newUrl)}).` : "";
  await octokit.rest.pulls.createReplyForReviewComment({
    ...splitRepo(r.repo),
    pull_number: r.pr,
    comment_id: commentId,
    body: `Outdated: these suggestions were made for ${codeSpan(r.old.headSha.slice(0, 12))}; the pull request's head is now ${codeSpan(r.newHead.slice(0, 12))}.${newer}`,
  });
  await markOutdated(store, now().toISOString(), r.repo, r.old.key);
  return true;
}
