// A repository at a commit in a fresh directory of its own, on a `main` branch with no remote and
// no other refs: the fix run may change anything there and nothing goes back to the source. The
// source is a git bundle (what `xihe bench make` writes) or a git checkout.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UsageError } from "../errors.ts";
import { runGit } from "../workspace/git/run-git.ts";

export interface TaskCheckout {
  root: string;
  remove: () => void;
}

export async function checkOutCommit(
  source: { id: string; repo: string; commit: string },
  parentDir = tmpdir(),
): Promise<TaskCheckout> {
  if (!existsSync(source.repo))
    throw new UsageError(
      `task ${source.id}: repository ${source.repo} does not exist (a git bundle or checkout)`,
    );
  const dir = mkdtempSync(join(parentDir, `xihe-bench-${source.id}-`));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const root = join(dir, "repo");
  const git = (args: string[], cwd = root) =>
    runGit(args, { cwd, allowFileProtocol: true, timeoutMs: 120_000 });
  try {
    await git(["init", "-q", "-b", "main", root], dir);
    await git(["fetch", "-q", "--no-tags", "--", source.repo, "+refs/*:refs/source/*"]);
    await git(["checkout", "-q", "-B", "main", source.commit]);
    const fetched = await git(["for-each-ref", "--format=%(refname)", "refs/source/"]);
    for (const ref of fetched.split("\n").filter(Boolean)) await git(["update-ref", "-d", ref]);
  } catch (err) {
    remove();
    throw new UsageError(
      `task ${source.id}: cannot check out ${source.commit} from ${source.repo}: ${(err as Error).message}`,
      { cause: err },
    );
  }
  return { root, remove };
}
