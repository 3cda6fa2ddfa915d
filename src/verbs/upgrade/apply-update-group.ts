// Applies one update group on the current branch: the new ranges go into package.json, then npm
// itself updates package-lock.json inside the sandbox, through the install phase and its registry
// proxy, with lifecycle scripts off (A26). Only the manifest and the lockfile may change; the
// result is one "bump" commit that a reviewer can take alone.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { RepoConfig } from "../../config.ts";
import type { WorkspaceGit } from "../../tools/workspace-git.ts";
import type { InstallEvidence } from "../../workspace/install/run-install-phase.ts";
import { bumpManifest } from "./bump-manifest.ts";
import type { UpdateGroup } from "./plan-updates.ts";

export const lockUpdateCommand = "npm install --package-lock-only --ignore-scripts --no-audit --no-fund";

export type AppliedGroup =
  | { status: "applied"; commit: string; install: InstallEvidence }
  | { status: "failed"; reason: string; install: InstallEvidence | null };

export interface ApplyDeps {
  git: WorkspaceGit;
  /** Runs the install phase with this (trusted) config; here its install command is the lock update. */
  install: (config: RepoConfig) => Promise<InstallEvidence>;
}

const lockSchema = z.object({ packages: z.record(z.string(), z.object({ version: z.string().optional() })) });

export async function applyUpdateGroup(
  deps: ApplyDeps,
  req: { root: string; config: RepoConfig; group: UpdateGroup },
): Promise<AppliedGroup> {
  const base = await deps.git.head();
  bumpManifest(req.root, req.group.updates);
  const install = await deps.install({
    ...req.config,
    commands: { ...req.config.commands, install: [lockUpdateCommand] },
  });
  if (install.status !== "installed")
    return { status: "failed", reason: `the lockfile update did not run: ${install.reason}`, install };
  const changed = (await deps.git.changedFiles(base)).filter(
    (f) => f !== "package.json" && f !== "package-lock.json",
  );
  if (changed.length > 0)
    return {
      status: "failed",
      reason: `the lockfile update changed more than the manifest and lockfile: ${changed.join(", ")}`,
      install,
    };
  const lock = lockSchema.parse(JSON.parse(readFileSync(join(req.root, "package-lock.json"), "utf8")));
  for (const u of req.group.updates) {
    const resolved = lock.packages[`node_modules/${u.name}`]?.version;
    if (resolved !== u.to)
      return {
        status: "failed",
        reason: `npm resolved ${u.name}@${u.range.to} to ${resolved ?? "nothing"}, not ${u.to}`,
        install,
      };
  }
  const commit = await deps.git.commitAll(bumpMessage(req.group));
  if (commit === null) return { status: "failed", reason: "the update changed nothing", install };
  return { status: "applied", commit, install };
}

export function bumpMessage(group: UpdateGroup): string {
  const lines = group.updates.map((u) => `${u.name} ${u.from} -> ${u.to} (${u.kind})`);
  const [only] = group.updates;
  if (group.updates.length === 1 && only)
    return `Bump ${only.name} from ${only.from} to ${only.to}\n\n${lines[0]}\n`;
  return `Bump ${group.updates.length} dependencies (${group.id})\n\n${lines.join("\n")}\n`;
}
