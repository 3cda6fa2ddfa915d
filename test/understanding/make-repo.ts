// Test repositories: a temp directory with the given files, committed with real git (or left as
// a plain directory), removed by the returned cleanup.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { scratchDir } from "../support/scratch-dir.ts";

export interface TestRepo {
  root: string;
  write(path: string, content: string | Buffer): void;
  git(...args: string[]): string;
  commitAll(message: string): void;
  cleanup(): void;
}

export function makeRepo(files: Record<string, string | Buffer>, options: { git?: boolean } = {}): TestRepo {
  const root = scratchDir("xihe-index-");
  const git = (...args: string[]) =>
    execFileSync(
      "git",
      [
        "-c",
        "user.name=xihe-test",
        "-c",
        "user.email=test@example.invalid",
        "-c",
        "commit.gpgsign=false",
        ...args,
      ],
      {
        cwd: root,
        encoding: "utf8",
      },
    );
  const write = (path: string, content: string | Buffer) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  for (const [path, content] of Object.entries(files)) write(path, content);
  const repo: TestRepo = {
    root,
    write,
    git,
    commitAll(message) {
      git("add", "-A");
      git("commit", "-q", "-m", message);
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
  if (options.git !== false) {
    git("init", "-q", "-b", "main");
    repo.commitAll("initial");
  }
  return repo;
}

/** Joins lines with "\n" and a final newline, so test sources read like files. */
export function lines(...text: string[]): string {
  return `${text.join("\n")}\n`;
}

/** A fixture project's files by their path under `dir`, as makeRepo takes them. */
export function filesUnder(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[relative(dir, path)] = readFileSync(path, "utf8");
    }
  };
  walk(dir);
  return out;
}
