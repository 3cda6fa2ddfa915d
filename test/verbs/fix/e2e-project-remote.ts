// What the end-to-end fix runs on real projects share: a bare repository built from a fixture project
// (`base/` on master, `pr/` laid over it on `changes`, the PR head) with the CI log recorded for it,
// and a clean clone of the side branch Xihe delivered.
import { execFileSync } from "node:child_process";
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";

export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=dev", "-c", "user.email=dev@example.invalid", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();
}

export interface ProjectRemote {
  bare: string;
  head: string;
  /** The CI job log recorded for the PR head (the fixture's ci-job-log.txt). */
  log: string;
}

/** A bare repository under `root`: `master` is the green project, `changes` (the PR head) breaks it. */
export function makeProjectRemote(root: string, project: string, messages: [string, string]): ProjectRemote {
  const work = join(root, "work");
  cpSync(join(project, "base"), work, { recursive: true });
  git(work, "init", "-q", "-b", "master");
  git(work, "add", "-A");
  git(work, "commit", "-qm", messages[0]);
  git(work, "switch", "-q", "-c", "changes");
  cpSync(join(project, "pr"), work, { recursive: true });
  git(work, "commit", "-qam", messages[1]);
  const bare = join(root, "Hello-World.git");
  execFileSync("git", ["clone", "-q", "--bare", work, bare]);
  const log = readFileSync(join(project, "ci-job-log.txt"), "utf8");
  return { bare, head: git(work, "rev-parse", "HEAD"), log };
}

/** A clean clone (under `root`/check) of the one side branch Xihe pushed; no dependency dir in it. */
export function cloneSideBranch(root: string, bare: string, dependencyDir: string): string {
  const branch = git(bare, "branch", "--list", "xihe/fix/*").replace(/^[*\s]+/gm, "");
  expect(branch).toMatch(/^xihe\/fix\/1-/);
  const check = join(root, "check");
  execFileSync("git", ["clone", "-q", "-b", branch, bare, check]);
  expect(git(check, "ls-files", dependencyDir)).toBe("");
  return check;
}
