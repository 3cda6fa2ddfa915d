// The explain bench's corpus: repositories (repos.json), the commits picked from their history
// (commits.json) and the ground truth made for each (truth/ID.json) by explain-truth.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { project } from "../bench-args.ts";
import type { TruthSymbol } from "./js-symbols.ts";

export const corpus = join(project, "bench", "explain-corpus");

export interface Repo {
  id: string;
  repo: string;
  commit: string;
  lang: "js" | "ts" | "python";
  /** heldout, heldout2, heldout3: built and frozen after tune/test had been looked at, measured once (README). */
  split: "tune" | "test" | "heldout" | "heldout2" | "heldout3";
  setup?: string;
  /** Run at every checkout before the tests (ohash's source imports the package's own built
   * `ohash/crypto`, so that entry is built from the commit, by esbuild: the project's own build
   * tool changed within the picked history). */
  prepare?: string;
  sources: string[];
  tests: string[];
  testsExclude?: string[];
  run: "node" | "mocha" | "vitest" | "pytest";
  pythonPath?: string;
  /** Extra pytest arguments for each test file's run (e.g. `-o addopts=` when the repository's
   * pytest config needs a plugin pytest alone lacks). */
  pytestArgs?: string[];
  /** Run all test files in one pytest session, entries attributed per test file (python-truth.py
   * trace-session), instead of one pytest per file. */
  pytestSession?: boolean;
  /** Committed build output (a browser bundle): its copies of the project's functions are not
   * the project's symbols, so a name defined in it does not count as defined twice. */
  generated?: string[];
  entry?: string;
  package: string;
  /** The test command `xihe explain --coverage` runs each test file with (bench --coverage). */
  coverageCommand?: string;
}
export interface Commit {
  id: string;
  repo: string;
  commit: string;
  base: string;
}
export interface TruthChanged {
  file: string;
  qualifiedName: string;
  kind: TruthSymbol["kind"];
  change: "added" | "modified" | "removed";
  line: number;
  /** Test files that execute it (functions, methods, classes at the head); null: not measured. */
  tests: string[] | null;
  /** Grep-verified `path:line` references; null: not scored (a method, or a name defined twice). */
  references: string[] | null;
  /** In the package's public API; null when not decided (removed symbols, nested functions). */
  public: boolean | null;
}
export interface Truth {
  id: string;
  repo: string;
  commit: string;
  base: string;
  testFiles: string[];
  /** Test files whose run failed (their coverage still counts). */
  failedTestFiles: string[];
  changed: TruthChanged[];
}

export function loadRepos(): Repo[] {
  return (JSON.parse(readFileSync(join(corpus, "repos.json"), "utf8")) as { repos: Repo[] }).repos;
}
export function loadCommits(): Commit[] {
  return JSON.parse(readFileSync(join(corpus, "commits.json"), "utf8")) as Commit[];
}
