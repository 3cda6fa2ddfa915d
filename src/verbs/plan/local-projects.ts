// `xihe serve`'s ProjectPort: the local checkouts it was started with (`--project DIR`), each named
// owner/name after its `origin` remote (github.com/octo/app.git -> octo/app), else local/<dir name>.
// The checkout's own `.github/xihe.yml` is the config in force, as for `xihe fix` in it (the user's
// own repository, cli/read-checkout-config.ts). Runs `xihe fix` recorded for it are stored under
// its absolute path.
import { existsSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import type { ProjectPort, ProjectRefusal } from "../../api/project-port.ts";
import { parseRepoConfig } from "../../config.ts";
import { ConfigError, UsageError } from "../../errors.ts";
import { openWorkspaceGit } from "../../tools/open-workspace-git.ts";
import { readRepoFile } from "../../understanding/read-repo-file.ts";
import { runGitForExit } from "../../workspace/git/run-git.ts";
import { describeProject } from "./describe-project.ts";
import { planFix, type PlanSettings } from "./plan-fix.ts";
import type { ProjectCheckout } from "./project-checkout.ts";

const configPath = ".github/xihe.yml";

export async function localProjects(dirs: readonly string[], settings: PlanSettings): Promise<ProjectPort> {
  const byName = new Map<string, string>();
  for (const dir of dirs) {
    const root = resolve(dir);
    if (!existsSync(join(root, ".git")))
      throw new UsageError(`--project must be a git checkout; ${root} has no .git`);
    const name = await projectName(root);
    const taken = byName.get(name);
    if (taken && taken !== root)
      throw new UsageError(`--project ${root} and ${taken} are both named ${name}; serve one of them`);
    byName.set(name, root);
  }
  const open = async (repo: string): Promise<ProjectCheckout | ProjectRefusal> => {
    const root = byName.get(repo);
    if (!root) return unknown(repo, [...byName.keys()]);
    const text = readRepoFile(root, configPath)?.toString("utf8") ?? null;
    try {
      const config = parseRepoConfig(text);
      const configSource = text === null ? `defaults (no ${configPath})` : `${configPath} of the checkout`;
      return { repo, root, config, configSource, headSha: await openWorkspaceGit(root).head() };
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      const issues = err.issues.map((i) => `${i.path}: ${i.message}`).join("; ");
      return {
        ok: false,
        reason: "invalid",
        detail: `${err.message}: ${issues}; fix ${configPath} in ${root}`,
      };
    }
  };
  return {
    async plan(request) {
      if (request.pr !== undefined)
        return {
          ok: false,
          reason: "invalid",
          detail:
            "xihe serve plans local checkouts, not pull requests: drop `pr` and send the failing log in `log`",
        };
      const checkout = await open(request.repo);
      if ("ok" in checkout) return checkout;
      return { ok: true, plan: await planFix(checkout, request.log ?? null, settings, request.limit) };
    },
    async context(repo) {
      const checkout = await open(repo);
      if ("ok" in checkout) return checkout;
      return { ok: true, context: await describeProject(checkout), storeRepo: checkout.root };
    },
  };
}

function unknown(repo: string, served: string[]): ProjectRefusal {
  const list = served.length > 0 ? `it serves ${served.join(", ")}` : "it serves no project";
  return {
    ok: false,
    reason: "unknown_repo",
    detail: `this xihe serve has no checkout of ${repo} (${list}); start it with --project DIR for that checkout`,
  };
}

/** owner/name from the origin remote's URL, else local/<directory name>. */
async function projectName(root: string): Promise<string> {
  const origin = await runGitForExit(["config", "--get", "remote.origin.url"], {
    cwd: root,
    allowFileProtocol: false,
    okExitCodes: [0, 1],
  });
  const m = /[/:]([A-Za-z0-9][A-Za-z0-9-]{0,38})\/([A-Za-z0-9._-]{1,100}?)(?:\.git)?\/?$/.exec(
    origin.stdout.trim(),
  );
  if (m) return `${m[1]}/${m[2]}`;
  const name =
    basename(root)
      .replace(/[^A-Za-z0-9._-]/g, "-")
      .replace(/^\.+/, "")
      .slice(0, 100) || "project";
  return `local/${name}`;
}
