// `/xihe ask <question>` on a pull request: check out the PR head, recall the code the question is
// about from the index, and answer in the run comment. With a model configured, a grounded answer
// whose `path:line` citations were checked against the code it was shown; without one, the ranked
// locations with snippets, linked to the exact commit.
import { openRepoIndex, type RepoIndex } from "../../understanding/index/open-repo-index.ts";
import { codeBlock, codeSpan, escapeBlock, escapeInline, linkTarget } from "../../delivery/markdown-text.ts";
import type { RunExecutor } from "../../runs/run-executor.ts";
import type { RunRecord } from "../../store/store.ts";
import { answerFromIndex } from "../../understanding/ask/answer-from-index.ts";
import type { CompleteText } from "../../understanding/ask/answer-question.ts";
import { recall, type RecalledSymbol } from "../../understanding/ask/recall.ts";
import { recalledLines } from "../../understanding/ask/recalled-symbol.ts";
import { stripInvisible } from "../../workspace/strip-invisible.ts";
import type { WorkspaceFactory } from "../../workspace/workspace-factory.ts";
import type { RunTokenSource } from "../../github/mint-run-token.ts";
import type { GitHubClient } from "../../github/github-client.ts";
import { prepareRunWorkspace } from "../prepare-run-workspace.ts";
import { notePrLocalConfig, readTrustedConfig } from "../read-trusted-config.ts";

export interface AskRunDeps {
  runTokens: RunTokenSource;
  installationOctokit: (installationId: number) => Promise<GitHubClient>;
  workspaces: WorkspaceFactory;
  /** The configured model as a text completion, or null (then: locations only). */
  complete: CompleteText | null;
  /** The web address of the GitHub the run's repository lives on (links to the head commit). */
  githubWeb: string;
}

const locationsShown = 6;
const snippetLines = 12;

export function createAskRunExecutor(deps: AskRunDeps): RunExecutor {
  return async (ctx) => {
    const { run } = ctx;
    // A13: invisible characters in the question are dropped before it reaches the index or a model.
    const question = stripInvisible(run.args).text.trim();
    if (question === "")
      return {
        status: "failed",
        summary: "ask needs a question, e.g. `/xihe ask where is the total computed?`",
        body: "",
      };
    if (run.installationId === null)
      return { status: "failed", summary: "ask needs an installation", body: "" };
    const trusted = await readTrustedConfig(await deps.installationOctokit(run.installationId), run);
    if (!trusted.ok) return trusted.outcome;
    const prepared = await prepareRunWorkspace(deps, run);
    if ("error" in prepared) return { status: "failed", summary: prepared.error, body: "" };
    const { workspace } = prepared;
    try {
      notePrLocalConfig(ctx.log, workspace.dir, trusted.policyHash);
      await ctx.progress("Indexing the pull request's code…");
      const repo = await openRepoIndex(workspace.dir, ".", trusted.config);
      const recalled = recall(repo.index, repo.readLines, question, {
        aliases: repo.config.understanding.aliases,
        limit: locationsShown,
      });
      if (recalled.length === 0)
        return { status: "succeeded", summary: "nothing in the code matches the question", body: "" };
      const answer = deps.complete ? await grounded(repo, question, recalled, deps.complete) : null;
      const body = [
        `> ${escapeInline(question, 500)}`,
        "",
        answer ? answer : "No model is configured, so here is the code most relevant to the question:",
        "",
        renderLocations(deps.githubWeb, run, repo, recalled),
      ].join("\n");
      return { status: "succeeded", summary: `answered with ${recalled.length} location(s)`, body };
    } finally {
      await workspace.dispose();
    }
  };
}

async function grounded(
  repo: RepoIndex,
  question: string,
  recalled: RecalledSymbol[],
  complete: CompleteText,
) {
  const result = await answerFromIndex(repo, question, recalled, complete);
  const warning = result.unsupported.length
    ? `\n\n_Not checked against the code shown: ${result.unsupported.map((c) => codeSpan(c)).join(", ")}._`
    : "";
  // Paragraphs kept, but none of the answer's text is markup or a mention.
  const text = escapeBlock(result.answer, 20_000);
  return `${text}${warning}`;
}

function renderLocations(
  web: string,
  run: RunRecord,
  repo: RepoIndex,
  recalled: readonly RecalledSymbol[],
): string {
  return recalled
    .map((r) => {
      const { symbol, why } = r;
      // A function too long to be an answer is linked and shown by the window recall scored.
      const { startLine, endLine } = recalledLines(r);
      const url = `${web}/${run.repo}/blob/${run.headSha}/${symbol.file}#L${startLine}-L${endLine}`;
      const lines = (repo.readLines(symbol.file) ?? []).slice(startLine - 1, startLine - 1 + snippetLines);
      const title = `[${codeSpan(`${symbol.file}:${startLine}`)}](${linkTarget(url)}) ${codeSpan(symbol.qualifiedName)}`;
      return `- ${title} — ${escapeInline(why.join("; "))}\n\n${codeBlock(lines.join("\n"), 4000)}`;
    })
    .join("\n\n");
}
