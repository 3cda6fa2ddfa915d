// The localize corpus' git snapshots must hold every file the task's commit tracks. prepare.sh's
// PREPARE_GIT snapshot is `git add -A` of the checked-out tree, so a tracked file that the
// repository's own .gitignore matches is left out (jsonata's `jsonata.js` pattern, meant for a
// bundle, also matches its tracked src/jsonata.js), and xihe's index, which lists files with git,
// never sees it. In the user's repository that file is tracked: this puts it back.
import { createHash } from "node:crypto";
import { lstatSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";

/** The git directory of `owner/name`'s mirror, where prepare.sh looks for it; null when absent. */
export function mirrorGitDir(mirrors: string, repo: string): string | null {
  const name = join(mirrors, repo.replace("/", "+"));
  for (const cand of [join(name, "repo", ".git"), join(name, "repo"), join(name, ".git"), name])
    if (exists(join(cand, "HEAD")) && exists(join(cand, "objects"))) return cand;
  return null;
}

export interface MendedSnapshot {
  /** Tracked files the snapshot lacked, now added. */
  added: string[];
  /** Tracked files the snapshot lacked whose content is no longer the commit's (rewritten by the
   *  task's install, e.g. a package-lock.json): left out, so the snapshot holds no installed state. */
  changed: string[];
}

/**
 * Adds (forced past .gitignore) the files `commit` of `gitDir` tracks that the snapshot at `dir`
 * lacks, and amends the snapshot commit, so that its tree is the commit's plus the task's mutation
 * (`mutatedFile`, whose content differs from the commit's on purpose).
 */
export async function addMissingTracked(
  dir: string,
  gitDir: string,
  commit: string,
  mutatedFile: string,
): Promise<MendedSnapshot> {
  const tree = await execa("git", ["--git-dir", gitDir, "ls-tree", "-r", "-z", commit]);
  const listed = await execa("git", ["-C", dir, "ls-files", "-z"]);
  const present = new Set(listed.stdout.split("\0"));
  // `MODE TYPE SHA\tPATH`; gitlinks (submodules) are not checked out, so only blobs count.
  const missing = tree.stdout
    .split("\0")
    .filter((e) => e.includes("\t") && e.split(" ")[1] === "blob")
    .map((e) => ({ sha: e.split(" ")[2]!.split("\t")[0]!, path: e.slice(e.indexOf("\t") + 1) }))
    .filter((f) => !present.has(f.path) && exists(join(dir, f.path)));
  if (missing.length === 0) return { added: [], changed: [] };
  // What `git add` would store for each: a link's target text; a file's content through the same
  // clean filters (hash-object, which would follow a link instead).
  const links = missing.filter((f) => lstatSync(join(dir, f.path)).isSymbolicLink());
  const files = missing.filter((f) => !links.includes(f));
  // --stdin-paths reads one path per line: a path holding a newline would shift every later hash.
  const batched = files.filter((f) => !f.path.includes("\n"));
  const hashed = batched.length
    ? (
        await execa("git", ["-C", dir, "hash-object", "--stdin-paths"], {
          input: batched.map((f) => f.path).join("\n"),
        })
      ).stdout.split("\n")
    : [];
  const stored = new Map<string, string>([
    ...batched.map((f, i): [string, string] => [f.path, hashed[i]!]),
    ...links.map((f): [string, string] => [f.path, blobSha(readlinkSync(join(dir, f.path)))]),
  ]);
  for (const f of files.filter((f) => f.path.includes("\n")))
    stored.set(f.path, (await execa("git", ["-C", dir, "hash-object", "--", f.path])).stdout.trim());
  const added: string[] = [];
  const changed: string[] = [];
  for (const f of missing)
    (stored.get(f.path) === f.sha || f.path === mutatedFile ? added : changed).push(f.path);
  if (added.length === 0) return { added, changed };
  const env = {
    // the paths are names, not patterns
    GIT_LITERAL_PATHSPECS: "1",
    // the same fixed dates and author as prepare.sh's snapshot commit
    GIT_AUTHOR_DATE: "2000-01-01T00:00:00Z",
    GIT_COMMITTER_DATE: "2000-01-01T00:00:00Z",
  };
  await execa("git", ["-C", dir, "add", "-f", "--pathspec-from-file=-", "--pathspec-file-nul"], {
    input: added.join("\0"),
    env,
  });
  const identity = ["-c", "user.name=bench", "-c", "user.email=bench@example.invalid"];
  await execa("git", ["-C", dir, ...identity, "commit", "-q", "--amend", "--no-edit", "--no-verify"], {
    env,
  });
  return { added, changed };
}

/** Whether the path exists, a dangling symbolic link included (a tracked link need not resolve). */
function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** git's object name of a blob holding `text`. */
function blobSha(text: string): string {
  const body = Buffer.from(text);
  return createHash("sha1").update(`blob ${body.length}\0`).update(body).digest("hex");
}
