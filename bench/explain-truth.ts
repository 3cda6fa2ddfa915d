// Ground truth for `npm run bench:explain`, made by running tools on real history, never by xihe:
//   node bin/run-ts.js bench/explain-truth.ts --mirrors DIR [--work DIR] [--select] [--only REPO,...] [--commits ID,...]
// (--select --only REPO,... replaces only those repositories' commits.)
//     [--references-only]  (re-make only the reference lists of the existing truth files; runs no test)
// --select picks the commits (bench/explain-corpus/commits.json) by a fixed rule: walking the
// pinned commit's first-parent history back, the first PER_REPO non-merge commits that change
// between MIN_LINES and MAX_LINES lines of the repository's source files. Then, per commit, at a
// checkout outside the project (installed once per repository at the pinned commit):
// - changed symbols: the innermost function, method or class (or top-level variable) around each
//   added line at the head and each removed line at the base, by the TypeScript parser (JS/TS) or
//   Python's ast — not the tree-sitter index xihe uses;
// - which test files execute each changed function or method: every test file is run alone with
//   coverage (V8's for node/mocha, vitest's v8 provider, a trace hook for pytest); a class
//   counts as executed by the tests that execute one of its methods;
// - references of each changed function, class or constant whose name the repository defines
//   once: grep-verified lines (reference-lines.ts);
// - public API: the names the package's entry exports when loaded (require, Python import, the TS
//   checker on the entry module); a method is public when its class is and its name is not private.
// Writes bench/explain-corpus/truth/ID.json.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, matchesGlob, posix, resolve } from "node:path";
import { args, flag } from "./bench-args.ts";
import {
  corpus,
  loadCommits,
  loadRepos,
  type Commit,
  type Repo,
  type Truth,
  type TruthChanged,
} from "./explain-corpus/corpus.ts";
import { jsSymbols, tsEntryExports, type TruthSymbol } from "./explain-corpus/js-symbols.ts";
import { referenceLines, type SourceFile } from "./explain-corpus/reference-lines.ts";

const PER_REPO = 6;
const MIN_LINES = 2;
const MAX_LINES = 150;
const pythonTruth = join(corpus, "python-truth.py");

const git = (dir: string, ...a: string[]) =>
  execFileSync("git", ["-C", dir, ...a], { encoding: "utf8", maxBuffer: 1 << 28 });
const isSource = (r: Repo, f: string) => r.sources.some((g) => matchesGlob(f, g)) && !isTest(r, f);
const isTest = (r: Repo, f: string) =>
  r.tests.some((g) => matchesGlob(f, g)) && !(r.testsExclude ?? []).some((g) => matchesGlob(f, g));
const langFile = (f: string) => /\.(js|cjs|mjs|ts|py)$/.test(f) && !f.endsWith(".d.ts");

async function main() {
  const mirrors = flag("mirrors") ?? process.env["XIHE_EXPLAIN_MIRRORS"];
  if (!mirrors) fail("--mirrors DIR (git mirrors as OWNER+NAME/repo) is required");
  const work = resolve(flag("work") ?? join(tmpdir(), "xihe-explain-bench"));
  const only = flag("only")?.split(",");
  const commits = flag("commits")?.split(",");
  const repos = loadRepos().filter((r) => !only || only.includes(r.id));
  if (args.includes("--select")) {
    const picked = repos.flatMap((r) => selectCommits(r, join(mirrors, r.repo.replace("/", "+"), "repo")));
    // With --only, the other repositories' commits stay as they were.
    const kept = only ? loadCommits().filter((c) => !only.includes(c.repo)) : [];
    writeFileSync(join(corpus, "commits.json"), JSON.stringify([...kept, ...picked], null, 2) + "\n");
    console.log(`${picked.length} commits`);
    return;
  }
  mkdirSync(join(corpus, "truth"), { recursive: true });
  for (const repo of repos) {
    const dir = checkout(repo, mirrors, work);
    for (const c of loadCommits().filter((c) => c.repo === repo.id && (!commits || commits.includes(c.id)))) {
      const started = Date.now();
      const truth = args.includes("--references-only")
        ? refreshReferences(repo, c, dir)
        : buildTruth(repo, c, dir);
      writeFileSync(join(corpus, "truth", `${c.id}.json`), JSON.stringify(truth, null, 1) + "\n");
      console.log(
        `${c.id}: ${truth.changed.length} changed, ${truth.testFiles.length} test files (${truth.failedTestFiles.length} failed), ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
    }
  }
}

function selectCommits(repo: Repo, mirror: string): Commit[] {
  const shas = git(mirror, "rev-list", "--first-parent", "--no-merges", repo.commit)
    .split("\n")
    .filter(Boolean);
  const out: Commit[] = [];
  for (const sha of shas) {
    if (out.length >= PER_REPO) break;
    const parents = git(mirror, "rev-list", "--parents", "-n", "1", sha).trim().split(" ");
    if (parents.length !== 2) continue;
    let lines = 0;
    for (const row of git(mirror, "diff", "--numstat", parents[1]!, sha).split("\n").filter(Boolean)) {
      const [a, r, f] = row.split("\t");
      if (f && isSource(repo, f) && a !== "-") lines += Number(a) + Number(r);
    }
    if (lines >= MIN_LINES && lines <= MAX_LINES)
      out.push({ id: `${repo.id}-${sha.slice(0, 7)}`, repo: repo.id, commit: sha, base: parents[1]! });
  }
  return out;
}

function checkout(repo: Repo, mirrors: string, work: string): string {
  const dir = join(work, repo.id);
  if (!existsSync(join(dir, ".git"))) {
    mkdirSync(work, { recursive: true });
    execFileSync("git", ["clone", "--quiet", join(mirrors, repo.repo.replace("/", "+"), "repo"), dir]);
  }
  if (repo.setup && !existsSync(join(dir, "node_modules")) && !args.includes("--references-only")) {
    git(dir, "checkout", "--quiet", "--force", repo.commit);
    execFileSync("sh", ["-c", repo.setup], { cwd: dir, stdio: "inherit" });
  }
  return dir;
}

function buildTruth(repo: Repo, c: Commit, dir: string): Truth {
  git(dir, "checkout", "--quiet", "--force", c.commit);
  git(dir, "clean", "-fdxq", "-e", "node_modules");
  if (repo.prepare) {
    try {
      execFileSync("sh", ["-c", repo.prepare], { cwd: dir, stdio: "ignore", timeout: 900_000 });
    } catch {
      console.error(`${c.id}: \`${repo.prepare}\` failed; its test files may fail to load`);
    }
  }
  const files = trackedSources(repo, dir);
  const tests = files.filter((f) => isTest(repo, f));
  const headText = new Map(files.map((f) => [f, readFileSync(join(dir, f), "utf8")]));
  const headSymbols = symbolsOf(dir, repo, files, (f) => headText.get(f)!);
  const diff = git(dir, "diff", "-U0", "--no-renames", c.base, c.commit);
  const { added, removed } = changedLines(diff);
  const baseFiles = [...removed.keys()].filter((f) => isSource(repo, f));
  const baseText = new Map(baseFiles.map((f) => [f, git(dir, "show", `${c.base}:${f}`)]));
  const baseSymbols = symbolsOf(dir, repo, baseFiles, (f) => baseText.get(f)!, c.base);

  const changed = new Map<string, TruthChanged & { symbol: TruthSymbol }>();
  const note = (s: TruthSymbol, change: TruthChanged["change"]) => {
    const key = `${s.file}#${s.qualifiedName}`;
    if (!changed.has(key) || change === "added")
      changed.set(key, { ...pick(s), change, tests: null, references: null, public: null, symbol: s });
  };
  const headKeys = new Set(headSymbols.map((s) => `${s.file}#${s.qualifiedName}`));
  const baseKeys = new Set(baseSymbols.map((s) => `${s.file}#${s.qualifiedName}`));
  for (const [file, lines] of added) {
    if (!isSource(repo, file)) continue;
    for (const l of lines) {
      const s = innermost(headSymbols, file, l);
      if (s)
        note(s, baseKeys.has(`${s.file}#${s.qualifiedName}`) || !baseText.has(file) ? "modified" : "added");
    }
  }
  for (const [file, lines] of removed) {
    if (!isSource(repo, file)) continue;
    for (const l of lines) {
      const s = innermost(baseSymbols, file, l);
      if (!s) continue;
      const key = `${s.file}#${s.qualifiedName}`;
      if (headKeys.has(key)) {
        const h = headSymbols.find((x) => `${x.file}#${x.qualifiedName}` === key)!;
        if (!changed.has(key)) note(h, "modified");
      } else note(s, "removed");
    }
  }
  // A symbol all of whose base lines were absent is new, even if innermost() met it via an added line.
  for (const entry of changed.values())
    if (
      entry.change === "modified" &&
      !baseKeys.has(`${entry.file}#${entry.qualifiedName}`) &&
      baseText.has(entry.file)
    )
      entry.change = "added";

  const changedFiles = new Set([...changed.values()].map((e) => e.file));
  const coverage = runTests(repo, dir, tests, (t) => loads(t, changedFiles, headText));
  const defined = new Map<string, number>();
  for (const s of headSymbols) defined.set(s.name, (defined.get(s.name) ?? 0) + 1);
  const sourceFiles: SourceFile[] = files.map((f) => ({ path: f, text: headText.get(f)! }));
  const api = publicNames(repo, dir);
  const exportedFunctions = repo.lang === "js" ? exportedFunctionTexts(dir) : null;
  const isExportedFunction = (s: TruthSymbol) =>
    s.fnStart !== undefined && !!exportedFunctions?.has(headText.get(s.file)!.slice(s.fnStart, s.fnEnd));
  // A JS function named like an export it is not (qs's inner `stringify` beside `qs.stringify`):
  // `pkg.name` means the exported one, which the grep cannot tell apart, so it is not scored.
  const sharesExportedName = (s: TruthSymbol) =>
    repo.lang === "js" && s.kind === "function" && !!api?.has(s.name) && !isExportedFunction(s);
  for (const entry of changed.values()) {
    const s = entry.symbol;
    if (entry.change === "removed") continue;
    if (s.kind === "function" || s.kind === "method") entry.tests = coverage.testsOf(s);
    else if (s.kind === "class") {
      const members = headSymbols.filter((m) => m.parent === s.qualifiedName && m.file === s.file);
      entry.tests = [...new Set(members.flatMap((m) => coverage.testsOf(m)))].sort();
    }
    entry.references = sharesExportedName(s) ? null : references(repo, s, defined, sourceFiles, headText);
    if (!api) continue;
    if (s.kind === "function" && exportedFunctions && s.fnStart !== undefined)
      // CommonJS: the function object the entry hands out, by its text, not by its name (qs's
      // `module.exports = function` is `qs.stringify`; its inner `stringify` is not).
      entry.public = s.topLevel && isExportedFunction(s);
    else if (s.kind !== "method")
      entry.public = s.topLevel && api.has(s.name); // a local function is never API
    else if (s.kind === "method" && s.parent) {
      const cls = headSymbols.find((x) => x.qualifiedName === s.parent && x.file === s.file);
      entry.public = !!cls?.topLevel && api.has(cls.name) && !privateMember(s.name, repo);
    }
  }
  return {
    id: c.id,
    repo: c.repo,
    commit: c.commit,
    base: c.base,
    testFiles: tests,
    failedTestFiles: coverage.failed,
    changed: [...changed.values()].map(({ symbol: _s, ...rest }) => rest),
  };
}

/** Grep-verified references of a changed function, class or constant whose name the repository
 * defines once (null: not scored). */
function references(
  repo: Repo,
  s: TruthSymbol,
  defined: ReadonlyMap<string, number>,
  sourceFiles: SourceFile[],
  headText: ReadonlyMap<string, string>,
): string[] | null {
  if (
    s.kind === "method" ||
    defined.get(s.name) !== 1 ||
    s.name.length < 3 ||
    s.name.includes(".") ||
    isTest(repo, s.file)
  )
    return null;
  return referenceLines(
    { name: s.name, file: s.file, line: declarationLine(s, headText.get(s.file)!) },
    sourceFiles,
    repo.package,
  );
}

/** The checkout's tracked files of the repository's languages, without node_modules and the
 * repository's generated files (a committed bundle would define every name twice). */
function trackedSources(repo: Repo, dir: string): string[] {
  return git(dir, "ls-files")
    .split("\n")
    .filter(
      (f) =>
        f &&
        langFile(f) &&
        !f.startsWith("node_modules/") &&
        !(repo.generated ?? []).some((g) => matchesGlob(f, g)),
    );
}

/** --references-only: the truth file's reference lists made again by the current rules
 * (reference-lines.ts), everything else kept; no test is run. */
function refreshReferences(repo: Repo, c: Commit, dir: string): Truth {
  const truth = JSON.parse(readFileSync(join(corpus, "truth", `${c.id}.json`), "utf8")) as Truth;
  git(dir, "checkout", "--quiet", "--force", c.commit);
  git(dir, "clean", "-fdxq", "-e", "node_modules");
  const files = trackedSources(repo, dir);
  const headText = new Map(files.map((f) => [f, readFileSync(join(dir, f), "utf8")]));
  const headSymbols = symbolsOf(dir, repo, files, (f) => headText.get(f)!);
  const defined = new Map<string, number>();
  for (const s of headSymbols) defined.set(s.name, (defined.get(s.name) ?? 0) + 1);
  const sourceFiles: SourceFile[] = files.map((f) => ({ path: f, text: headText.get(f)! }));
  for (const entry of truth.changed) {
    if (entry.change === "removed") continue;
    const s = headSymbols.find((h) => h.file === entry.file && h.qualifiedName === entry.qualifiedName);
    // A list left out when the truth was built (a JS function named like an export it is not)
    // stays out: that rule needs the package's entry, which this refresh does not load.
    if (s && entry.references !== null)
      entry.references = references(repo, s, defined, sourceFiles, headText);
  }
  return truth;
}

function pick(s: TruthSymbol) {
  return { file: s.file, qualifiedName: s.qualifiedName, kind: s.kind, line: s.start };
}

function declarationLine(s: TruthSymbol, text: string): number {
  const lines = text.split("\n");
  for (let l = s.start; l <= s.end; l++) if (new RegExp(`\\b${s.name}\\b`).test(lines[l - 1] ?? "")) return l;
  return s.start;
}

function privateMember(name: string, repo: Repo): boolean {
  if (repo.lang === "python") return name.startsWith("_") && !/^__\w+__$/.test(name);
  return name.startsWith("_") || name.startsWith("#");
}

function innermost(symbols: TruthSymbol[], file: string, line: number): TruthSymbol | undefined {
  let best: TruthSymbol | undefined;
  for (const s of symbols)
    if (
      s.file === file &&
      s.start <= line &&
      line <= s.end &&
      (!best || s.end - s.start < best.end - best.start)
    )
      best = s;
  return best;
}

function changedLines(diff: string) {
  const added = new Map<string, number[]>();
  const removed = new Map<string, number[]>();
  let file = "";
  let oldFile = "";
  let a = 0;
  let r = 0;
  for (const line of diff.split("\n")) {
    if (line.startsWith("--- ")) oldFile = line.slice(4).replace(/^a\//, "");
    else if (line.startsWith("+++ ")) file = line.slice(4).replace(/^b\//, "");
    else if (line.startsWith("@@")) {
      const m = /-(\d+)(?:,\d+)? \+(\d+)/.exec(line)!;
      r = Number(m[1]);
      a = Number(m[2]);
    } else if (line.startsWith("+")) push(added, file, a++);
    else if (line.startsWith("-")) push(removed, oldFile, r++);
  }
  return { added, removed };
}

function push(map: Map<string, number[]>, key: string, v: number) {
  const list = map.get(key);
  if (list) list.push(v);
  else map.set(key, [v]);
}

function symbolsOf(
  dir: string,
  repo: Repo,
  files: string[],
  text: (f: string) => string,
  rev?: string,
): TruthSymbol[] {
  if (repo.lang !== "python")
    return files.filter((f) => !f.endsWith(".py")).flatMap((f) => jsSymbols(f, text(f)));
  const py = files.filter((f) => f.endsWith(".py"));
  if (py.length === 0) return [];
  let cwd = dir;
  if (rev) {
    cwd = mkdtempSync(join(tmpdir(), "xihe-explain-base-"));
    for (const f of py) {
      mkdirSync(join(cwd, f, ".."), { recursive: true });
      writeFileSync(join(cwd, f), text(f));
    }
  }
  const out = JSON.parse(
    execFileSync("python3", [pythonTruth, "symbols", ...py], { cwd, encoding: "utf8", maxBuffer: 1 << 28 }),
  ) as (TruthSymbol & { firstLine: number })[];
  if (rev) rmSync(cwd, { recursive: true, force: true });
  return out;
}

interface Coverage {
  testsOf(s: TruthSymbol): string[];
  failed: string[];
}

/** Whether a JS/TS test file loads one of `files` through relative requires/imports (followed
 * transitively). A file it never loads it cannot execute, so its run can be left out; dynamic
 * `require(variable)` is not followed, so a repository that has one is run whole (Python always). */
function loads(test: string, files: ReadonlySet<string>, text: ReadonlyMap<string, string>): boolean {
  if (test.endsWith(".py")) return true;
  const seen = new Set<string>();
  const stack = [test];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (files.has(file)) return true;
    const source = text.get(file) ?? "";
    if (/require\(\s*[^'"\s)]/.test(source)) return true;
    for (const m of source.matchAll(/(?:require\(|from\s+|import\s*\(?)\s*['"](\.{1,2}(?:\/[^'"]*)?)['"]/g)) {
      const found = resolveRelative(file, m[1]!).filter((c) => text.has(c));
      // A path resolved by something else (`require("../")` through package.json's main): run it.
      if (found.length === 0) return true;
      stack.push(...found);
    }
  }
  return false;
}

function resolveRelative(from: string, spec: string): string[] {
  const base = posix.normalize(posix.join(posix.dirname(from), spec)).replace(/\/$/, "");
  const stem = base === "." ? "" : base;
  const exts = [".js", ".cjs", ".mjs", ".ts"];
  return [
    stem,
    ...exts.map((e) => stem + e),
    ...exts.map((e) => posix.join(stem, `index${e}`)),
    ...(spec.endsWith(".js") ? [stem.replace(/\.js$/, ".ts")] : []),
  ];
}

function runTests(repo: Repo, dir: string, tests: string[], mayExecute: (test: string) => boolean): Coverage {
  const executed = new Map<string, Set<string>>(); // test file -> "file:endOffset" or "file:firstLine"
  const failed: string[] = [];
  if (repo.pytestSession) pytestSession(repo, dir, tests, executed, failed);
  for (const t of repo.pytestSession ? [] : tests) {
    if (!mayExecute(t)) {
      executed.set(t, new Set());
      continue;
    }
    const out = mkdtempSync(join(tmpdir(), "xihe-explain-cov-"));
    const keys = new Set<string>();
    try {
      const ok = runOne(repo, dir, t, out, keys);
      if (!ok) failed.push(t);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
    executed.set(t, keys);
  }
  const key = (s: TruthSymbol) =>
    repo.lang === "python"
      ? `${s.file}:${(s as TruthSymbol & { firstLine: number }).firstLine}:${s.name}`
      : repo.run === "vitest"
        ? `${s.file}:L${s.fnEndLine}`
        : `${s.file}:${s.fnEnd}`;
  return {
    failed,
    testsOf: (s) =>
      s.fnEnd === undefined && repo.lang !== "python"
        ? []
        : tests.filter((t) => executed.get(t)!.has(key(s))),
  };
}

/** All test files in one pytest session (repos.json `pytestSession`: a machine too loaded to
 * start pytest once per file in time), entries attributed per file by python-truth.py. */
function pytestSession(
  repo: Repo,
  dir: string,
  tests: string[],
  executed: Map<string, Set<string>>,
  failed: string[],
) {
  const out = mkdtempSync(join(tmpdir(), "xihe-explain-cov-"));
  const file = join(out, "trace.json");
  try {
    try {
      execFileSync(
        "python3",
        [
          pythonTruth,
          "trace-session",
          file,
          "-q",
          "-p",
          "no:cacheprovider",
          ...(repo.pytestArgs ?? []),
          ...tests,
        ],
        {
          cwd: dir,
          env: {
            ...process.env,
            TZ: "UTC",
            PYTHONDONTWRITEBYTECODE: "1",
            PYTHONHASHSEED: "0",
            PYTHONPATH: repo.pythonPath ? join(dir, repo.pythonPath) : dir,
          },
          stdio: "ignore",
          timeout: 1_800_000,
        },
      );
    } catch {
      // failing tests: the per-file failures are in the trace
    }
    const data = existsSync(file)
      ? (JSON.parse(readFileSync(file, "utf8")) as {
          files: Record<string, [string, number, string][]>;
          failed: string[];
        })
      : { files: {}, failed: tests };
    for (const t of tests)
      executed.set(t, new Set((data.files[t] ?? []).map(([f, line, name]) => `${f}:${line}:${name}`)));
    failed.push(...tests.filter((t) => data.failed.includes(t) || !data.files[t]));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function runOne(repo: Repo, dir: string, test: string, out: string, keys: Set<string>): boolean {
  const env = {
    ...process.env,
    CI: "true",
    NO_COLOR: "1",
    TZ: "UTC",
    PYTHONDONTWRITEBYTECODE: "1",
    PYTHONHASHSEED: "0",
  };
  const run = (cmd: string, a: string[], extra: NodeJS.ProcessEnv = {}) => {
    try {
      execFileSync(cmd, a, { cwd: dir, env: { ...env, ...extra }, stdio: "ignore", timeout: 900_000 });
      return true;
    } catch {
      return false;
    }
  };
  if (repo.run === "pytest") {
    const file = join(out, "trace.json");
    const ok = run(
      "python3",
      [pythonTruth, "trace", file, "-q", "-p", "no:cacheprovider", ...(repo.pytestArgs ?? []), test],
      {
        PYTHONPATH: repo.pythonPath ? join(dir, repo.pythonPath) : dir,
      },
    );
    if (!existsSync(file)) return false;
    const data = JSON.parse(readFileSync(file, "utf8")) as { entered: [string, number, string][] };
    for (const [f, line, name] of data.entered) keys.add(`${f}:${line}:${name}`);
    return ok;
  }
  if (repo.run === "vitest") {
    const ok = run(join(dir, "node_modules", ".bin", "vitest"), [
      "run",
      test,
      "--coverage.enabled=true",
      "--coverage.provider=v8",
      "--coverage.reporter=json",
      `--coverage.reportsDirectory=${out}`,
      "--coverage.include=src/**",
      "--coverage.reportOnFailure=true", // a failing file still executed what it executed
    ]);
    const file = join(out, "coverage-final.json");
    if (!existsSync(file)) return false;
    const data = JSON.parse(readFileSync(file, "utf8")) as Record<
      string,
      { fnMap: Record<string, { loc: { end: { line: number } } }>; f: Record<string, number> }
    >;
    for (const [abs, cov] of Object.entries(data)) {
      const rel = abs.slice(dir.length + 1);
      for (const [id, fn] of Object.entries(cov.fnMap))
        if ((cov.f[id] ?? 0) > 0) keys.add(`${rel}:L${fn.loc.end.line}`);
    }
    return ok;
  }
  const cmd = repo.run === "mocha" ? [join(dir, "node_modules", "mocha", "bin", "mocha.js"), test] : [test];
  const ok = run(process.execPath, cmd, { NODE_V8_COVERAGE: out });
  for (const name of readdirSync(out).filter((n) => n.endsWith(".json"))) {
    const data = JSON.parse(readFileSync(join(out, name), "utf8")) as {
      result: {
        url: string;
        functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[];
      }[];
    };
    for (const script of data.result) {
      if (!script.url.startsWith(`file://${dir}/`)) continue;
      const rel = script.url.slice(`file://${dir}/`.length);
      for (const fn of script.functions)
        if (fn.ranges[0] && fn.ranges[0].count > 0) keys.add(`${rel}:${fn.ranges[0].endOffset}`);
    }
  }
  return ok;
}

function publicNames(repo: Repo, dir: string): Set<string> | null {
  try {
    if (repo.lang === "python") {
      const code = `import json, ${repo.package} as m\nprint(json.dumps(list(getattr(m, "__all__", [n for n in dir(m) if not n.startswith("_")]))))`;
      return new Set(
        JSON.parse(
          execFileSync("python3", ["-c", code], {
            cwd: dir,
            env: { ...process.env, PYTHONPATH: join(dir, repo.pythonPath ?? "") },
            encoding: "utf8",
          }),
        ) as string[],
      );
    }
    if (repo.lang === "ts") return new Set(tsEntryExports(join(dir, repo.entry!)));
    const code = `const m = require(${JSON.stringify(dir)}); const names = Object.keys(m); if (typeof m === "function") names.push("module.exports", ...(m.name ? [m.name] : [])); console.log(JSON.stringify(names))`;
    return new Set(
      JSON.parse(execFileSync(process.execPath, ["-e", code], { cwd: dir, encoding: "utf8" })) as string[],
    );
  } catch (err) {
    console.error(
      `${repo.id}: the package's entry did not load (${(err as Error).message.split("\n")[0]}); API truth left out`,
    );
    return null;
  }
}

/** The source text of every function a JS package's entry exports: the export itself and the
 * values of its properties, two levels down (class prototypes are left to the method rule). */
function exportedFunctionTexts(dir: string): Set<string> | null {
  const code = `const seen = new Set(); const out = [];
const walk = (v, depth) => {
  if (v === null || (typeof v !== "object" && typeof v !== "function") || seen.has(v)) return;
  seen.add(v);
  if (typeof v === "function") out.push(Function.prototype.toString.call(v));
  if (depth >= 2) return;
  for (const k of Object.getOwnPropertyNames(v)) {
    if (k === "prototype" && typeof v === "function") continue;
    const d = Object.getOwnPropertyDescriptor(v, k);
    if (d && "value" in d) walk(d.value, depth + 1);
  }
};
walk(require(${JSON.stringify(dir)}), 0);
console.log(JSON.stringify(out));`;
  try {
    return new Set(
      JSON.parse(
        execFileSync(process.execPath, ["-e", code], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 }),
      ) as string[],
    );
  } catch {
    return null;
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

await main();
