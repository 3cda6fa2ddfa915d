// Tests (or test files) selected with the runner's own flags: jest/vitest `-t`, mocha `--grep`,
// node:test `--test-name-pattern`, pytest node ids or `-k`, unittest dotted test ids (or `-k` under
// `discover`), lab `-g`; tap, ava and tape run the files alone (tap may skip named top-level subtests, ava
// select or leave out tests by title with `--match`), uvu by a pattern over the files.
import { labArgv } from "./lab-argv.ts";
import { isJestScript, type TestRunnerKind } from "./test-runner-kind.ts";
import { escapeRegExp } from "../../../escape-regexp.ts";

export interface TestTarget {
  /** The test's own (leaf) name as the runner prints it; null when only the file is known. */
  name: string | null;
  /** Repository-relative test file, when known. */
  file: string | null;
  /**
   * The runner's own full id, when perception gave one: a pytest node id (`tests/test_x.py::test_y`)
   * or a unittest id (`tests.test_x.XTests.test_y`).
   */
  nodeId?: string;
  /** The class a Python test method is declared in (unittest selects methods by class). */
  className?: string;
  /** Enclosing tests or suites, outermost first (node:test selects a subtest only with its parents). */
  ancestors?: string[];
  /** Top-level subtests of the file to leave out (tap's `--grep` with `--invert`, ava's `--match=!`). */
  skipSubtests?: string[];
  /**
   * Regex sources that stand for `name` and `ancestors` in a title filter: a retry that leaves the
   * leading folders of paths in the log's titles open (looser-titles.ts). Absent: the names, escaped.
   */
  patterns?: { name: string; ancestors: string[] };
}

/**
 * argv for running only `targets` (one test, or a batch run as one process), or null when this runner
 * cannot select them. A batch's name filter is an alternation anchored at the end of the test's full
 * name, so a sampled passing test never also selects a failing test whose name it begins.
 */
export function filteredArgv(
  kind: TestRunnerKind,
  argv: readonly string[],
  targets: readonly TestTarget[],
): string[] | null {
  const files = [...new Set(targets.map((t) => t.file).filter((f) => f !== null))];
  const names = targets.map((t) => t.name);
  const named = names.length > 0 && names.every((n) => n !== null) ? (names as string[]) : null;
  // What each name is matched by: itself, or the looser pattern of a retry.
  const sources = named === null ? null : targets.map((t) => t.patterns?.name ?? escapeRegExp(t.name!));
  const pattern = sources === null ? null : namePattern(sources);
  switch (kind) {
    case "jest": {
      if (pattern === null && files.length === 0) return null;
      // Right after jest's name, not at the end: an array option of the command
      // (`--testPathIgnorePatterns a b`, `--roots src test`) takes every word after it up to the next
      // option, so appended files became more ignore patterns and the run skipped every test (exit 0).
      const at = jestArgsStart(argv);
      const selection = pattern === null ? files : [...files, "-t", pattern];
      return [...argv.slice(0, at), ...selection, ...argv.slice(at)];
    }
    case "vitest": {
      // vitest's default fork workers are killed before V8 writes their coverage; threads exit cleanly.
      const base = [...argv, "--pool=threads"];
      if (pattern === null) return files.length > 0 ? [...base, ...files] : null;
      return [...base, ...files, "-t", pattern];
    }
    case "mocha":
      // mocha keeps the last --grep given: the command's own `--grep X --invert` would invert ours,
      // and the run would select every test but the targets. Ours names the tests to run; theirs goes.
      return pattern === null ? null : [...withoutMochaSelection(argv), "--grep", pattern];
    case "node_test": {
      if (sources === null) return null;
      // Options must precede the files node --test runs; each pattern flag adds tests (OR).
      const at = argv.indexOf("--test");
      const ancestors = [
        ...new Set(targets.flatMap((t) => t.patterns?.ancestors ?? (t.ancestors ?? []).map(escapeRegExp))),
      ];
      const flags = [
        ...(sources.length === 1 && ancestors.length === 0
          ? [`--test-name-pattern=${pattern}`]
          : sources.map((n) => `--test-name-pattern=${n}$`)),
        ...ancestors.map((n) => `--test-name-pattern=^${n}$`),
      ];
      return [...argv.slice(0, at + 1), ...flags, ...argv.slice(at + 1)];
    }
    case "tap": {
      if (files.length === 0) return null;
      const skip = [...new Set(targets.flatMap((t) => t.skipSubtests ?? []))];
      const invert =
        skip.length === 0 ? [] : [`--grep=^(?:${skip.map(escapeRegExp).join("|")})$`, "--invert"];
      return [...withoutPositionals(argv, kind), ...invert, ...files];
    }
    case "ava": {
      if (files.length === 0) return null;
      // Titles as ava's `--match` reads them (ava-match-split.ts keeps out titles it would misread).
      const skip = [...new Set(targets.flatMap((t) => t.skipSubtests ?? []))];
      const match = named !== null ? named.map((n) => `--match=${n}`) : skip.map((n) => `--match=!${n}`);
      return [...withoutPositionals(argv, kind), ...new Set(match), ...files];
    }
    case "tape":
      return files.length > 0 ? [...withoutPositionals(argv, kind), ...files] : null;
    case "uvu":
      return files.length > 0 ? uvuArgv(argv, files) : null;
    case "lab":
      // Anchored at the end only: perception names a failure by its full title, a sampled passing
      // test by its own (the last words of its full title).
      if (named !== null)
        return labArgv(argv, files, `(?:${[...new Set(named)].map(escapeRegExp).join("|")})$`);
      return files.length > 0 ? labArgv(argv, files, null) : null;
    case "pytest":
      return pytestArgv(argv, targets, files);
    case "unittest":
      return unittestArgv(argv, targets);
  }
}

// unittest loads a dotted id (`pkg.test_mod.Class.test_x`) alone: the module's `load_tests` (doctests,
// extra suites) is not run, so a sampled passing batch does not pick up a failing doctest. `discover`
// takes no ids: there `-k` keeps the named methods (a pattern with `*` is matched as a whole).
function unittestArgv(argv: readonly string[], targets: readonly TestTarget[]): string[] | null {
  const at = argv.findIndex((w, i) => w === "-m" && argv[i + 1] === "unittest");
  const head = argv.slice(0, at + 2);
  const rest = argv.slice(at + 2);
  if (rest[0] === "discover") {
    const patterns = targets
      .map((t) => t.nodeId ?? (t.className && t.name ? `.${t.className}.${t.name}` : null))
      .filter((p) => p !== null);
    return patterns.length === 0
      ? null
      : [...withoutNamePatterns(argv), ...patterns.flatMap((p) => ["-k", `*${p}`])];
  }
  const ids = targets
    .map((t) => t.nodeId ?? (t.className && t.name && t.file ? moduleId(t.file, t.className, t.name) : null))
    .filter((id) => id !== null);
  if (ids.length === 0) return null;
  // Options stay (with `--durations`' value); the command's own test names and modules go.
  const options = withoutNamePatterns(rest).filter(
    (w, i, all) => w.startsWith("-") || all[i - 1] === "--durations",
  );
  return [...head, ...options, ...ids];
}

function moduleId(file: string, className: string, name: string): string | null {
  return file.endsWith(".py") ? `${file.slice(0, -3).split("/").join(".")}.${className}.${name}` : null;
}

// The command's own `-k PATTERN`s would narrow the selection further (possibly to nothing).
function withoutNamePatterns(argv: readonly string[]): string[] {
  return argv.filter((w, i) => w !== "-k" && argv[i - 1] !== "-k" && !w.startsWith("-k"));
}

/** `sources`: each name's regex source (the name escaped, or a retry's looser pattern). */
function namePattern(sources: readonly string[]): string {
  const distinct = [...new Set(sources)];
  return distinct.length === 1 ? (distinct[0] ?? "") : `(?:${distinct.join("|")})$`;
}

// uvu takes `[dir] [pattern]`: the folder it walks and a regex over the paths below it (no name
// filter). The command's own dir and pattern go; the files' common folder and an anchored
// alternation of their paths under it come instead. Options keep their values (`-r esm`, `-i x`).
function uvuArgv(argv: readonly string[], files: readonly string[]): string[] | null {
  const at = argv.findIndex((w) => (w.split("/").pop() ?? w) === "uvu");
  const withValue = new Set(["-r", "--require", "-i", "--ignore", "-C", "--cwd"]);
  const options: string[] = [];
  for (let i = at + 1; i < argv.length; i++) {
    const word = argv[i] ?? "";
    if (!word.startsWith("-")) continue;
    // paths below are relative to the checkout: another working directory would move them
    if (/^(-C|--cwd)(=|$)/.test(word)) return null;
    options.push(word);
    if (withValue.has(word) && i + 1 < argv.length) options.push(argv[++i] ?? "");
  }
  const dirs = files.map((f) => f.split("/").slice(0, -1));
  const common = (dirs[0] ?? []).filter((part, i) => dirs.every((d) => d[i] === part));
  const under = files.map((f) => escapeRegExp(f.split("/").slice(common.length).join("/")));
  const pattern = under.length === 1 ? `^${under[0]}$` : `^(?:${under.join("|")})$`;
  return [...argv.slice(0, at + 1), ...options, common.length > 0 ? common.join("/") : ".", pattern];
}

function pytestArgv(argv: readonly string[], targets: readonly TestTarget[], files: readonly string[]) {
  const base = withoutPositionals(argv, "pytest");
  const nodeIds = targets.map((t) => t.nodeId);
  if (nodeIds.every((id) => id !== undefined)) return [...base, ...(nodeIds as string[])];
  const names = [...new Set(targets.map((t) => t.name))];
  if (names.includes(null)) return files.length > 0 ? [...base, ...files] : null;
  return [...base, ...files, "-k", names.join(" or ")];
}

/**
 * The words a pytest command line names after `pytest` that are no option or option value: its paths
 * or node ids (or an unknown option's value: callers keep only those that name test files).
 */
export function pytestOperands(argv: readonly string[]): string[] {
  const start = runnerArgsStart(argv, "pytest");
  if (start < 0) return [];
  const rest = argv.slice(start);
  return rest.filter((w, i) => !w.startsWith("-") && !takesValue("pytest", rest[i - 1] ?? ""));
}

// Where the runner's own arguments start: after its name (any path to it) or `-m NAME`; -1 without it.
function runnerArgsStart(argv: readonly string[], kind: TestRunnerKind): number {
  const at = argv.findIndex(
    (w, i) => (w.split("/").pop() ?? w) === kind || (w === "-m" && argv[i + 1] === kind),
  );
  return at < 0 ? -1 : at + (argv[at] === "-m" ? 2 : 1);
}

// After jest's own name: `jest`, `.bin/jest` or `jest/bin/jest.js` (run by node for ESM's flags); not
// the package an `npx -p jest jest` names, which is npx's option value.
function jestArgsStart(argv: readonly string[]): number {
  const at = argv.findIndex(
    (w, i) =>
      isJestScript(w) ||
      ((w.split("/").pop() ?? w) === "jest" && argv[i - 1] !== "-p" && argv[i - 1] !== "--package"),
  );
  return at < 0 ? argv.length : at + 1;
}

// Drops the path/glob operands after the runner's name so only the selected file runs; options stay.
function withoutPositionals(argv: readonly string[], kind: TestRunnerKind): string[] {
  const head = argv.slice(0, Math.max(runnerArgsStart(argv, kind), 0));
  // An option's value stays with it (`--deselect tests/x.py::t`, `--ignore dir`): dropping it as a
  // path made the option take the next word, the selected test itself.
  const rest = argv.slice(head.length).filter(
    (w, i, all) =>
      w.startsWith("-") ||
      takesValue(kind, all[i - 1] ?? "") ||
      // every pytest operand is a path or node id (`pytest toolz` runs the package's tests)
      (kind !== "pytest" && !looksLikePath(w)),
  );
  return [...head, ...rest];
}

const withValue = new Set([
  "--deselect",
  "--ignore",
  "--ignore-glob",
  "--rootdir",
  "-c",
  "--confcutdir",
  "-p",
  "-o",
  "--require",
  "-r",
  "--reporter",
  "-R",
]);

// pytest's (and its common plugins') options whose value is the next word: `-k "not slow"`,
// `-m EXPR`, `--tb short`, `-n 4`, `--cov src`; taken for operands, the value was dropped (the option
// then took the selected test as its value) or sampled from as a test folder.
const pytestWithValue = new Set([
  "-k",
  "-m",
  "--tb",
  "-n",
  "--numprocesses",
  "--dist",
  "--maxfail",
  "--durations",
  "--junitxml",
  "--junit-xml",
  "--cov",
  "--cov-report",
  "--cov-config",
  "--basetemp",
  "-W",
  "--log-level",
  "--timeout",
  "--reruns",
]);

function takesValue(kind: TestRunnerKind, option: string): boolean {
  return withValue.has(option) || (kind === "pytest" && pytestWithValue.has(option));
}

function looksLikePath(word: string): boolean {
  return /[/*]|\.(m|c)?[jt]sx?$|\.py$/.test(word) || /^(test|tests|spec)$/.test(word);
}

// mocha's options that choose tests by title: `--grep X`, `-g X`, `--fgrep X`, `-f X` (also as
// `--grep=X`), and `--invert`/`-i`, which flips whichever pattern is last.
const MOCHA_PATTERN_OPTION = new Set(["--grep", "-g", "--fgrep", "-f"]);
const MOCHA_INVERT = new Set(["--invert", "-i"]);

function withoutMochaSelection(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (MOCHA_INVERT.has(word) || /^--f?grep=/.test(word)) continue;
    if (MOCHA_PATTERN_OPTION.has(word)) {
      i++;
      continue;
    }
    out.push(word);
  }
  return out;
}
