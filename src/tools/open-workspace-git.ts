// WorkspaceGit over the git binary, argv only (no shell). Hooks, fsmonitor and pagers are switched
// off for every call so a repository's own config cannot run code in the bot's process.
import { execa } from "execa";
import { ToolFailure } from "../errors.ts";
import type { WorkspaceGit } from "./workspace-git.ts";

const safety = [
  "-c",
  "core.hooksPath=/dev/null",
  "-c",
  "core.fsmonitor=false",
  "-c",
  "core.pager=cat",
  "-c",
  "commit.gpgsign=false",
];

// Xihe's own state in a checkout (the index cache) is never part of a fix or a "dirty" tree.
const ownState = ":(exclude).xihe";

export function openWorkspaceGit(
  root: string,
  identity = { name: "xihe", email: "xihe@users.noreply.github.com" },
): WorkspaceGit {
  async function git(
    args: readonly string[],
    okCodes: readonly number[] = [0],
  ): Promise<{ stdout: string; exitCode: number }> {
    const result = await execa(
      "git",
      [...safety, "-c", `user.name=${identity.name}`, "-c", `user.email=${identity.email}`, ...args],
      {
        cwd: root,
        reject: false,
        stripFinalNewline: false,
        env: { GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0" },
      },
    );
    const exitCode = result.exitCode ?? -1;
    if (!okCodes.includes(exitCode))
      throw new ToolFailure(
        `git ${args[0] ?? ""} failed (exit ${exitCode}): ${String(result.stderr).trim().slice(0, 500)}`,
      );
    return { stdout: String(result.stdout), exitCode };
  }
  const lines = (text: string) => text.split("\n").filter((l) => l !== "");
  return {
    listFiles: async () =>
      lines(
        (await git(["ls-files", "--cached", "--others", "--exclude-standard", "-z"])).stdout.replaceAll(
          "\0",
          "\n",
        ),
      ),
    head: async () => (await git(["rev-parse", "HEAD"])).stdout.trim(),
    async createBranch(name) {
      await git(["switch", "-c", name, "--"]);
    },
    async commitAll(message) {
      await git(["add", "-A", "--", ".", ownState]);
      const staged = await git(["diff", "--cached", "--quiet"], [0, 1]);
      if (staged.exitCode === 0) return null;
      await git(["commit", "-q", "--no-verify", "-m", message]);
      return (await git(["rev-parse", "HEAD"])).stdout.trim();
    },
    async diff(base, paths = []) {
      await git(["add", "-A", "-N", "--", ".", ownState]);
      return (await git(["diff", "--no-color", "--no-ext-diff", base, "--", ...paths])).stdout;
    },
    async diffCheck(base) {
      await git(["add", "-A", "-N", "--", ".", ownState]);
      const result = await git(["diff", "--check", "--no-color", base, "--"], [0, 2]);
      return { ok: result.exitCode === 0, output: result.stdout };
    },
    async currentBranch() {
      const { stdout, exitCode } = await git(["symbolic-ref", "--quiet", "--short", "HEAD"], [0, 1]);
      return exitCode === 0 ? stdout.trim() : null;
    },
    pendingChanges: async () =>
      lines((await git(["status", "--porcelain", "--untracked-files=all", "--", ".", ownState])).stdout),
    async switchTo(branch) {
      await git(["switch", "--quiet", branch, "--"]);
    },
    async changedFiles(base) {
      await git(["add", "-A", "-N", "--", ".", ownState]);
      return lines((await git(["diff", "--name-only", "-z", base, "--"])).stdout.replaceAll("\0", "\n"));
    },
  };
}
