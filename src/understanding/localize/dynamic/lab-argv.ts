// @hapi/lab selects tests by `-g PATTERN`, a regex over each test's full title (its describe titles
// and its own, joined by spaces), and runs only the files named as paths. Options that judge the whole
// suite go: `-t N` (a coverage threshold a filtered run always misses: exit 1 for a passing batch),
// `-c` and its `--coverage-*` (lab's own coverage rewrites the code, so V8's lines would be its
// instrumented copy's), `-L` (lint), `-Y`/`--types-test` (the TypeScript types test, run on any
// selection), `-d` (dry run), and the command's own `-g`/`-i` selection.
const dropped = new Set([
  "-c",
  "--coverage",
  "--coverage-all",
  "--coverage-flat",
  "-L",
  "--lint",
  "-Y",
  "--types",
  "-d",
  "--dry",
]);
const droppedWithValue = new Set([
  "-t",
  "--threshold",
  "--types-test",
  "-g",
  "--grep",
  "-i",
  "--id",
  "--coverage-exclude",
  "--coverage-path",
  "--coverage-pattern",
  "--coverage-predicates",
  "--lint-errors-threshold",
  "--lint-warnings-threshold",
  "--lint-options",
  "-n",
  "--linter",
]);
// Options of lab whose value is the next word (kept with it).
const withValue = new Set([
  "-a",
  "--assert",
  "-M",
  "--context-timeout",
  "-p",
  "--default-plan-threshold",
  "-e",
  "--environment",
  "-I",
  "--ignore",
  "--globals",
  "-o",
  "--output",
  "-P",
  "--pattern",
  "-r",
  "--reporter",
  "--req",
  "--require",
  "-R",
  "--retries",
  "--seed",
  "-m",
  "--timeout",
  "-T",
  "--transform",
]);

/**
 * lab's argv running `files` (the command's own paths when none is known) and, when `pattern` is
 * given, only the tests whose full title it matches.
 */
export function labArgv(argv: readonly string[], files: readonly string[], pattern: string | null): string[] {
  const at = argv.findIndex((w) => (w.split("/").pop() ?? w) === "lab");
  const options: string[] = [];
  const paths: string[] = [];
  for (let i = at + 1; i < argv.length; i++) {
    const word = argv[i] ?? "";
    const name = word.split("=")[0] ?? word;
    if (droppedWithValue.has(name)) {
      if (!word.includes("=")) i++;
      continue;
    }
    if (dropped.has(word)) continue;
    if (!word.startsWith("-")) {
      paths.push(word);
      continue;
    }
    options.push(word);
    if (withValue.has(word) && i + 1 < argv.length) options.push(argv[++i] ?? "");
  }
  return [
    ...argv.slice(0, at + 1),
    ...options,
    ...(pattern === null ? [] : ["-g", pattern]),
    ...(files.length > 0 ? files : paths),
  ];
}
