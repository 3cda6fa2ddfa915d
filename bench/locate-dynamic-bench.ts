// Static vs dynamic (`xihe locate --run`) localization on the corpus' mutation tasks:
//   node bin/run-ts.js bench/locate-dynamic-bench.ts -- [--set dev|tune|test|heldout|heldout4|heldout5|heldout6|heldout7|heldout8|heldout9|heldout10|heldout11|heldout12|heldout13|heldout14|heldout15|heldout16|heldout17|heldout18|heldout19|heldout20|heldout21|heldout22|heldout23|heldout24] [--corpus DIR]
//     [--new-corpus DIR] [--mirrors DIR] [--work DIR] [--only ID,ID] [--budget SECONDS]
//     [--test-path DIR]
// --set dev (default) runs the shared development set; tune, test and heldout the repositories
// of split.json in --new-corpus (default bench/localize-corpus: tasks and logs; the tooling is the
// shared corpus'). Prints a line per task, per repository and for the set.
// Each task's mutated checkout is rebuilt with its dependencies installed (prepare.sh, PREPARE_INSTALL=1;
// one install per repository, copied to its other tasks), its test command is timed as the corpus
// runs it, then `xihe locate --json` runs without and with `--run TEST_CMD`. Prints file@1/@5 and
// func@1/@5 for both, and the median time per task against the test command's own.
// --test-path DIR goes in front of PATH for the install, the test command and xihe (whose sandbox takes its
// `node` and `python3` from PATH): the corpus was recorded with the host's Node (v20), and some
// tasks' loaders (uvu -r esm) do not load on newer ones. What each dynamic run executed is kept
// beside its result (WORK/results/ID.coverage.json) for bench/locate-dynamic-rerank.ts; where its
// time went (`--timings`) is in the result's dynamicStderr, summed up by locate-dynamic-summary.ts.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { execa } from "execa";
import { flag, project } from "./bench-args.ts";
import { SETS } from "./locate-corpus.ts";
import { addMissingTracked, mirrorGitDir } from "./snapshot-tracked.ts";

interface Task {
  id: string;
  repo: string;
  commit: string;
  file: string;
  line: number;
  test_cmd: string;
  test_env: Record<string, string>;
  log: string;
}
interface Located {
  results: { file: string; startLine: number; endLine: number }[];
  dynamic?: { status: string; reason: string | null };
}

const corpus = resolve(
  flag("corpus") ??
    process.env["XIHE_LOCALIZE_CORPUS"] ??
    join(project, "..", "shared", "corpus", "localize"),
);
const mirrors = flag("mirrors") ?? process.env["XIHE_LOCALIZE_MIRRORS"];
const work = resolve(
  flag("work") ?? process.env["XIHE_LOCALIZE_WORK"] ?? join(tmpdir(), "xihe-locate-dynamic-bench"),
);
const budget = flag("budget") ?? "120";
const testPath = flag("test-path");
const runEnv = testPath ? { PATH: `${resolve(testPath)}:${process.env["PATH"] ?? ""}` } : {};
const set = flag("set") ?? "dev";
if (!SETS.includes(set)) {
  console.error(`--set must be one of ${SETS.join(", ")}; got ${set}`);
  process.exit(2);
}
const newCorpus = resolve(flag("new-corpus") ?? join(project, "bench", "localize-corpus"));
const taskCorpus = set === "dev" ? corpus : newCorpus;
if (!mirrors || !existsSync(join(taskCorpus, "tasks.jsonl"))) {
  console.error(
    "give --mirrors DIR (OWNER+NAME/repo git mirrors of repos.txt) and a corpus with tasks.jsonl",
  );
  process.exit(2);
}
const only = new Set((flag("only") ?? "").split(",").filter(Boolean));
const split = JSON.parse(readFileSync(join(newCorpus, "split.json"), "utf8")) as Record<string, string[]>;
const setRepos = new Set(split[set] ?? []);
const tasks = readFileSync(join(taskCorpus, "tasks.jsonl"), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Task)
  .filter((t) => set === "dev" || setRepos.has(taskRepo(t.id)))
  .filter((t) => only.size === 0 || only.has(t.id));

// prepare.sh's mutator imports `typescript`: run a copy of the corpus that borrows the project's.
const scripts = join(work, "corpus");
rmSync(scripts, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
cpSync(corpus, scripts, { recursive: true });
if (set !== "dev") {
  cpSync(join(newCorpus, "tasks.jsonl"), join(scripts, "tasks.jsonl"));
  cpSync(join(newCorpus, "logs"), join(scripts, "logs"), { recursive: true });
}
symlinkSync(join(project, "node_modules"), join(scripts, "node_modules"));
const installed = new Map<string, string>();
const rows: {
  id: string;
  static: Located;
  dynamic: Located;
  testMs: number;
  staticMs: number;
  dynamicMs: number;
  task: Task;
}[] = [];
for (const task of tasks) {
  const dir = await checkout(task);
  const testMs = await timeTestCommand(task, dir);
  const logFile = join(taskCorpus, task.log);
  const base = [
    join(project, "bin", "xihe.js"),
    "locate",
    "--repo",
    dir,
    "--log",
    logFile,
    "--json",
    "-k",
    "20",
  ];
  mkdirSync(join(work, "results"), { recursive: true });
  const coverageFile = join(work, "results", `${task.id}.coverage.json`);
  rmSync(coverageFile, { force: true });
  const s = await timed(() => execa(process.execPath, base, { reject: false, env: runEnv }));
  const d = await timed(() =>
    execa(
      process.execPath,
      [...base, "--run", task.test_cmd, "--run-budget", budget, "--save-coverage", coverageFile, "--timings"],
      { reject: false, env: runEnv },
    ),
  );
  const row = {
    id: task.id,
    task,
    testMs,
    staticMs: s.ms,
    dynamicMs: d.ms,
    static: parse(s.value.stdout),
    dynamic: parse(d.value.stdout),
  };
  rows.push(row);
  // what each run printed, for reading failures afterwards (outside the project, like the checkouts)
  writeFileSync(
    join(work, "results", `${task.id}.json`),
    JSON.stringify({ ...row, staticStderr: s.value.stderr, dynamicStderr: d.value.stderr }, null, 1),
  );
  const note =
    row.dynamic.dynamic?.status === "ranked"
      ? "ranked"
      : `fallback: ${row.dynamic.dynamic?.reason ?? d.value.stderr.slice(0, 200)}`;
  console.log(
    `${task.id} static=${rank(task, row.static)} dynamic=${rank(task, row.dynamic)} test_s=${(testMs / 1000).toFixed(1)} static_s=${(s.ms / 1000).toFixed(1)} dyn_s=${(d.ms / 1000).toFixed(1)} ${note}`,
  );
}
summarise();

async function checkout(task: Task): Promise<string> {
  const dir = join(work, "checkouts", task.id);
  // Idempotent and cheap: also mends checkouts cached before it existed.
  if (existsSync(join(dir, ".bench-ready"))) return mendSnapshot(task, dir);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dirname(dir), { recursive: true });
  const donor = installed.get(task.repo);
  // Installed with the node and npm the test command runs with (--test-path), as the corpus was built:
  // a newer npm refuses some peer ranges an older one accepted (twmerge's install, ERESOLVE).
  const env = { ...process.env, ...runEnv, PREPARE_GIT: "1", ...(donor ? {} : { PREPARE_INSTALL: "1" }) };
  await execa("bash", [join(scripts, "prepare.sh"), resolve(mirrors!), task.id, dir], {
    env,
    stdout: "ignore",
    stderr: "inherit",
  });
  if (donor && existsSync(join(donor, "node_modules")))
    cpSync(join(donor, "node_modules"), join(dir, "node_modules"), {
      recursive: true,
      verbatimSymlinks: true,
      // Compile caches hold the donor's paths and its mutant's code (the `esm` loader's
      // node_modules/.cache/esm served regexparam-01's compiled src/index.js to regexparam-04).
      filter: (src) => !src.startsWith(join(donor, "node_modules", ".cache")),
    });
  if (!donor) installed.set(task.repo, dir);
  await mendSnapshot(task, dir);
  await execa("touch", [join(dir, ".bench-ready")]);
  return dir;
}

/** prepare.sh's snapshot with every file the task's commit tracks (bench/snapshot-tracked.ts). */
async function mendSnapshot(task: Task, dir: string): Promise<string> {
  const gitDir = mirrorGitDir(resolve(mirrors!), task.repo);
  if (!gitDir) throw new Error(`no git mirror of ${task.repo} under ${mirrors}`);
  await addMissingTracked(dir, gitDir, task.commit, task.file);
  return dir;
}

// The test command's own time, as the corpus runs it (reproduce.sh): on the host, through bash.
async function timeTestCommand(task: Task, dir: string): Promise<number> {
  const started = performance.now();
  await execa("bash", ["-c", task.test_cmd], {
    cwd: dir,
    env: { ...task.test_env, ...runEnv },
    reject: false,
    stdout: "ignore",
    stderr: "ignore",
  });
  return performance.now() - started;
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

function parse(stdout: string): Located {
  try {
    return JSON.parse(stdout) as Located;
  } catch {
    return { results: [] };
  }
}

/** 1-based rank of the first result in the right file / covering the bug line; 0 when absent. */
function rank(task: Task, located: Located): string {
  // among distinct files, as score.mjs and locate-dynamic-summary.ts count file@k
  const file = [...new Set(located.results.map((r) => r.file))].indexOf(task.file) + 1;
  const func =
    located.results.findIndex(
      (r) => r.file === task.file && r.startLine <= task.line && task.line <= r.endLine,
    ) + 1;
  return `file#${file || "-"}/func#${func || "-"}`;
}

/** `minimist-03` -> `minimist`. */
function taskRepo(id: string): string {
  return id.replace(/-\d+$/, "");
}

type Row = (typeof rows)[number];

function hits(group: readonly Row[], mode: "static" | "dynamic", k: number, func: boolean): string {
  const n = group.filter((r) =>
    func
      ? r[mode].results
          .slice(0, k)
          .some((x) => x.file === r.task.file && x.startLine <= r.task.line && r.task.line <= x.endLine)
      : [...new Set(r[mode].results.map((x) => x.file))].slice(0, k).includes(r.task.file),
  ).length;
  return (n / Math.max(group.length, 1)).toFixed(3);
}

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
}

function printGroup(label: string, group: readonly Row[]): void {
  for (const mode of ["static", "dynamic"] as const)
    console.log(
      `bench:locate-dynamic ${label} ${mode} tasks=${group.length} file@1=${hits(group, mode, 1, false)} file@5=${hits(group, mode, 5, false)} func@1=${hits(group, mode, 1, true)} func@5=${hits(group, mode, 5, true)}`,
    );
  const ranked = group.filter((r) => r.dynamic.dynamic?.status === "ranked").length;
  console.log(
    `bench:locate-dynamic ${label} ranked=${ranked}/${group.length} median_test_s=${(median(group.map((r) => r.testMs)) / 1000).toFixed(2)} median_static_s=${(median(group.map((r) => r.staticMs)) / 1000).toFixed(2)} median_dynamic_s=${(median(group.map((r) => r.dynamicMs)) / 1000).toFixed(2)} median_ratio=${median(group.map((r) => r.dynamicMs / r.testMs)).toFixed(2)}`,
  );
}

function summarise(): void {
  for (const repo of [...new Set(rows.map((r) => taskRepo(r.id)))].sort())
    printGroup(
      `set=${set} repo=${repo}`,
      rows.filter((r) => taskRepo(r.id) === repo),
    );
  printGroup(`set=${set} all`, rows);
}
