// WorkspaceGit over the one hardened git runner (workspace/run-git.ts): no host config, no hooks,
// no fsmonitor, no submodule recursion, no diff drivers, a fixed identity. The repository is pinned
// when the workspace is opened, before any sandboxed command runs, so a rewritten `.git` file in
// the work tree cannot point host git at a planted repository (threat model A39).
import { lstatSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { ToolFailure } from "../errors.ts";
import { GitCommandError, runGitForExit } from "../workspace/git/run-git.ts";
import { refuseNewGitlinks } from "./refuse-new-gitlinks.ts";
import type { WorkspaceGit } from "./workspace-git.ts";

// Xihe's own state in a checkout (the index cache) is never part of a fix or a "dirty" tree.
const ownState = ":(exclude).xihe";
const noSubmodules = "--ignore-submodules=all";
const noDrivers = ["--no-color", "--no-ext-diff", "--no-textconv", noSubmodules];

/** The git directory of the checkout at `root`: `.git` itself, or where a `.git` file points. */
function gitDirOf(root: string): string {
  const dotGit = resolve(root, ".git");
  const stat = lstatSync(dotGit, { throwIfNoEntry: false });
  if (stat?.isDirectory()) return dotGit;
  const pointer = stat?.isFile() ? /^gitdir: (.+)$/m.exec(readFileSync(dotGit, "utf8")) : null;
  if (!pointer)
    throw new GitCommandError(
      `${root} is not the top of a git checkout: it has no .git directory or gitdir file`,
    );
  return resolve(root, pointer[1]!.trim());
}

export function openWorkspaceGit(root: string): WorkspaceGit {
  const pinned = { GIT_DIR: gitDirOf(root), GIT_WORK_TREE: resolve(root) };
  async function git(
    args: readonly string[],
    okExitCodes: readonly number[] = [0],
  ): Promise<{ stdout: string; exitCode: number }> {
    try {
      return await runGitForExit(args, { cwd: root, env: pinned, allowFileProtocol: false, okExitCodes });
    } catch (err) {
      // The model reads ToolFailure and can correct itself (a bad path, a bad ref).
      if (err instanceof GitCommandError) throw new ToolFailure(err.message.slice(0, 600), { cause: err });
      throw err;
    }
  }
  const stdoutOf = async (args: readonly string[]) => (await git(args)).stdout;
  const lines = (text: string) => text.split("\n").filter((l) => l !== "");
  const nulLines = (text: string) => text.split("\0").filter((l) => l !== "");
  const addIntents = () => git(["add", "-A", "-N", "--", ".", ownState]);
  return {
    listFiles: async () =>
      nulLines(await stdoutOf(["ls-files", "--cached", "--others", "--exclude-standard", "-z"])),
    head: async () => (await stdoutOf(["rev-parse", "HEAD"])).trim(),
    async createBranch(name) {
      await git(["switch", "-c", name, "--"]);
    },
    async commitAll(message) {
      await git(["add", "-A", "--", ".", ownState]);
      await refuseNewGitlinks(stdoutOf);
      const staged = await git(["diff", "--cached", "--quiet", noSubmodules], [0, 1]);
      if (staged.exitCode === 0) return null;
      await git(["commit", "-q", "--no-verify", "-m", message]);
      return (await stdoutOf(["rev-parse", "HEAD"])).trim();
    },
    async diff(base, paths = []) {
      await addIntents();
      return stdoutOf(["diff", ...noDrivers, base, "--", ...paths]);
    },
    async diffCheck(base) {
      await addIntents();
      const result = await git(["diff", "--check", ...noDrivers, base, "--"], [0, 2]);
      return { ok: result.exitCode === 0, output: result.stdout };
    },
    async currentBranch() {
      const { stdout, exitCode } = await git(["symbolic-ref", "--quiet", "--short", "HEAD"], [0, 1]);
      return exitCode === 0 ? stdout.trim() : null;
    },
    pendingChanges: async () =>
      lines(
        await stdoutOf(["status", "--porcelain", "--untracked-files=all", noSubmodules, "--", ".", ownState]),
      ),
    async switchTo(branch) {
      await git(["switch", "--quiet", branch, "--"]);
    },
    async changedFiles(base) {
      await addIntents();
      return nulLines(await stdoutOf(["diff", "--name-only", "-z", noSubmodules, base, "--"]));
    },
  };
}
