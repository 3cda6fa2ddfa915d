// The checkout a PR run works in: a run token minted for this repository only (scope-checked), and
// an ephemeral workspace at the run's head SHA (fork heads through refs/pull/N/head).
import { prRunContext } from "../runs/pr-run-context.ts";
import { parseRunContext } from "../runs/run-context.ts";
import type { RunRecord } from "../store/store.ts";
import type { PreparedWorkspace, WorkspaceFactory } from "../workspace/workspace-factory.ts";
import { splitRepo } from "../github/github-client.ts";
import type { RunTokenSource } from "../github/mint-run-token.ts";

export interface RunWorkspace {
  workspace: PreparedWorkspace;
  token: string;
  cloneUrl: string;
}

export async function prepareRunWorkspace(
  deps: { runTokens: RunTokenSource; workspaces: WorkspaceFactory },
  run: RunRecord,
): Promise<RunWorkspace | { error: string }> {
  const { cloneUrl, isFork } = parseRunContext(run, prRunContext);
  if (run.installationId === null || !cloneUrl)
    return { error: "the run has no installation or clone URL recorded; comment the command again" };
  const { repo } = splitRepo(run.repo);
  const token = await deps.runTokens({
    installationId: run.installationId,
    repositoryName: repo,
  });
  const workspace = await deps.workspaces.prepareWorkspace({
    cloneUrl,
    sha: run.headSha,
    prNumber: isFork && run.pr !== null ? run.pr : undefined,
    token: token.token,
  });
  return { workspace, token: token.token, cloneUrl };
}
