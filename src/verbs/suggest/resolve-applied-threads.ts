// Marks the review threads of committed suggestions resolved (GraphQL `resolveReviewThread`; REST
// has no way to). When GitHub refuses (no permission, GHES without it), a reply on the comment says
// it was applied instead. Threads are found by their first comment's database id.
import { z } from "zod";
import type { GitHubClient } from "../../github/github-client.ts";
import { splitRepo } from "../../github/github-client.ts";
import { codeSpan } from "../../delivery/markdown-text.ts";
import type { Logger } from "../../logger.ts";

const threadsQuery = `query($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      reviewThreads(first: 100, after: $after) {
        nodes { id isResolved comments(first: 1) { nodes { databaseId } } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
}`;

const threadsReply = z.object({
  repository: z.object({
    pullRequest: z.object({
      reviewThreads: z.object({
        nodes: z.array(
          z.object({
            id: z.string(),
            isResolved: z.boolean(),
            comments: z.object({ nodes: z.array(z.object({ databaseId: z.number().nullable() })) }),
          }),
        ),
        pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
      }),
    }),
  }),
});

const resolveMutation = `mutation($threadId: ID!) {
  resolveReviewThread(input: { threadId: $threadId }) { thread { id isResolved } }
}`;

export const resolvedThreads = z.object({ resolved: z.array(z.number()), replied: z.array(z.number()) });

export async function resolveAppliedThreads(
  octokit: GitHubClient,
  r: { repo: string; pr: number; commentIds: readonly number[]; headSha: string },
  log: Pick<Logger, "warn">,
): Promise<z.infer<typeof resolvedThreads>> {
  const out = { resolved: [] as number[], replied: [] as number[] };
  if (r.commentIds.length === 0) return out;
  const threads = await listThreads(octokit, r.repo, r.pr);
  for (const commentId of r.commentIds) {
    const thread = threads.find((t) => t.comments.nodes[0]?.databaseId === commentId);
    if (thread?.isResolved) {
      out.resolved.push(commentId);
      continue;
    }
    try {
      if (!thread) throw new Error("no review thread starts with this comment");
      await octokit.graphql(resolveMutation, { threadId: thread.id });
      out.resolved.push(commentId);
    } catch (err) {
      // Degrade on purpose: the reader still learns the suggestion was committed.
      log.warn({ err, commentId }, "could not resolve the review thread; replying instead");
      await octokit.rest.pulls.createReplyForReviewComment({
        ...splitRepo(r.repo),
        pull_number: r.pr,
        comment_id: commentId,
        body: `Applied in ${codeSpan(r.headSha.slice(0, 12))}; Xihe re-ran the failing commands on it.`,
      });
      out.replied.push(commentId);
    }
  }
  return out;
}

async function listThreads(octokit: GitHubClient, repo: string, pr: number) {
  const { owner, repo: name } = splitRepo(repo);
  const all = [];
  let after: string | null = null;
  for (let page = 0; page < 10; page++) {
    const reply = threadsReply.parse(await octokit.graphql(threadsQuery, { owner, name, number: pr, after }));
    const threads = reply.repository.pullRequest.reviewThreads;
    all.push(...threads.nodes);
    if (!threads.pageInfo.hasNextPage) break;
    after = threads.pageInfo.endCursor;
  }
  return all;
}
