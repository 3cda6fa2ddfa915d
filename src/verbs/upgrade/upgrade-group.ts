// One update group, start to end, in a checkout: branch `xihe/deps/<id>` from the base, the bump
// commit, then the repository's own tests through the fix loop (install phase, sandbox,
// deterministic fixers, the model when configured). Green: verified. Red and fixed: the migration
// commits follow the bump on the same branch. Red and unfixed: the branch keeps the bump alone.
import type { Env, RepoConfig } from "../../config.ts";
import type { FixRunOutcome } from "../fix/verify-with-workflows.ts";
import type { WorkspaceGit } from "../../tools/workspace-git.ts";
import type { InstallEvidence } from "../../workspace/install/run-install-phase.ts";
import { installDependencies } from "../../runs/install-dependencies.ts";
import { fixInWorkspace, sandboxChooser, type FixInWorkspaceDeps } from "../fix/fix-in-workspace.ts";
import { runGit } from "../../workspace/git/run-git.ts";
import type { NewRun } from "../../store/store.ts";
import type { AppliedGroup, ApplyDeps } from "./apply-update-group.ts";
import type { UpdateGroup } from "./plan-updates.ts";

export interface GroupResult {
  group: UpdateGroup;
  branch: string;
  status: "verified" | "migrated" | "failing" | "not_applied";
  reason: string;
  bumpCommit: string | null;
  migrationCommits: Array<{ sha: string; summary: string }>;
  lockUpdate: InstallEvidence | null;
  verification: FixRunOutcome | null;
}

export interface UpgradeGroupRequest {
  root: string;
  config: RepoConfig;
  env: Env;
  group: UpdateGroup;
  baseBranch: string;
  useModel: boolean;
  trustLocal: boolean;
  /** "github": a repository's code on the App (a real sandbox is mandatory); default a local checkout. */
  source?: "github" | "local_checkout";
  /** Host directories the sandbox must read (the mirror's object store of an App workspace). */
  readOnlyDirs?: readonly string[];
  /** Whose run the group's verification is recorded as (the App's repository); default the CLI's. */
  recordAs?: Pick<NewRun, "installationId" | "repo" | "trigger" | "requester" | "startedBy">;
}

export async function upgradeGroup(
  deps: FixInWorkspaceDeps & {
    git: WorkspaceGit;
    /** The manager's way of applying a group: the bump commit, or why not. */
    apply: (
      deps: ApplyDeps,
      req: { root: string; config: RepoConfig; group: UpdateGroup },
    ) => Promise<AppliedGroup>;
  },
  req: UpgradeGroupRequest,
): Promise<GroupResult> {
  const branch = `xihe/deps/${req.group.id}`;
  const result = (r: Partial<GroupResult> & Pick<GroupResult, "status" | "reason">): GroupResult => ({
    group: req.group,
    branch,
    bumpCommit: null,
    migrationCommits: [],
    lockUpdate: null,
    verification: null,
    ...r,
  });
  await deps.git.switchTo(req.baseBranch);
  await deps.git.createBranch(branch);
  const runId = await recordRun(deps, req, await deps.git.head());
  const fixRequest = {
    runId,
    root: req.root,
    config: req.config,
    env: req.env,
    useModel: req.useModel,
    source: req.source ?? ("local_checkout" as const),
    trustLocal: req.trustLocal,
    // The bump is the change under test: verify.workflows run even when no migration was needed.
    changedBefore: true,
    readOnlyDirs: req.readOnlyDirs,
  };
  const sandboxWith = sandboxChooser(deps, fixRequest);
  const applied = await deps.apply(
    {
      git: deps.git,
      install: (config) => installDependencies({ sandboxWith, hostEnv: deps.hostEnv, log: deps.log }, config),
    },
    { root: req.root, config: req.config, group: req.group },
  );
  if (applied.status === "failed")
    return result({ status: "not_applied", reason: applied.reason, lockUpdate: applied.install });
  const outcome = await fixInWorkspace(deps, fixRequest);
  await deps.store.updateRun(runId, {
    status:
      outcome.status === "done" ? "succeeded" : outcome.status === "needs_input" ? "needs_input" : "failed",
    reason: outcome.reason,
    endedAt: deps.now().toISOString(),
    spend: { ...outcome.spend },
  });
  const base = { bumpCommit: applied.commit, lockUpdate: applied.install, verification: outcome };
  if (outcome.status === "done" && outcome.commits.length === 0)
    return result({
      ...base,
      status: "verified",
      reason: `the project's checks pass with the update: ${outcome.reason}`,
    });
  if (outcome.status === "done" && outcome.branch !== null) {
    // The migration commits sit on the loop's branch, which starts at the bump: the upgrade branch
    // takes them, and the loop's branch goes away.
    await takeBranch(req.root, branch, outcome.branch);
    return result({
      ...base,
      status: "migrated",
      reason: `the update broke the checks; the fix loop migrated the code (${outcome.fixedBy ?? "fix"})`,
      migrationCommits: outcome.commits.map((c) => ({ sha: c.sha, summary: c.summary })),
    });
  }
  if (outcome.branch !== null) await deps.git.switchTo(branch);
  return result({
    ...base,
    status: "failing",
    reason: outcome.workflows?.some((w) => w.status !== "succeeded")
      ? `the update was not verified: ${outcome.reason}`
      : `the update breaks the checks and was not migrated: ${outcome.reason}`,
  });
}

// `target` is reset to `from` (which descends from it) and `from` is deleted; `target` is checked out.
async function takeBranch(root: string, target: string, from: string): Promise<void> {
  const git = (args: string[]) => runGit(args, { cwd: root, allowFileProtocol: false });
  await git(["checkout", "-q", "-B", target, from]);
  await git(["branch", "-q", "-D", from]);
}

// The verification and migration of a group is a fix run of the upgrade branch, recorded as one.
async function recordRun(
  deps: FixInWorkspaceDeps,
  req: UpgradeGroupRequest,
  headSha: string,
): Promise<string> {
  const id = deps.newId();
  await deps.store.createRun(
    {
      installationId: null,
      repo: req.root,
      trigger: "cli",
      requester: "cli",
      // Running from the start, under the upgrade's own worker: a queued record would be a job
      // another worker could claim (or, once "running" without a worker, take over) and run again.
      startedBy: "cli",
      ...req.recordAs,
      pr: null,
      headSha,
      verb: "fix",
      args: `upgrade ${req.group.id}`,
      budget: null,
      context: { upgrade: req.group.id },
    },
    { id, now: deps.now().toISOString() },
  );
  return id;
}
