// `xihe upgrade` on a local checkout: read the project, ask the registry, plan the groups and (unless
// a dry run) upgrade each group in a private clone, so the user's branch, working tree and
// node_modules stay as they were; every upgraded branch is fetched back into the checkout.
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Env, RepoConfig } from "../../config.ts";
import { UsageError } from "../../errors.ts";
import { openWorkspaceGit } from "../../tools/open-workspace-git.ts";
import { runGit } from "../../workspace/git/run-git.ts";
import type { FixInWorkspaceDeps } from "../fix/fix-in-workspace.ts";
import { buildIndex } from "../../understanding/index/build-index.ts";
import { collectUpdateNotes, type UpdateNotes } from "./collect-update-notes.ts";
import { planUpdates, type IgnoreRule, type UpgradePlan } from "./plan-updates.ts";
import { matchesPattern } from "./matches-pattern.ts";
import { npmEcosystem, pythonEcosystem, type UpgradeEcosystem } from "./upgrade-ecosystems.ts";
import { upgradeGroup, type GroupResult, type UpgradeGroupRequest } from "./upgrade-group.ts";

export type UpgradeManager = "npm" | "pip";

export interface UpgradeCheckoutRequest {
  root: string;
  config: RepoConfig;
  env: Env;
  manager: UpgradeManager | null;
  only: string | null;
  includeMajor: boolean;
  dryRun: boolean;
  useModel: boolean;
  trustLocal: boolean;
  /** Host directory for clones and the registry metadata cache (outside the checkout). */
  workDir: string;
  /** Only this update group (`/xihe rebase` of its pull request): the others are planned, not made. */
  group?: string | null;
  /** The App's `/xihe ignore` rules of this repository. */
  ignoreRules?: readonly IgnoreRule[];
  source?: UpgradeGroupRequest["source"];
  readOnlyDirs?: UpgradeGroupRequest["readOnlyDirs"];
  recordAs?: UpgradeGroupRequest["recordAs"];
}

export interface UpgradeCheckoutDeps extends FixInWorkspaceDeps {
  registryTimeoutMs: number;
  registryRetries: number;
}

export interface UpgradeReport {
  manager: UpgradeManager;
  plan: UpgradePlan;
  /** Release notes and impact of each planned update. */
  notes: UpdateNotes[];
  results: GroupResult[];
}

export async function upgradeCheckout(
  deps: UpgradeCheckoutDeps,
  req: UpgradeCheckoutRequest,
): Promise<UpgradeReport> {
  const manager = chooseManager(req);
  const registry = {
    hostEnv: deps.hostEnv,
    fetch: deps.fetch,
    workDir: req.workDir,
    timeoutMs: deps.registryTimeoutMs,
    retries: deps.registryRetries,
    log: deps.log,
  };
  const ecosystem = manager === "npm" ? npmEcosystem(registry) : pythonEcosystem(registry);
  const dependencies = ecosystem.readDependencies(req.root);
  if (req.only !== null && !dependencies.some((d) => d.name === req.only))
    throw new UsageError(
      `--only ${req.only}: not a direct dependency in ${ecosystem.manifests}; check the name`,
    );
  // Only what the plan can use is asked for: not ignored names, not ranges it cannot move.
  const wanted = dependencies.filter(
    (d) =>
      (req.only === null || d.name === req.only) &&
      ecosystem.canMove(d.range) &&
      !req.config.deps.ignore.some((p) => matchesPattern(p, d.name)) &&
      !(req.ignoreRules ?? []).some((r) => r.name === d.name && r.scope === "all"),
  );
  const versions = await ecosystem.fetchVersions([...new Set(wanted.map((d) => d.name))]);
  const plan = planUpdates(
    dependencies,
    versions,
    {
      ignore: req.config.deps.ignore,
      groups: req.config.deps.groups,
      // The group being rebuilt is made even when other groups take up deps.max_open_prs.
      maxGroups: req.group ? Number.MAX_SAFE_INTEGER : req.config.deps.max_open_prs,
      includeMajor: req.includeMajor,
      only: req.only,
      ignoreRules: req.ignoreRules ?? [],
    },
    ecosystem.scheme,
  );
  if (req.group) onlyGroup(plan, req.group);
  const notes = await collectUpdateNotes(
    {
      readChangelog: (name, version) => ecosystem.readChangelog(name, version),
      importNames: (name) => ecosystem.importNames(name),
      // The user's checkout as it is; no index cache is written into it.
      index:
        plan.groups.length === 0
          ? { imports: [], calls: [] }
          : await buildIndex(req.root, { cache: null, ignore: req.config.understanding.ignore }),
      log: deps.log,
    },
    plan,
  );
  if (req.dryRun || plan.groups.length === 0) return { manager, plan, notes, results: [] };
  return { manager, plan, notes, results: await upgradeInClone(deps, req, plan, ecosystem) };
}

function onlyGroup(plan: UpgradePlan, id: string): void {
  plan.groups = plan.groups.filter((g) => g.id === id);
  plan.deferred = [];
  if (plan.groups.length === 0)
    plan.warnings.push(
      `xihe/deps/${id} has no update to make now (its packages are up to date, ignored, or a newer major replaced the group); its pull request was left as it is`,
    );
}

function chooseManager(req: UpgradeCheckoutRequest): UpgradeManager {
  const has = (f: string) => existsSync(join(req.root, f));
  const detected: UpgradeManager | null = has("package.json")
    ? "npm"
    : has("requirements.txt") || has("pyproject.toml")
      ? "pip"
      : null;
  const manager = req.manager ?? detected;
  if (manager === null)
    throw new UsageError(
      `${req.root} has no package.json, requirements.txt or pyproject.toml; nothing to upgrade`,
    );
  if (req.manager === null && !req.config.deps.managers.includes(manager))
    throw new UsageError(
      `deps.managers in .github/xihe.yml does not include ${manager}; add it or pass --manager`,
    );
  if (manager === "npm" && !has("package.json"))
    throw new UsageError(`--manager npm: ${req.root} has no package.json`);
  if (manager === "pip" && !has("requirements.txt") && !has("pyproject.toml"))
    throw new UsageError(`--manager pip: ${req.root} has no requirements.txt or pyproject.toml`);
  return manager;
}

async function upgradeInClone(
  deps: UpgradeCheckoutDeps,
  req: UpgradeCheckoutRequest,
  plan: UpgradePlan,
  ecosystem: UpgradeEcosystem,
): Promise<GroupResult[]> {
  mkdirSync(req.workDir, { recursive: true });
  const clone = join(req.workDir, `upgrade-${deps.newId()}`);
  const git = (args: string[], cwd: string) => runGit(args, { cwd, allowFileProtocol: true });
  const head = await git(["rev-parse", "HEAD"], req.root);
  await git(["clone", "-q", "--no-checkout", "--", req.root, clone], req.workDir);
  const baseBranch = "xihe/upgrade-base";
  await git(["checkout", "-q", "-B", baseBranch, head], clone);
  const results: GroupResult[] = [];
  try {
    for (const group of plan.groups) {
      // Each group starts from a clean tree: the previous group's node_modules would pass for
      // installed (`npm install --package-lock-only` rewrites node_modules/.package-lock.json).
      await git(["clean", "-q", "-ffdx"], clone);
      const result = await upgradeGroup(
        { ...deps, git: openWorkspaceGit(clone), apply: ecosystem.apply },
        { ...req, root: clone, group, baseBranch },
      );
      results.push(result);
      if (result.bumpCommit !== null)
        await git(
          ["fetch", "-q", "--", clone, `+refs/heads/${result.branch}:refs/heads/${result.branch}`],
          req.root,
        );
    }
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
  return results;
}
