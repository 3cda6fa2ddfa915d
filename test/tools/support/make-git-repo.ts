// A real git repository in a temp dir with the given files committed on `main`.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface TempRepo {
  root: string;
  git: (...args: string[]) => string;
  write: (path: string, text: string) => void;
  cleanup: () => void;
}

export function makeGitRepo(files: Record<string, string>): TempRepo {
  // /dev/shm when present: the root disk is slow for many small files (ENV-NOTES §4).
  const base = process.platform === "linux" ? "/dev/shm" : tmpdir();
  const root = mkdtempSync(join(base, "xihe-repo-"));
  const git = (...args: string[]) =>
    execFileSync(
      "git",
      [
        "-c",
        "user.name=test",
        "-c",
        "user.email=test@example.com",
        "-c",
        "core.hooksPath=/dev/null",
        ...args,
      ],
      {
        cwd: root,
        encoding: "utf8",
      },
    );
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  git("init", "-q", "-b", "main");
  for (const [path, text] of Object.entries(files)) write(path, text);
  git("add", "-A");
  git("commit", "-q", "-m", "initial");
  return { root, git, write, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
