// Localization accuracy on real repositories with one injected mutation each:
//   npm run bench:locate -- [--set dev|tune|test|heldout|heldout4|new] [--corpus DIR] [--mirrors DIR] [--work DIR]
//                           [--only ID,ID] [--repos ID,ID] [--xihe BIN]
// --set dev (default) scores the shared development set; tune, test and the held-out sets score the
// repositories of bench/localize-corpus/split.json (tasks and logs from bench/localize-corpus, the
// tooling from the shared corpus); new scores tune and test. Tune on tune, report test and heldout:
// never choose anything on them.
// DIR defaults: XIHE_LOCALIZE_CORPUS or ../shared/corpus/localize next to the project (the tooling
// and the dev set); XIHE_LOCALIZE_MIRRORS (required: the folder holding OWNER+NAME/repo git
// mirrors); XIHE_LOCALIZE_WORK or the OS temp dir. --xihe scores another build's bin/xihe.js (a
// "before" figure). Prints file@1/@5 and func@1/@5 per repository from the corpus' score.mjs.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { execa } from "execa";
import { flag, project } from "./bench-args.ts";
import { checkout, type CorpusTask } from "./locate-corpus.ts";

const newCorpus = join(project, "bench", "localize-corpus");
const set = flag("set") ?? "dev";
const split = JSON.parse(readFileSync(join(newCorpus, "split.json"), "utf8")) as Record<string, unknown>;
// Every list of repositories in split.json is a set (tune, test, heldout, heldout4, ...), but the
// repositories dropped before any result.
const splitSets = Object.keys(split).filter((k) => Array.isArray(split[k]) && k !== "dev" && k !== "dropped");
if (!["dev", "new", ...splitSets].includes(set)) {
  console.error(`--set must be dev, new or one of ${splitSets.join(", ")}; got ${set}`);
  process.exit(2);
}
const reposOf = (name: string): string[] => split[name] as string[];
const corpus = resolve(
  flag("corpus") ??
    process.env["XIHE_LOCALIZE_CORPUS"] ??
    join(project, "..", "shared", "corpus", "localize"),
);
const mirrors = flag("mirrors") ?? process.env["XIHE_LOCALIZE_MIRRORS"];
const work = resolve(
  flag("work") ?? process.env["XIHE_LOCALIZE_WORK"] ?? join(tmpdir(), "xihe-locate-bench"),
);
const xihe = resolve(flag("xihe") ?? join(project, "bin", "xihe.js"));

if (!existsSync(join(corpus, "score.mjs"))) {
  console.error(`no localize corpus at ${corpus} (give --corpus DIR or XIHE_LOCALIZE_CORPUS)`);
  process.exit(2);
}
const tasksFile = set === "dev" ? join(corpus, "tasks.jsonl") : join(newCorpus, "tasks.jsonl");
const tasks = readFileSync(tasksFile, "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as CorpusTask);
const repoIds =
  flag("repos")?.split(",") ?? (set === "new" ? [...reposOf("tune"), ...reposOf("test")] : reposOf(set));
const repos = [...new Set(tasks.filter((t) => repoIds.includes(taskRepo(t.id))).map((t) => t.repo))];
const missing = repos.filter((r) => !mirrors || !existsSync(join(mirrors, r.replace("/", "+"))));
if (!mirrors || missing.length > 0) {
  console.error(
    [
      "The corpus needs git mirrors of its repositories (their code is not stored in the corpus).",
      `Missing: ${(mirrors ? missing : repos).join(", ")}`,
      "Prepare them once: fetch each repository (e.g. with the search tool's fetch, or",
      "`git clone --mirror https://github.com/OWNER/NAME MIRRORS/OWNER+NAME/repo`), then run",
      "  XIHE_LOCALIZE_MIRRORS=MIRRORS npm run bench:locate",
    ].join("\n"),
  );
  process.exit(2);
}

// prepare.sh's mutator imports `typescript`; the corpus folder has no node_modules, so score a copy
// that borrows the project's (outside the project: it caches the repositories' checkouts). For the
// new sets the copy's tasks and logs are this project's.
const scorer = join(work, `corpus-${set}`);
rmSync(scorer, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
cpSync(corpus, scorer, { recursive: true });
if (set !== "dev") {
  cpSync(tasksFile, join(scorer, "tasks.jsonl"));
  cpSync(join(newCorpus, "logs"), join(scorer, "logs"), { recursive: true });
}
symlinkSync(join(project, "node_modules"), join(scorer, "node_modules"));

const outFile = join(work, `result-${set}.json`);
const cmd = `node ${JSON.stringify(xihe)} locate --json -k 20`;
const only = flag("only");
// score.mjs reuses a checkout it finds in its cache: build them first, as git snapshots holding every
// tracked file (locate-corpus.ts), since its own (prepare.sh without git) leaves out the tracked files
// a .gitignore matches.
const onlyIds = only?.split(",");
for (const t of tasks.filter((t) => repoIds.includes(taskRepo(t.id)) && (!onlyIds || onlyIds.includes(t.id))))
  await checkout({ sets: [set], mirrors: resolve(mirrors), work, tools: corpus }, scorer, t);
const started = performance.now();
const run = await execa(
  process.execPath,
  [
    join(scorer, "score.mjs"),
    ...["--mirrors", resolve(mirrors), "--work", join(work, "checkouts"), "--cmd", cmd, "--out", outFile],
    ...["--repos", repoIds.join(",")],
    ...(only ? ["--only", only] : []),
  ],
  { cwd: scorer, reject: false, stderr: "inherit" },
);
if (run.exitCode !== 0) {
  console.error(`score.mjs failed (exit ${run.exitCode})`);
  process.exit(1);
}
console.log(run.stdout);
const result = JSON.parse(readFileSync(outFile, "utf8")) as {
  summary: { tasks: number; file1: number; file5: number; func1: number; func5: number; mean_secs: number };
};
const s = result.summary;
const line = `bench:locate set=${set} tasks=${s.tasks} file@1=${s.file1.toFixed(3)} file@5=${s.file5.toFixed(3)} func@1=${s.func1.toFixed(3)} func@5=${s.func5.toFixed(3)} mean_s=${s.mean_secs.toFixed(2)} wall_s=${((performance.now() - started) / 1000).toFixed(1)}`;
console.log(line);
writeFileSync(join(work, `summary-${set}.txt`), `${line}\n`);

/** `minimist-03` -> `minimist`. */
function taskRepo(id: string): string {
  return id.replace(/-\d+$/, "");
}
