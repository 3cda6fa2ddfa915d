// Real git for delivery tests: a bare "GitHub" repository reached over file:// and a working clone,
// both in a fresh temp directory. Nothing here is faked.
import { execa } from "execa";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { scratchDir } from "../support/scratch-dir.ts";

export interface GitFixture {
  root: string;
  bare: string;
  url: string;
  work: string;
  hooksDir: string;
  /** The first commit on main: an ancestor of everything a test commits. */
  initial: string;
  git(args: string[], cwd?: string): Promise<string>;
  /** Writes files in the working clone and commits them; returns the new SHA. */
  commit(files: Record<string, string>, message: string, cwd?: string): Promise<string>;
  /** The SHA of a branch in the bare repository, or null when it does not exist. */
  remoteSha(branch: string): Promise<string | null>;
  cleanup(): void;
}

const identity = [
  "-c",
  "user.name=Test Dev",
  "-c",
  "user.email=dev@example.com",
  "-c",
  "commit.gpgsign=false",
];

export async function createGitFixture(): Promise<GitFixture> {
  const root = scratchDir("xihe-delivery-");
  const bare = join(root, "origin.git");
  const work = join(root, "work");
  const hooksDir = join(root, "hooks");
  mkdirSync(hooksDir);
  const git = async (args: string[], cwd = work) =>
    (await execa("git", [...identity, ...args], { cwd, env: { GIT_CONFIG_NOSYSTEM: "1" } })).stdout;
  await execa("git", ["init", "--quiet", "--bare", "--initial-branch=main", bare]);
  await execa("git", ["init", "--quiet", "--initial-branch=main", work]);
  await git(["remote", "add", "origin", `file://${bare}`]);
  const fixture: GitFixture = {
    root,
    bare,
    url: `file://${bare}`,
    work,
    hooksDir,
    initial: "",
    git,
    async commit(files, message, cwd = work) {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(cwd, path)), { recursive: true });
        writeFileSync(join(cwd, path), text);
      }
      await git(["add", "--all"], cwd);
      await git(["commit", "--quiet", "-m", message], cwd);
      return git(["rev-parse", "HEAD"], cwd);
    },
    async remoteSha(branch) {
      const out = await git(["ls-remote", "--heads", fixture.url, `refs/heads/${branch}`]);
      return out === "" ? null : (out.split("\t")[0] ?? null);
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
  fixture.initial = await fixture.commit(
    { "README.md": "# demo\n", "src/app.js": "export const x = 1;\n" },
    "initial",
  );
  await git(["push", "--quiet", "origin", "main"]);
  return fixture;
}
