// The localization corpora for the in-process benches (locate-eval, tune-locate-weights): the shared
// dev set and this project's tune/test split, each task's mutated checkout (rebuilt with the shared
// prepare.sh, cached outside the project) and the inputs `xihe locate` gives localize(): perception's
// failures, the code index, the repository config.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultRepoConfig } from "../src/config.ts";
import { diagnose } from "../src/perception/diagnose.ts";
import type { Failure } from "../src/perception/failure.ts";
import { openRepoIndex, type RepoIndex } from "../src/understanding/index/open-repo-index.ts";
import type { LocalizeInput } from "../src/understanding/localize/localize.ts";
import { addMissingTracked, mirrorGitDir } from "./snapshot-tracked.ts";

export interface CorpusTask {
  id: string;
  repo: string;
  commit: string;
  file: string;
  line: number;
  log: string;
}

export interface LoadedTask {
  task: CorpusTask;
  /** `minimist-03` -> `minimist`. */
  repoId: string;
  set: string;
  logText: string;
  failures: Failure[];
  repo: RepoIndex;
}

/** What `xihe locate` gives localize() for a task's checkout, log and perceived failures. */
export function localizeInputOf(
  repo: RepoIndex,
  failures: Failure[],
  logText: string,
): Omit<LocalizeInput, "limit"> {
  return {
    index: repo.index,
    failures,
    logText,
    readLines: repo.readLines,
    aliases: repo.config.understanding.aliases,
    callDepth: repo.config.understanding.call_depth,
  };
}

export const project = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const newCorpus = join(project, "bench", "localize-corpus");

/** dev: the shared development set; the others: split.json of bench/localize-corpus. */
export const SETS = [
  "dev",
  "tune",
  "test",
  "heldout",
  "heldout4",
  "heldout5",
  "heldout6",
  "heldout7",
  "heldout8",
  "heldout9",
  "heldout10",
  "heldout11",
  "heldout12",
  "heldout13",
  "heldout14",
  "heldout15",
  "heldout16",
  "heldout17",
  "heldout18",
  "heldout19",
  "heldout20",
  "heldout21",
  "heldout22",
  "heldout23",
  "heldout24",
];

export interface CorpusOptions {
  sets: string[];
  mirrors: string;
  work: string;
  /** The shared corpus: the dev set and the tooling (prepare.sh, mutate.mjs). */
  tools: string;
  repos?: string[];
  /** One index cache per repository here (`REPO.sqlite`), shared by its tasks, whose checkouts differ
   * by one file: each task parses only that file. Default: each checkout's own `.xihe/`. */
  indexCache?: string;
}

export function corpusOptions(flag: (name: string) => string | undefined, sets: string[]): CorpusOptions {
  const unknown = sets.filter((s) => !SETS.includes(s));
  if (unknown.length > 0) {
    console.error(`unknown set ${unknown.join(", ")}: give ${SETS.join(", ")}`);
    process.exit(2);
  }
  const mirrors = flag("mirrors") ?? process.env["XIHE_LOCALIZE_MIRRORS"];
  if (!mirrors) {
    console.error("give --mirrors DIR or XIHE_LOCALIZE_MIRRORS (OWNER+NAME/repo git mirrors)");
    process.exit(2);
  }
  return {
    sets,
    mirrors: resolve(mirrors),
    work: resolve(flag("work") ?? process.env["XIHE_LOCALIZE_WORK"] ?? join(tmpdir(), "xihe-locate-bench")),
    tools: resolve(
      flag("corpus") ??
        process.env["XIHE_LOCALIZE_CORPUS"] ??
        join(project, "..", "shared", "corpus", "localize"),
    ),
    ...(flag("repos") ? { repos: flag("repos")!.split(",") } : {}),
    ...(flag("index-cache") ? { indexCache: resolve(flag("index-cache")!) } : {}),
  };
}

/** Loads every task of the sets, building missing checkouts; yields them one by one (memory). */
export async function* loadTasks(o: CorpusOptions): AsyncGenerator<LoadedTask> {
  const split = JSON.parse(readFileSync(join(newCorpus, "split.json"), "utf8")) as Record<string, string[]>;
  for (const set of o.sets) {
    const folder = set === "dev" ? o.tools : newCorpus;
    const scorer = scorerCopy(o, set, folder);
    const wanted = new Set((split[set] ?? []).filter((r) => !o.repos || o.repos.includes(r)));
    const tasks = readFileSync(join(folder, "tasks.jsonl"), "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as CorpusTask);
    for (const task of tasks) {
      const repoId = task.id.replace(/-\d+$/, "");
      if (!wanted.has(repoId)) continue;
      const dir = await checkout(o, scorer, task);
      const logText = readFileSync(join(folder, task.log), "utf8");
      const cache = o.indexCache ? { cache: join(o.indexCache, `${repoId}.sqlite`) } : {};
      const repo = await openRepoIndex(project, dir, defaultRepoConfig, cache);
      const { failures } = await diagnose(logText, {
        repoRoot: repo.root,
        fileExists: (rel) => existsSync(join(repo.root, rel)),
      });
      yield { task, repoId, set, logText, failures: [...failures], repo };
    }
  }
}

/** The tooling with this set's tasks (prepare.sh reads tasks.jsonl next to itself). */
function scorerCopy(o: CorpusOptions, set: string, folder: string): string {
  const scorer = join(o.work, `eval-${set}`);
  rmSync(scorer, { recursive: true, force: true });
  mkdirSync(o.work, { recursive: true });
  cpSync(o.tools, scorer, { recursive: true });
  cpSync(join(folder, "tasks.jsonl"), join(scorer, "tasks.jsonl"));
  symlinkSync(join(project, "node_modules"), join(scorer, "node_modules"));
  return scorer;
}

/**
 * Same cache layout as score.mjs (`checkouts/ID` + `ID.ok`), so bench:locate's checkouts are reused.
 * A git snapshot holding every file the task's commit tracks, as the user's repository does: without
 * git, the index walks the tree honouring .gitignore, which drops a tracked file it matches.
 */
export async function checkout(o: CorpusOptions, scorer: string, task: CorpusTask): Promise<string> {
  const dir = join(o.work, "checkouts", task.id);
  const ok = join(o.work, "checkouts", `${task.id}.ok`);
  // Checkouts built before the snapshots were git repositories are rebuilt.
  if (!(existsSync(ok) && existsSync(join(dir, ".git")))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dirname(dir), { recursive: true });
    execFileSync("bash", [join(scorer, "prepare.sh"), o.mirrors, task.id, dir], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, PREPARE_GIT: "1" },
    });
  }
  const gitDir = mirrorGitDir(o.mirrors, task.repo);
  if (!gitDir) throw new Error(`no git mirror of ${task.repo} under ${o.mirrors}`);
  // Idempotent and cheap: also mends snapshots cached before it existed.
  await addMissingTracked(dir, gitDir, task.commit, task.file);
  writeFileSync(ok, "");
  return dir;
}

export interface Ranks {
  fileRank: number | null;
  funcRank: number | null;
}

/** The ranks score.mjs computes: distinct files in order; the first result whose span holds the line. */
export function ranks(
  results: readonly { file: string; startLine: number; endLine: number }[],
  task: Pick<CorpusTask, "file" | "line">,
): Ranks {
  const files: string[] = [];
  let fileRank: number | null = null;
  let funcRank: number | null = null;
  results.forEach((r, i) => {
    if (!files.includes(r.file)) files.push(r.file);
    if (fileRank === null && r.file === task.file) fileRank = files.length;
    if (funcRank === null && r.file === task.file && r.startLine <= task.line && task.line <= r.endLine)
      funcRank = i + 1;
  });
  return { fileRank, funcRank };
}

export interface Metrics {
  tasks: number;
  file1: number;
  file5: number;
  func1: number;
  func5: number;
}

export function metrics(rows: readonly Ranks[]): Metrics {
  const at = (key: keyof Ranks, k: number) =>
    rows.length ? rows.filter((r) => r[key] !== null && r[key] <= k).length / rows.length : 0;
  return {
    tasks: rows.length,
    file1: at("fileRank", 1),
    file5: at("fileRank", 5),
    func1: at("funcRank", 1),
    func5: at("funcRank", 5),
  };
}

export function formatMetrics(m: Metrics): string {
  const f = (x: number) => x.toFixed(3);
  return `${String(m.tasks).padStart(4)}  ${f(m.file1)}  ${f(m.file5)}  ${f(m.func1)}  ${f(m.func5)}`;
}
