// A task's commit: the base tree with one file replaced by its broken text, as a commit with no
// parent (the fix run cannot read the answer from history), with fixed names and dates so the same
// breakage gives the same commit id; bundled alone into the pack.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runGit } from "../../workspace/git/run-git.ts";

const fixedIdentity = {
  GIT_AUTHOR_NAME: "xihe bench",
  GIT_AUTHOR_EMAIL: "bench@xihe.invalid",
  GIT_AUTHOR_DATE: "2000-01-01T00:00:00Z",
  GIT_COMMITTER_NAME: "xihe bench",
  GIT_COMMITTER_EMAIL: "bench@xihe.invalid",
  GIT_COMMITTER_DATE: "2000-01-01T00:00:00Z",
};

/** `root` holds the broken file in its work tree; returns the commit id. */
export async function writeTaskCommit(
  root: string,
  task: { id: string; base: string; file: string; bundle: string },
): Promise<string> {
  const git = (args: string[], env: Record<string, string> = {}) =>
    runGit(args, { cwd: root, allowFileProtocol: false, env });
  const indexDir = mkdtempSync(join(tmpdir(), "xihe-bench-index-"));
  try {
    const index = { GIT_INDEX_FILE: join(indexDir, "index") };
    const blob = await git(["hash-object", "-w", "--", task.file]);
    const mode = (await git(["ls-files", "-s", "--", task.file])).split(" ")[0] || "100644";
    await git(["read-tree", task.base], index);
    await git(["update-index", "--cacheinfo", `${mode},${blob},${task.file}`], index);
    const tree = await git(["write-tree"], index);
    const commit = await git(["commit-tree", tree, "-m", `bench task ${task.id}`], fixedIdentity);
    const ref = `refs/bench/${task.id}`;
    await git(["update-ref", ref, commit]);
    await git(["bundle", "create", "-q", task.bundle, ref]);
    return commit;
  } finally {
    rmSync(indexDir, { recursive: true, force: true });
  }
}
