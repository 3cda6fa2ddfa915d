// The benches' checkouts of a fetched repository: a clone of its git mirror (`owner+name/repo` under
// the mirrors folder), made once per work folder and reused by later runs.
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";

/** The mirror of `owner/name` under the folder the `fetch` tool fills. */
export function mirrorOf(mirrors: string, repo: string): string {
  return join(mirrors, repo.replace("/", "+"), "repo");
}

/** Clones `owner/name`'s mirror into `dir` with no checkout, unless a clone is already there. */
export async function cloneFromMirror(mirrors: string, repo: string, dir: string): Promise<string> {
  if (!existsSync(join(dir, ".git"))) {
    mkdirSync(dirname(dir), { recursive: true });
    await execa("git", ["clone", "--quiet", "--no-checkout", mirrorOf(mirrors, repo), dir]);
  }
  return dir;
}
