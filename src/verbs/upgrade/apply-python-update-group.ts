// Applies one Python update group on the current branch: the new specifiers go into
// requirements.txt / pyproject.toml, then pip installs the project inside the sandbox through the
// install phase and its registry proxy (wheels only unless install scripts are allowed). The update
// is applied only when pip installed and the virtualenv holds the chosen versions; the result is
// one "bump" commit of the requirement files alone.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "@renovatebot/pep440";
import type { AppliedGroup, ApplyDeps } from "./apply-update-group.ts";
import { bumpMessage } from "./apply-update-group.ts";
import type { RepoConfig } from "../../config.ts";
import type { UpdateGroup } from "./plan-updates.ts";
import { normalizePythonName } from "./python-requirement.ts";
import { rewritePythonRequirements } from "./rewrite-python-requirements.ts";

const requirementFiles = new Set(["requirements.txt", "pyproject.toml"]);

export async function applyPythonUpdateGroup(
  deps: ApplyDeps,
  req: { root: string; config: RepoConfig; group: UpdateGroup },
): Promise<AppliedGroup> {
  const base = await deps.git.head();
  rewritePythonRequirements(req.root, req.group.updates);
  const install = await deps.install(req.config);
  if (install.status !== "installed")
    return {
      status: "failed",
      reason: `pip did not install the updated requirements: ${install.reason}`,
      install,
    };
  const changed = (await deps.git.changedFiles(base)).filter((f) => !requirementFiles.has(f));
  if (changed.length > 0)
    return {
      status: "failed",
      reason: `installing changed more than the requirement files: ${changed.slice(0, 5).join(", ")}${changed.length > 5 ? ", …" : ""} (is .venv in .gitignore?)`,
      install,
    };
  const installed = installedVersions(req.root);
  if (installed !== null)
    for (const u of req.group.updates) {
      const version = installed.get(normalizePythonName(u.name));
      if (version === undefined || !eq(version, u.to))
        return {
          status: "failed",
          reason: `pip installed ${u.name} ${version ?? "not at all"}, not ${u.to}`,
          install,
        };
    }
  const commit = await deps.git.commitAll(bumpMessage(req.group));
  if (commit === null) return { status: "failed", reason: "the update changed nothing", install };
  return { status: "applied", commit, install };
}

// Name → version of every distribution in the project's .venv (from the `.dist-info` directory
// names, PEP 427/376); null when the install made no .venv (a configured install command).
function installedVersions(root: string): Map<string, string> | null {
  const lib = join(root, ".venv", "lib");
  if (!existsSync(lib)) return null;
  const out = new Map<string, string>();
  for (const python of readdirSync(lib)) {
    const site = join(lib, python, "site-packages");
    if (!existsSync(site)) continue;
    for (const entry of readdirSync(site)) {
      const match = /^(.+)-([^-]+)\.dist-info$/.exec(entry);
      if (match) out.set(normalizePythonName(match[1]!), match[2]!);
    }
  }
  return out;
}
