// The git operations tools and the loop need on the workspace checkout. The one implementation is
// open-workspace-git.ts (the hardened runner of workspace/run-git.ts); the interface keeps the loop
// free of git plumbing.
export interface WorkspaceGit {
  /** Tracked and untracked-not-ignored files, repository-relative. */
  listFiles(): Promise<string[]>;
  head(): Promise<string>;
  /** Creates the branch at HEAD and switches to it. */
  createBranch(name: string): Promise<void>;
  /** Stages everything and commits; null when there was nothing to commit. */
  commitAll(message: string): Promise<string | null>;
  /** Diff of the working tree (including untracked files) against `base`. */
  diff(base: string, paths?: readonly string[]): Promise<string>;
  /** `git diff --check` against `base`: whitespace errors and conflict markers. */
  diffCheck(base: string): Promise<{ ok: boolean; output: string }>;
  changedFiles(base: string): Promise<string[]>;
  /** The checked-out branch, or null on a detached HEAD. */
  currentBranch(): Promise<string | null>;
  /** `git status --porcelain` lines: uncommitted changes and untracked, not ignored files. */
  pendingChanges(): Promise<string[]>;
  switchTo(branch: string): Promise<void>;
}
