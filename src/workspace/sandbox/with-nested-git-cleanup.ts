// After every sandboxed command, removes the `.git` directories, files and links it left anywhere
// in the workspace below the top level: a nested repository is PR-controlled config (filters,
// fsmonitor, hooks) that any git descending into it would run, ours or the user's next `git status`
// in a local checkout (threat model A39). Nested repositories that were there before the first command
// (a user's own submodules) stay. The top-level `.git` is the workspace's own; when it is a gitdir
// file (a linked worktree) a rewritten pointer is put back.
import { chmodSync, type Dirent, lstatSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Sandbox } from "./sandbox.ts";

/** Every `.git` entry below `root` (not `root/.git`), found without following symlinks. */
export function findNestedGit(root: string): string[] {
  const found: string[] = [];
  const pending = [root];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    for (const entry of entriesOf(dir)) {
      const path = join(dir, entry.name);
      if (entry.name === ".git") {
        if (dir !== root) found.push(path);
      } else if (entry.isDirectory()) pending.push(path);
    }
  }
  return found;
}

// A command can leave a directory it made unreadable to hide a repository in it; we own it, so we
// open it up again rather than leave it unchecked.
function entriesOf(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    if (!(err instanceof Error && "code" in err && err.code === "EACCES")) throw err;
    chmodSync(dir, 0o700);
    return readdirSync(dir, { withFileTypes: true });
  }
}

function gitFileText(root: string): string | null {
  const stat = lstatSync(join(root, ".git"), { throwIfNoEntry: false });
  return stat?.isFile() ? readFileSync(join(root, ".git"), "utf8") : null;
}

export function withNestedGitCleanup(sandbox: Sandbox): Sandbox {
  const root = sandbox.root;
  const preexisting = new Set(findNestedGit(root));
  const gitFile = gitFileText(root);
  const cleanUp = (): void => {
    for (const path of findNestedGit(root))
      if (!preexisting.has(path)) rmSync(path, { recursive: true, force: true });
    if (gitFile !== null && gitFileText(root) !== gitFile) {
      rmSync(join(root, ".git"), { recursive: true, force: true });
      writeFileSync(join(root, ".git"), gitFile);
    }
  };
  return {
    kind: sandbox.kind,
    root,
    async run(argv, options) {
      try {
        return await sandbox.run(argv, options);
      } finally {
        cleanUp();
      }
    },
  };
}
