// A file the working tree has but the git index no longer tracks (`git rm --cached f`) while the
// base has it: `git diff BASE` calls it deleted and `ls-files --others` lists it again, yet to the
// user it is one file, edited or not. Its change is the base blob against the bytes on disk, diffed
// by git itself (--no-index) on two scratch copies, so no diff driver of the repository runs and the
// user's staging area is not touched.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runGit } from "../index/run-git.ts";
import { runGitBytes } from "../../workspace/git/run-git.ts";
import { parseUnifiedDiff, type FileDiff } from "./diff-hunks.ts";

/** The change from `base:path` to `bytes`; null when the content is the base's; skipped when the base blob is too large. */
export async function modifiedFileDiff(
  root: string,
  base: string,
  path: string,
  bytes: Buffer,
  maxBytes: number,
): Promise<FileDiff | null> {
  const spec = `${base}:${path}`;
  const size = Number((await runGit(root, ["cat-file", "-s", spec])).toString("utf8").trim());
  if (size > maxBytes)
    return { oldPath: path, newPath: path, hunks: [], binary: false, skipped: "too_large" };
  const before = await runGit(root, ["cat-file", "blob", spec]);
  const scratch = mkdtempSync(join(tmpdir(), "xihe-explain-"));
  try {
    writeFileSync(join(scratch, "old"), before);
    writeFileSync(join(scratch, "new"), bytes);
    const out = await runGitBytes(
      [
        "-c",
        "core.quotepath=off",
        "diff",
        "--no-index",
        "--unified=0",
        "--no-color",
        "--no-ext-diff",
        "--no-textconv",
        "--",
        "old",
        "new",
      ],
      // Exit 1: the two differ.
      { cwd: scratch, allowFileProtocol: false, okExitCodes: [0, 1] },
    );
    const [diff] = parseUnifiedDiff(out.toString("utf8"));
    return diff ? { ...diff, oldPath: path, newPath: path } : null;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
