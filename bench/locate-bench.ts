// Localization accuracy on the development set (real repositories, one injected mutation each):
//   npm run bench:locate -- [--corpus DIR] [--mirrors DIR] [--work DIR] [--only ID,ID]
// DIR defaults: XIHE_LOCALIZE_CORPUS or ../shared/corpus/localize next to the project;
// XIHE_LOCALIZE_MIRRORS (required: the folder holding OWNER+NAME/repo git mirrors of repos.txt);
// XIHE_LOCALIZE_WORK or the OS temp dir. Prints file@1/@5 and func@1/@5 from the corpus' score.mjs.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";

const project = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const corpus = resolve(
  flag("corpus") ??
    process.env["XIHE_LOCALIZE_CORPUS"] ??
    join(project, "..", "shared", "corpus", "localize"),
);
const mirrors = flag("mirrors") ?? process.env["XIHE_LOCALIZE_MIRRORS"];
const work = resolve(
  flag("work") ?? process.env["XIHE_LOCALIZE_WORK"] ?? join(tmpdir(), "xihe-locate-bench"),
);

if (!existsSync(join(corpus, "score.mjs"))) {
  console.error(`no localize corpus at ${corpus} (give --corpus DIR or XIHE_LOCALIZE_CORPUS)`);
  process.exit(2);
}
const repos = readFileSync(join(corpus, "repos.txt"), "utf8")
  .split("\n")
  .map((l) => l.trim().split(/\s+/)[0] ?? "")
  .filter(Boolean);
const missing = repos.filter((r) => !mirrors || !existsSync(join(mirrors, r.replace("/", "+"))));
if (!mirrors || missing.length > 0) {
  console.error(
    [
      "The development set needs git mirrors of its repositories (their code is not stored in the corpus).",
      `Missing: ${(mirrors ? missing : repos).join(", ")}`,
      "Prepare them once: fetch each repository in repos.txt (e.g. with the search tool's fetch, or",
      "`git clone --mirror https://github.com/OWNER/NAME MIRRORS/OWNER+NAME/repo`), then run",
      "  XIHE_LOCALIZE_MIRRORS=MIRRORS npm run bench:locate",
    ].join("\n"),
  );
  process.exit(2);
}

// prepare.sh's mutator imports `typescript`; the corpus folder has no node_modules, so score a copy
// that borrows the project's (outside the project: it caches the repositories' checkouts).
const scorer = join(work, "corpus");
rmSync(scorer, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
cpSync(corpus, scorer, { recursive: true });
symlinkSync(join(project, "node_modules"), join(scorer, "node_modules"));

const outFile = join(work, "result.json");
const cmd = `node ${JSON.stringify(join(project, "bin", "xihe.js"))} locate --json -k 20`;
const only = flag("only");
const started = performance.now();
const run = await execa(
  process.execPath,
  [
    join(scorer, "score.mjs"),
    ...["--mirrors", resolve(mirrors), "--work", join(work, "checkouts"), "--cmd", cmd, "--out", outFile],
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
const line = `bench:locate tasks=${s.tasks} file@1=${s.file1.toFixed(3)} file@5=${s.file5.toFixed(3)} func@1=${s.func1.toFixed(3)} func@5=${s.func5.toFixed(3)} mean_s=${s.mean_secs.toFixed(2)} wall_s=${((performance.now() - started) / 1000).toFixed(1)}`;
console.log(line);
writeFileSync(join(work, "summary.txt"), `${line}\n`);
