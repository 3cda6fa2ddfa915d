// `issue_comment.created`, triaged in the worker: check who asks, reply or record a run and react.
// The webhook path only queues comments that carry a command from a person (`isCommandComment`).
import { z } from "zod";
import { parseRunContext } from "../runs/run-context.ts";
import { reporterContext } from "./github-reporter.ts";
import type { RunVerb } from "../store/store.ts";
import { parseIgnoreArgs } from "./parse-ignore-rule.ts";
import { canWrite, getAccess } from "./collaborator-permission.ts";
import { createPrRun } from "./create-pr-run.ts";
import { createRepoRun } from "./create-repo-run.ts";
import type { GitHubClient } from "./github-client.ts";
import type { HandlerDeps, TriageDeps } from "./handler-deps.ts";
import { parseCommand, type Verb } from "./parse-command.ts";
import { isBot, type IssueCommentPayload } from "./payloads.ts";
import { readRepoConfig } from "./read-repo-config.ts";
import { renderRunList } from "./render-run-list.ts";
import { upgradeGroupOfPull } from "./upgrade-group-of-pull.ts";
import * as replies from "./replies.ts";

const writeVerbs: ReadonlySet<Verb> = new Set([
  "fix",
  "suggest",
  "apply",
  "undo",
  "stop",
  "workflow",
  "upgrade",
  "ignore",
  "rebase",
]);
/** Verbs about the whole repository: they work in an issue too. */
const repoVerbs: ReadonlySet<Verb> = new Set(["upgrade", "ignore"]);

/** What recording a comment's run leaves for a retried triage: the new run, or the active one's link. */
const commentRunOutput = z.object({ runId: z.string().nullable(), link: z.string().nullable() });

/** Cheap and local: a `/xihe` command (not quoted, not fenced) from an account that is not a bot. */
export function isCommandComment(payload: IssueCommentPayload, log: HandlerDeps["log"]): boolean {
  if (parseCommand(payload.comment.body ?? "").kind === "none") return false;
  if (isBot(payload.comment.user) || isBot(payload.sender)) {
    log.debug({ sender: payload.sender.login }, "command from a bot account ignored");
    return false;
  }
  return true;
}

export async function handleComment(
  octokit: GitHubClient,
  payload: IssueCommentPayload,
  deps: TriageDeps,
): Promise<void> {
  const command = parseCommand(payload.comment.body ?? "");
  if (command.kind === "none") return;
  const ref = { owner: payload.repository.owner.login, repo: payload.repository.name };
  const reply = (body: string) =>
    deps.once("reply", z.boolean(), () =>
      octokit.rest.issues
        .createComment({ ...ref, issue_number: payload.issue.number, body })
        .then(() => true),
    );
  if (command.kind === "unknown_verb") return void (await reply(replies.unknownVerbReply(command.verb)));
  if (!payload.issue.pull_request && !repoVerbs.has(command.verb))
    return void (await reply(replies.notAPullRequestReply()));
  if (command.verb === "help") return void (await reply(replies.helpReply()));

  const config = await readRepoConfig(octokit, { ...ref, defaultBranch: payload.repository.default_branch });
  if (!config.ok) return void (await reply(replies.configErrorReply(config.error)));
  const login = payload.comment.user.login;
  const needsWrite = writeVerbs.has(command.verb) || config.config.allow_readonly_from === "write";
  if (needsWrite) {
    const access = await getAccess(octokit, ref, login, {
      cache: deps.permissions,
      nowMs: deps.now().getTime(),
    });
    if (!canWrite(access)) return void (await reply(replies.needsWriteReply(login, command.verb)));
  }
  const repo = payload.repository.full_name;
  const pr = payload.issue.number;
  if (command.verb === "status")
    return void (await reply(renderRunList(await deps.store.listRuns({ repo, pr, limit: 10 }))));
  if (command.verb === "ignore") {
    const rule = parseIgnoreArgs(command.args);
    if ("problem" in rule) return void (await reply(replies.ignoreUsageReply(rule.problem)));
    await deps.once("ignore", z.boolean(), async () => {
      await deps.store.addUpgradeIgnore({
        repo,
        ...rule,
        createdBy: login,
        createdAt: deps.now().toISOString(),
      });
      return true;
    });
    return void (await reply(replies.ignoredReply(rule)));
  }
  if (command.verb === "stop") {
    const stopped = await deps.once("stop", z.array(z.string()), () => stopRuns(repo, pr, login, deps));
    return void (await reply(replies.stoppedReply(stopped)));
  }

  let asked: { verb: RunVerb; args: string };
  if (command.verb === "rebase") {
    const group = await upgradeGroupOfPull(octokit, ref, pr);
    if (group === null) return void (await reply(replies.notAnUpgradePullReply()));
    asked = { verb: "upgrade", args: `--group ${group}` };
  } else asked = { verb: command.verb, args: command.args };
  const result = await deps.once("run", commentRunOutput, () =>
    recordCommentRun(octokit, payload, deps, { ...asked, policyHash: config.policyHash }),
  );
  if (result.runId === null)
    return void (await reply(replies.alreadyRunningReply(command.verb, result.link)));
  await deps.once("reaction", z.boolean(), () =>
    octokit.rest.reactions
      .createForIssueComment({ ...ref, comment_id: payload.comment.id, content: "eyes" })
      .then(() => true),
  );
  deps.log.info(
    { runId: result.runId, repo, pr, verb: command.verb, policyHash: config.policyHash },
    "run queued",
  );
  deps.wakeWorker();
}

/** Records the run a comment asks for; an active run of the same verb is linked instead. */
async function recordCommentRun(
  octokit: GitHubClient,
  payload: IssueCommentPayload,
  deps: TriageDeps,
  asked: { verb: RunVerb; args: string; policyHash: string },
): Promise<{ runId: string | null; link: string | null }> {
  const r =
    asked.verb === "upgrade"
      ? await createRepoRun(
          octokit,
          {
            ref: { owner: payload.repository.owner.login, repo: payload.repository.name },
            installationId: payload.installation?.id ?? null,
            thread: payload.issue.number,
            verb: "upgrade",
            args: asked.args,
            trigger: "comment",
            requester: payload.comment.user.login,
            defaultBranch: payload.repository.default_branch,
            cloneUrl: payload.repository.clone_url,
            policyHash: asked.policyHash,
            commentId: payload.comment.id,
          },
          deps,
        )
      : await createPrRun(
          octokit,
          {
            ref: { owner: payload.repository.owner.login, repo: payload.repository.name },
            installationId: payload.installation?.id ?? null,
            prNumber: payload.issue.number,
            verb: asked.verb,
            args: asked.args,
            trigger: "comment",
            requester: payload.comment.user.login,
            defaultBranch: payload.repository.default_branch,
            policyHash: asked.policyHash,
            extra: { commentId: payload.comment.id },
          },
          deps,
        );
  if (r.created) return { runId: r.run.id, link: null };
  return {
    runId: null,
    link: "existing" in r ? (parseRunContext(r.existing, reporterContext).statusUrl ?? null) : null,
  };
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
