// After `/xihe undo` (or when the PR it targets is closed) the fix PR has no purpose: close it with
// a short note. Closing an already-closed PR is a no-op, so a retried step changes nothing.
import { repoRefOf, type PullRequestPort } from "./pull-request-port.ts";

export type CloseFixPullRequestResult =
  { closed: true; number: number } | { closed: false; number: number; state: string };

export async function closeFixPullRequest(
  octokit: PullRequestPort,
  input: { repo: string; number: number; note: string },
): Promise<CloseFixPullRequestResult> {
  const ref = repoRefOf(input.repo);
  const { data } = await octokit.rest.pulls.get({ ...ref, pull_number: input.number });
  if (data.state !== "open")
    return { closed: false, number: input.number, state: data.merged ? "merged" : data.state };
  await octokit.rest.issues.createComment({
    ...ref,
    issue_number: input.number,
    body: input.note.slice(0, 2000),
  });
  await octokit.rest.pulls.update({ ...ref, pull_number: input.number, state: "closed" });
  return { closed: true, number: input.number };
}
