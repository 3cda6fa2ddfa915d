// `xihe explain` scored against ground truth made by running the repositories' tests and grep:
//   npm run bench:explain -- --mirrors DIR [--set tune|test|heldout|heldout2|heldout3|all] [--only REPO,...] [--commits ID,...] [--work DIR] [--xihe BIN] [--show] [--why] [--coverage]
// The commits, their repositories and the tune/test split are in bench/explain-corpus (repos.json,
// commits.json); the truth per commit in truth/ID.json, built by explain-truth.ts (see the
// README there). Each commit runs `xihe explain --base PARENT --json` through bin on a checkout at
// the commit (made from a git mirror, outside the project), and is scored per changed symbol:
// - changed-symbol recall: truth's changed functions, methods, classes (and top-level variables)
//   that xihe lists, by file and name;
// - references: xihe's listed call sites, tests and other uses (`path:line`) against the
//   grep-verified lines, for symbols whose name the repository defines once (recall, precision);
// - tests that reach: the test files of xihe's testsReaching against the test files whose run
//   executes the symbol (recall, precision);
// - false "untested": xihe says "no test reaches it" of a symbol some test executes;
// - API flag: xihe's api.public against the names the package's entry exports.
// Totals are summed over symbols (micro), per commit, per repository and per split.
import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { execa } from "execa";
import { args, flag, project } from "./bench-args.ts";
import { cloneFromMirror } from "./mirror-clone.ts";
import {
  corpus,
  loadCommits,
  loadRepos,
  type Repo,
  type Truth,
  type TruthChanged,
} from "./explain-corpus/corpus.ts";

interface XiheSymbol {
  change: string;
  qualifiedName: string;
  file: string;
  api: { public: boolean; reason: string };
  callers: { path: string; line: number }[];
  tests: { path: string; line: number }[];
  references: { path: string; line: number }[];
  testsReaching: { path: string; via: string[] }[];
  risks: string[];
}

interface Tally {
  changed: number;
  found: number;
  refTp: number;
  refFp: number;
  refFn: number;
  reachTp: number;
  reachFp: number;
  reachFn: number;
  tested: number;
  falseUntested: number;
  apiTotal: number;
  apiRight: number;
}

const set = flag("set") ?? "all";
const mirrors = flag("mirrors") ?? process.env["XIHE_EXPLAIN_MIRRORS"];
const work = resolve(flag("work") ?? join(tmpdir(), "xihe-explain-bench-xihe"));
const xihe = resolve(flag("xihe") ?? join(project, "bin", "xihe.js"));
// --why (implies --show): each extra test file of tests-that-reach with the path that brought it in,
// to tell which edge of the static walk a false one came through.
const why = args.includes("--why");
const show = why || args.includes("--show");
const only = flag("only")?.split(",");
// --commits ID,... scores only these commits (ids as in commits.json): a slow --coverage run in parts.
const onlyCommits = flag("commits")?.split(",");
// With --coverage, explain runs each test file with coverage (repos.json coverageCommand), so
// tests-that-reach is scored "with coverage"; node_modules and the saved maps (.xihe/) are kept
// between commits.
const withCoverage = args.includes("--coverage");

// `all` is tune + test, as before the held-out repositories were added; a held-out split (heldout,
// heldout2, ...) runs only when named.
const splits: string[] = [...new Set(loadRepos().map((r) => r.split))];
if (set !== "all" && !splits.includes(set))
  fail(`--set must be all or one of ${splits.join(", ")}; got ${set}`);
const repos = loadRepos().filter(
  (r) =>
    (set === "all" ? r.split === "tune" || r.split === "test" : r.split === set) &&
    (!only || only.includes(r.id)),
);
const missing = repos.filter((r) => !mirrors || !existsSync(join(mirrors, r.repo.replace("/", "+"))));
if (!mirrors || missing.length > 0)
  fail(
    [
      "The explain bench needs git mirrors of its repositories (their code is not stored here).",
      `Missing: ${missing.map((r) => r.repo).join(", ")}`,
      "Fetch each (`git clone --mirror https://github.com/OWNER/NAME MIRRORS/OWNER+NAME/repo`),",
      "then pass --mirrors MIRRORS or set XIHE_EXPLAIN_MIRRORS.",
    ].join("\n"),
  );

const zero = (): Tally => ({
  changed: 0,
  found: 0,
  refTp: 0,
  refFp: 0,
  refFn: 0,
  reachTp: 0,
  reachFp: 0,
  reachFn: 0,
  tested: 0,
  falseUntested: 0,
  apiTotal: 0,
  apiRight: 0,
});
const rows: { repo: Repo; id: string; t: Tally }[] = [];
for (const repo of repos) {
  const dir = await checkout(repo);
  for (const c of loadCommits().filter(
    (c) => c.repo === repo.id && (!onlyCommits || onlyCommits.includes(c.id)),
  )) {
    const truthFile = join(corpus, "truth", `${c.id}.json`);
    if (!existsSync(truthFile)) {
      console.error(`${c.id}: no truth (run bench/explain-truth.ts); skipped`);
      continue;
    }
    const truth = JSON.parse(readFileSync(truthFile, "utf8")) as Truth;
    await execa("git", ["-C", dir, "checkout", "--quiet", "--force", c.commit]);
    await execa("git", [
      "-C",
      dir,
      "clean",
      "-fdxq",
      ...(withCoverage ? ["-e", "node_modules", "-e", ".xihe", "-e", ".venv"] : []),
    ]);
    const symbols = await explain(dir, c.base, withCoverage ? (repo.coverageCommand ?? null) : null);
    rows.push({ repo, id: c.id, t: score(truth, symbols) });
    // Each commit's tally as soon as it is scored: a long --coverage run stopped part-way keeps its rows.
    if (withCoverage) console.error(`  ${c.id} ${JSON.stringify(rows.at(-1)?.t)}`);
  }
}

const pct = (n: number, d: number) => (d === 0 ? "  -  " : (n / d).toFixed(3));
const line = (label: string, t: Tally) =>
  `${label.padEnd(22)}${pct(t.found, t.changed)} (${t.found}/${t.changed})`.padEnd(42) +
  `${pct(t.refTp, t.refTp + t.refFn)}  ${pct(t.refTp, t.refTp + t.refFp)}  ` +
  `${pct(t.reachTp, t.reachTp + t.reachFn)}  ${pct(t.reachTp, t.reachTp + t.reachFp)}  ` +
  `${pct(t.falseUntested, t.tested)} (${t.falseUntested}/${t.tested})`.padEnd(16) +
  `${pct(t.apiRight, t.apiTotal)} (${t.apiRight}/${t.apiTotal})`;
const header =
  "commit                changed-symbol recall     ref-R  ref-P  reach-R reach-P false-untested  API-flag";
const sum = (ts: Tally[]) =>
  ts.reduce((a, t) => {
    for (const k of Object.keys(a) as (keyof Tally)[]) a[k] += t[k];
    return a;
  }, zero());
if (withCoverage) console.log("tests-that-reach scored with coverage (xihe explain --coverage)");
console.log(header);
for (const r of rows) console.log(line(r.id, r.t));
console.log(`\n${header.replace("commit", "repo  ")}`);
for (const repo of repos)
  console.log(line(`${repo.id} (${repo.split})`, sum(rows.filter((r) => r.repo === repo).map((r) => r.t))));
for (const split of splits) {
  const own = rows.filter((r) => r.repo.split === split);
  if (own.length > 0) console.log(line(`${split} (${own.length} commits)`, sum(own.map((r) => r.t))));
}

function score(truth: Truth, symbols: XiheSymbol[]): Tally {
  const t = zero();
  for (const g of truth.changed) {
    t.changed++;
    const x = match(g, symbols);
    if (show && !x) console.log(`  ${truth.id}: missed ${g.change} ${g.file} ${g.qualifiedName}`);
    if (!x) continue;
    t.found++;
    if (g.references) {
      const listed = new Set([...x.callers, ...x.tests, ...x.references].map((s) => `${s.path}:${s.line}`));
      const truthRefs = new Set(g.references);
      const fp = [...listed].filter((l) => !truthRefs.has(l));
      const fn = [...truthRefs].filter((l) => !listed.has(l));
      t.refTp += listed.size - fp.length;
      t.refFp += fp.length;
      t.refFn += fn.length;
      if (show && (fp.length || fn.length))
        console.log(`  ${truth.id} ${g.qualifiedName} refs: extra ${fp.join(" ")} | missed ${fn.join(" ")}`);
    }
    if (g.tests) {
      const reached = new Set(x.testsReaching.map((r) => r.path));
      const executed = new Set(g.tests);
      const tp = [...reached].filter((p) => executed.has(p)).length;
      t.reachTp += tp;
      t.reachFp += reached.size - tp;
      t.reachFn += executed.size - tp;
      if (executed.size > 0) {
        t.tested++;
        if (x.risks.some((r) => r.startsWith("no test reaches it"))) t.falseUntested++;
      }
      if (show && (reached.size > tp || executed.size > tp))
        console.log(
          `  ${truth.id} ${g.qualifiedName} tests: extra ${[...reached].filter((p) => !executed.has(p)).join(" ")} | missed ${[...executed].filter((p) => !reached.has(p)).join(" ")}`,
        );
      if (why)
        for (const p of [...reached].filter((p) => !executed.has(p)))
          console.log(`    via ${x.testsReaching.find((r) => r.path === p)?.via.join(" > ")}`);
    }
    if (g.public !== null && g.change !== "removed") {
      t.apiTotal++;
      if (x.api.public === g.public) t.apiRight++;
      else if (show)
        console.log(
          `  ${truth.id} ${g.qualifiedName} api: xihe ${x.api.public} (${x.api.reason}), truth ${g.public}`,
        );
    }
  }
  return t;
}

/** xihe's symbol for a truth symbol: same file, same name (the last part of a qualified name). */
function match(g: TruthChanged, symbols: XiheSymbol[]): XiheSymbol | undefined {
  const want = g.qualifiedName === "module.exports" ? "default" : g.qualifiedName;
  const inFile = symbols.filter(
    (s) => s.file === g.file && (g.change === "removed") === (s.change === "removed"),
  );
  const last = (q: string) => q.split(".").pop();
  return (
    inFile.find((s) => s.qualifiedName === want) ?? inFile.find((s) => last(s.qualifiedName) === last(want))
  );
}

async function explain(dir: string, base: string, coverage: string | null): Promise<XiheSymbol[]> {
  const extra = coverage ? ["--coverage", coverage, "--coverage-budget", "1200"] : [];
  const started = Date.now();
  const { stdout, stderr } = await execa(
    process.execPath,
    [xihe, "explain", "--repo", dir, "--base", base, "--json", ...extra],
    {
      env: Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("XIHE_MODEL"))),
      extendEnv: false,
    },
  );
  const parsed = JSON.parse(stdout) as { symbols: XiheSymbol[]; coverage?: { status: string } };
  if (coverage)
    console.error(
      `  ${dir} ${base.slice(0, 7)}: coverage ${parsed.coverage?.status} in ${((Date.now() - started) / 1000).toFixed(1)} s ${stderr.trim()}`,
    );
  return parsed.symbols;
}

async function checkout(repo: Repo): Promise<string> {
  const dir = await cloneFromMirror(mirrors!, repo.repo, join(work, repo.id));
  return dir;
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
