// Per-run workspaces: a `git clone --shared` of the warm mirror checked out at the exact SHA the run
// was requested for. The run worker calls prepareWorkspace() and dispose(); the worker start-up
// calls removeLeftoverWorkspaces() because a crashed process cannot clean up after itself.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { assertFreeDisk } from "./disk-space.ts";
import { assertExecutableMount } from "./exec-mount.ts";
import { assertCommitSha, assertPullNumber } from "./git/git-ref.ts";
import { createMirrorCache } from "./git/mirror-cache.ts";
import { runGit } from "./git/run-git.ts";

export interface WorkspaceRequest {
  /** https://github.com/owner/repo.git (no credentials in it), or file:// in tests. */
  cloneUrl: string;
  /** The PR head SHA that was current when the run was requested. */
  sha: string;
  /** Fork PRs: the head is fetched through refs/pull/N/head. */
  prNumber?: number;
  token?: string;
}

export interface PreparedWorkspace {
  dir: string;
  sha: string;
  /** The mirror's object store, which the shared clone reads: bind it read-only into the sandbox. */
  readOnlyDirs: string[];
  dispose(): Promise<void>;
}

export interface WorkspaceFactoryDeps {
  /** Mirrors and hooks dir (XIHE_WORK_DIR). */
  workDir: string;
  /** Where checkouts go; tmpfs (/dev/shm) is much faster than a disk for many small files. */
  workspacesDir: string;
  newId: () => string;
  minFreeMb?: number;
}

export function createWorkspaceFactory(deps: WorkspaceFactoryDeps) {
  const mirrors = createMirrorCache(deps.workDir);
  mkdirSync(deps.workspacesDir, { recursive: true });
  const git = { emptyHooksDir: mirrors.emptyHooksDir, allowFileProtocol: true };
  return {
    /** The empty directory every git call uses as core.hooksPath. */
    hooksDir: mirrors.emptyHooksDir,
    async prepareWorkspace(request: WorkspaceRequest): Promise<PreparedWorkspace> {
      const sha = assertCommitSha(request.sha);
      if (request.prNumber !== undefined) assertPullNumber(request.prNumber);
      assertFreeDisk(deps.workDir, deps.minFreeMb ?? 1024);
      assertFreeDisk(deps.workspacesDir, deps.minFreeMb ?? 1024);
      assertExecutableMount(deps.workspacesDir);
      const mirror = await mirrors.ensureCommit({ ...request, sha });
      const dir = join(deps.workspacesDir, `ws-${deps.newId()}`);
      const dispose = async (): Promise<void> => rmSync(dir, { recursive: true, force: true });
      try {
        await runGit(["clone", "--quiet", "--shared", "--no-checkout", "--no-tags", "--", mirror, dir], {
          ...git,
          cwd: deps.workspacesDir,
        });
        neutraliseDrivers(dir);
        await runGit(["checkout", "--quiet", "--detach", sha, "--"], { ...git, cwd: dir });
        // Later fetches/pushes go to the real remote (token per command), not to our mirror path.
        await runGit(["remote", "set-url", "origin", request.cloneUrl], { ...git, cwd: dir });
      } catch (err) {
        await dispose();
        throw err;
      }
      return { dir, sha, readOnlyDirs: [join(mirror, "objects")], dispose };
    },
    /** Removes every workspace left by an earlier process; returns how many were removed. */
    removeLeftoverWorkspaces(): number {
      const leftovers = readdirSync(deps.workspacesDir).filter((name) => name.startsWith("ws-"));
      for (const name of leftovers) rmSync(join(deps.workspacesDir, name), { recursive: true, force: true });
      return leftovers.length;
    },
  };
}

// info/attributes outranks every .gitattributes in the tree: whatever driver names the PR's
// attributes use, host git applies no filter, textconv, external diff or merge driver in this
// checkout, even one a config we did not foresee defines (threat model A39). --attr-source would do the
// same from outside the repository but needs git 2.40.
function neutraliseDrivers(dir: string): void {
  mkdirSync(join(dir, ".git", "info"), { recursive: true });
  writeFileSync(join(dir, ".git", "info", "attributes"), "* !filter !diff !merge\n");
}

export type WorkspaceFactory = ReturnType<typeof createWorkspaceFactory>;
