// `issue_comment.created`: parse the command, check who asks, record a run, acknowledge, return.
// Heavy work happens in the worker; this handler only makes GitHub calls that answer the asker.
import { contextString } from "../runs/run-context.ts";
import type { RunVerb } from "../store/store.ts";
import { canWrite, getAccess } from "./collaborator-permission.ts";
import { createPrRun } from "./create-pr-run.ts";
import type { GitHubClient } from "./github-client.ts";
import type { HandlerDeps } from "./handler-deps.ts";
import { parseCommand, type Verb } from "./parse-command.ts";
import { isBot, type IssueCommentPayload } from "./payloads.ts";
import { readRepoConfig } from "./read-repo-config.ts";
import { renderRunList } from "./render-run-list.ts";
import * as replies from "./replies.ts";

const writeVerbs: ReadonlySet<Verb> = new Set(["fix", "apply", "undo", "stop"]);

export async function handleComment(
  octokit: GitHubClient,
  payload: IssueCommentPayload,
  deliveryId: string,
  deps: HandlerDeps,
): Promise<void> {
  const command = parseCommand(payload.comment.body ?? "");
  if (command.kind === "none") return;
  if (isBot(payload.comment.user) || isBot(payload.sender)) {
    deps.log.debug({ sender: payload.sender.login }, "command from a bot account ignored");
    return;
  }
  const fresh = await deps.store.recordDelivery({
    id: deliveryId,
    event: "issue_comment",
    action: payload.action,
    receivedAt: deps.now().toISOString(),
  });
  if (!fresh) {
    deps.log.info({ deliveryId }, "duplicate delivery ignored");
    return;
  }
  const ref = { owner: payload.repository.owner.login, repo: payload.repository.name };
  const reply = (body: string) =>
    octokit.rest.issues
      .createComment({ ...ref, issue_number: payload.issue.number, body })
      .then(() => undefined);
  if (command.kind === "unknown_verb") return reply(replies.unknownVerbReply(command.verb));
  if (!payload.issue.pull_request) return reply(replies.notAPullRequestReply());
  if (command.verb === "help") return reply(replies.helpReply());

  const config = await readRepoConfig(octokit, { ...ref, defaultBranch: payload.repository.default_branch });
  if (!config.ok) return reply(replies.configErrorReply(config.error));
  const login = payload.comment.user.login;
  const needsWrite = writeVerbs.has(command.verb) || config.config.allow_readonly_from === "write";
  if (needsWrite) {
    const access = await getAccess(octokit, ref, login, {
      cache: deps.permissions,
      nowMs: deps.now().getTime(),
    });
    if (!canWrite(access)) return reply(replies.needsWriteReply(login, command.verb));
  }
  const repo = payload.repository.full_name;
  const pr = payload.issue.number;
  if (command.verb === "status")
    return reply(renderRunList(await deps.store.listRuns({ repo, pr, limit: 10 })));
  if (command.verb === "stop") return reply(replies.stoppedReply(await stopRuns(repo, pr, login, deps)));

  const result = await createPrRun(
    octokit,
    {
      ref,
      installationId: payload.installation?.id ?? null,
      prNumber: pr,
      verb: command.verb satisfies RunVerb,
      args: command.args,
      trigger: "comment",
      requester: login,
      defaultBranch: payload.repository.default_branch,
      policyHash: config.policyHash,
      extra: { commentId: payload.comment.id },
    },
    deps,
  );
  if (!result.created) {
    const link = "existing" in result ? contextString(result.existing, "statusUrl") : null;
    return reply(replies.alreadyRunningReply(command.verb, link));
  }
  await octokit.rest.reactions.createForIssueComment({
    ...ref,
    comment_id: payload.comment.id,
    content: "eyes",
  });
  deps.log.info(
    { runId: result.run.id, repo, pr, verb: command.verb, policyHash: config.policyHash },
    "run queued",
  );
  deps.wakeWorker();
}

async function stopRuns(repo: string, pr: number, actor: string, deps: HandlerDeps): Promise<string[]> {
  const active = await deps.store.listRuns({ repo, pr, status: ["queued", "running"] });
  const now = deps.now().toISOString();
  for (const run of active) {
    await deps.store.updateRun(run.id, { status: "cancelled", reason: `stopped by @${actor}`, endedAt: now });
    await deps.store.addAudit({
      at: now,
      actor,
      action: "stop",
      repo,
      runId: run.id,
      params: {},
      result: { ok: true },
    });
    deps.cancelRun(run.id);
  }
  return active.map((r) => r.id);
}
