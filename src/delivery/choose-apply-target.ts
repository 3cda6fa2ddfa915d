// Where `/xihe apply` may push. Same-repo PR: the base repository. Fork PR: only when the
// contributor allowed maintainer edits AND the repository's config opts in (`fix.allow_fork_push`);
// otherwise the fix stays on the side branch in the base repository (compare link and patch) and
// nothing is ever pushed to the fork.
export type ApplyTarget =
  | { allowed: true; headRemoteUrl: string }
  | { allowed: false; reason: "fork_push_not_allowed"; message: string };

export function chooseApplyTarget(
  pr: { isFork: boolean; maintainerCanModify: boolean; headCloneUrl: string; baseCloneUrl: string },
  config: { allowForkPush: boolean },
): ApplyTarget {
  if (!pr.isFork) return { allowed: true, headRemoteUrl: pr.baseCloneUrl };
  if (pr.maintainerCanModify && config.allowForkPush)
    return { allowed: true, headRemoteUrl: pr.headCloneUrl };
  const why = !pr.maintainerCanModify
    ? "this pull request does not allow edits from maintainers"
    : "`fix.allow_fork_push` is off in .github/xihe.yml";
  return {
    allowed: false,
    reason: "fork_push_not_allowed",
    message: `Xihe does not push to the fork because ${why}. The fix stays on its side branch in this repository: use the compare link or the patch in the fix comment.`,
  };
}
