// `pull_request.labeled` with `xihe:fix`, triaged in the worker: the same as a `/xihe fix` comment
// from whoever added it. The webhook path only queues the label from a person (`isFixLabelRequest`).
import { z } from "zod";
import { canWrite, getAccess } from "./collaborator-permission.ts";
import { createPrRun } from "./create-pr-run.ts";
import type { GitHubClient } from "./github-client.ts";
import type { TriageDeps } from "./handler-deps.ts";
import { isBot, pullRequestLabeledPayload } from "./payloads.ts";
import { readRepoConfig } from "./read-repo-config.ts";
import * as replies from "./replies.ts";

export const fixLabel = "xihe:fix";

type LabeledPayload = z.infer<typeof pullRequestLabeledPayload>;

/** Cheap and local: the fix label, on an open PR, added by an account that is not a bot. */
export function isFixLabelRequest(payload: LabeledPayload): boolean {
  if (payload.label?.name.toLowerCase() !== fixLabel || payload.pull_request.state !== "open") return false;
  return !isBot(payload.sender);
}

export async function handleLabel(
  octokit: GitHubClient,
  payload: LabeledPayload,
  deps: TriageDeps,
): Promise<void> {
  if (!isFixLabelRequest(payload)) return;
  const ref = { owner: payload.repository.owner.login, repo: payload.repository.name };
  const number = payload.pull_request.number;
  const reply = (body: string) =>
    deps.once("reply", z.boolean(), () =>
      octokit.rest.issues.createComment({ ...ref, issue_number: number, body }).then(() => true),
    );
  const config = await readRepoConfig(octokit, { ...ref, defaultBranch: payload.repository.default_branch });
  if (!config.ok) return void (await reply(replies.configErrorReply(config.error)));
  const login = payload.sender.login;
  const access = await getAccess(octokit, ref, login, {
    cache: deps.permissions,
    nowMs: deps.now().getTime(),
  });
  if (!canWrite(access)) return void (await reply(replies.needsWriteReply(login, "fix")));
  const created = await deps.once("run", z.boolean(), async () => {
    const result = await createPrRun(
      octokit,
      {
        ref,
        installationId: payload.installation?.id ?? null,
        prNumber: number,
        verb: "fix",
        args: "",
        trigger: "label",
        requester: login,
        defaultBranch: payload.repository.default_branch,
        policyHash: config.policyHash,
      },
      deps,
    );
    return result.created;
  });
  if (created) deps.wakeWorker();
}
