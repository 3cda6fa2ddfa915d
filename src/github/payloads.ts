// The webhook fields Xihe reads, parsed with zod rather than trusted from Probot's types: a payload
// missing one of them is logged and ignored instead of crashing a handler.
import { z } from "zod";

const user = z.object({ login: z.string(), type: z.string().default("User") });
const repository = z.object({
  name: z.string(),
  full_name: z.string(),
  owner: z.object({ login: z.string() }),
  default_branch: z.string(),
  clone_url: z.string().optional(),
  html_url: z.string().optional(),
});
export type RepositoryPayload = z.infer<typeof repository>;
const installation = z.object({ id: z.number() }).optional();

export const issueCommentPayload = z.object({
  action: z.string(),
  comment: z.object({
    id: z.number(),
    body: z.string().nullable().default(""),
    user,
    html_url: z.string().optional(),
  }),
  issue: z.object({
    number: z.number(),
    state: z.string().optional(),
    pull_request: z.object({ url: z.string().optional() }).optional().nullable(),
  }),
  repository,
  sender: user,
  installation,
});
export type IssueCommentPayload = z.infer<typeof issueCommentPayload>;

export const pullRequestLabeledPayload = z.object({
  action: z.literal("labeled"),
  label: z.object({ name: z.string() }).optional(),
  pull_request: z.object({
    number: z.number(),
    state: z.string(),
    head: z.object({
      sha: z.string(),
      ref: z.string(),
      repo: z.object({ full_name: z.string() }).nullable(),
    }),
  }),
  repository,
  sender: user,
  installation,
});

const prRef = z.object({
  number: z.number(),
  head: z.object({ sha: z.string(), ref: z.string().default("") }),
});

export const checkRunCompletedPayload = z.object({
  action: z.literal("completed"),
  check_run: z.object({
    id: z.number(),
    name: z.string(),
    head_sha: z.string(),
    conclusion: z.string().nullable(),
    app: z.object({ id: z.number(), slug: z.string().optional() }).nullable().optional(),
    pull_requests: z.array(prRef).default([]),
  }),
  repository,
  sender: user,
  installation,
});

export const workflowRunCompletedPayload = z.object({
  action: z.literal("completed"),
  workflow_run: z.object({
    id: z.number(),
    name: z.string().nullable().optional(),
    head_sha: z.string(),
    conclusion: z.string().nullable(),
    // GitHub's schema allows null entries here; they name no PR, so they are dropped.
    pull_requests: z
      .array(prRef.nullable())
      .default([])
      .transform((prs) => prs.filter((pr) => pr !== null)),
  }),
  repository,
  sender: user,
  installation,
});

export const pullRequestPayload = z.object({
  number: z.number(),
  state: z.string(),
  draft: z.boolean().optional(),
  maintainer_can_modify: z.boolean().optional().default(false),
  html_url: z.string().optional(),
  head: z.object({
    sha: z.string(),
    ref: z.string(),
    repo: z.object({ full_name: z.string(), clone_url: z.string().optional() }).nullable(),
  }),
  base: z.object({
    ref: z.string(),
    repo: z.object({ full_name: z.string(), clone_url: z.string().optional() }),
  }),
  user: z.object({ login: z.string() }),
});
export type PullRequest = z.infer<typeof pullRequestPayload>;

export function isBot(u: { login: string; type: string }): boolean {
  return u.type === "Bot" || u.login.endsWith("[bot]");
}

export const pullRequestSynchronizePayload = z.object({
  action: z.literal("synchronize"),
  before: z.string(),
  after: z.string(),
  pull_request: z.object({ number: z.number(), state: z.string() }),
  repository,
  sender: user,
  installation,
});
export type PullRequestSynchronizePayload = z.infer<typeof pullRequestSynchronizePayload>;

export const pushPayload = z.object({
  ref: z.string(),
  after: z.string(),
  deleted: z.boolean().default(false),
  // The push payload's repository owner may be null in GitHub's types; the handler reads full_name.
  repository: repository.extend({ owner: z.object({ login: z.string() }).nullable() }),
  // GitHub's documented push payload may lack a sender; such a push starts nothing (who pushed?).
  sender: user.optional(),
  installation,
});
export type PushPayload = z.infer<typeof pushPayload>;
