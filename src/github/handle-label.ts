// `pull_request.labeled` with `xihe:fix`: the same as a `/xihe fix` comment from whoever added it.
import { z } from "zod";
import { canWrite, getAccess } from "./collaborator-permission.ts";
import { createPrRun } from "./create-pr-run.ts";
import type { GitHubClient } from "./github-client.ts";
import type { HandlerDeps } from "./handler-deps.ts";
import { isBot, pullRequestLabeledPayload } from "./payloads.ts";
import { readRepoConfig } from "./read-repo-config.ts";
import * as replies from "./replies.ts";

export const fixLabel = "xihe:fix";

export async function handleLabel(
  octokit: GitHubClient,
  payload: z.infer<typeof pullRequestLabeledPayload>,
  deliveryId: string,
  deps: HandlerDeps,
): Promise<void> {
  if (payload.label?.name.toLowerCase() !== fixLabel || payload.pull_request.state !== "open") return;
  if (isBot(payload.sender)) return;
  const fresh = await deps.store.recordDelivery({
    id: deliveryId,
    event: "pull_request",
    action: "labeled",
    receivedAt: deps.now().toISOString(),
  });
  if (!fresh) return;
  const ref = { owner: payload.repository.owner.login, repo: payload.repository.name };
  const number = payload.pull_request.number;
  const reply = (body: string) => octokit.rest.issues.createComment({ ...ref, issue_number: number, body });
  const config = await readRepoConfig(octokit, { ...ref, defaultBranch: payload.repository.default_branch });
  if (!config.ok) return void (await reply(replies.configErrorReply(config.error)));
  const login = payload.sender.login;
  const access = await getAccess(octokit, ref, login, {
    cache: deps.permissions,
    nowMs: deps.now().getTime(),
  });
  if (!canWrite(access)) return void (await reply(replies.needsWriteReply(login, "fix")));
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
  if (result.created) deps.wakeWorker();
}
