// How many failing tests perception names reach a test block, per runner and per reason:
//   node bin/run-ts.js bench/locate-unmapped.ts [--sets dev,tune,...] [--repos ID,ID] [--examples N]
//                                               [--mirrors DIR] [--work DIR] [--corpus DIR]
// A failing test found in the test file is what test_callee, failing_reach, test_literal and
// imported_by_test start from; a named failure whose block nothing finds gives them nothing. Each
// named failure is counted once per task as
//   name   its name alone finds its block (named-test-location.ts, as localize calls it),
//   line   the name does not, but the failure or one of its frames gives a line in a test file,
//   log    neither, but the log mentions a line of a test file (`at: test/x.ts:69:38` in TAP's YAML)
//          that localize reads as a test location; which failure it belongs to is not known,
//   none   none of these; its reason is guessed from the name's shape (the rows below the table).
// Reasons are read off the name, not proven: they say where to look, the examples say what is there.
import type { Failure } from "../src/perception/failure.ts";
import { createLogPathResolver } from "../src/understanding/localize/resolve-log-path.ts";
import { namedTestLocations } from "../src/understanding/localize/named-test-location.ts";
import { createSymbolLookup, type SymbolLookup } from "../src/understanding/index/symbol-lookup.ts";
import { isTestBlock } from "../src/understanding/index/symbol-tables.ts";
import { extractEntities } from "../src/understanding/localize/extract-entities.ts";
import { frameEvidence } from "../src/understanding/localize/frame-signal.ts";
import type { CodeSymbol } from "../src/understanding/index/code-index.ts";
import { corpusOptions, loadTasks, SETS } from "./locate-corpus.ts";
import { flag } from "./bench-args.ts";

type How = "name" | "line" | "log" | "none";

interface Row {
  set: string;
  repoId: string;
  task: string;
  tool: string;
  how: How;
  reason: string;
  test: string;
}

const options = corpusOptions(flag, (flag("sets") ?? SETS.join(",")).split(","));
const examples = Number(flag("examples") ?? "3");
const rows: Row[] = [];

for await (const t of loadTasks(options)) {
  const { index } = t.repo;
  const lookup = createSymbolLookup(index);
  const resolve = createLogPathResolver(index.files.map((f) => f.path));
  const blocks = index.symbols.filter(isTestBlock);
  const isTest = (printed: string) => {
    const file = resolve(printed);
    return file !== null && lookup.isTest(file);
  };
  const entities = extractEntities(t.failures, t.logText, isTest);
  const logged = frameEvidence(entities.locations, resolve, lookup).testLocations.length > 0;
  const seen = new Set<string>();
  for (const failure of t.failures) {
    if (!failure.test || seen.has(`${failure.tool}\0${failure.test}`)) continue;
    seen.add(`${failure.tool}\0${failure.test}`);
    const byName = namedTestLocations([failure], [], resolve, lookup, index.symbols).length > 0;
    const byLine = !byName && hasTestLine(failure, resolve, lookup);
    const how: How = byName ? "name" : byLine ? "line" : logged ? "log" : "none";
    const row: Row = {
      set: t.set,
      repoId: t.repoId,
      task: t.task.id,
      tool: failure.tool,
      how,
      reason: how === "none" ? reasonOf(failure, resolve, lookup, blocks) : "",
      test: failure.test,
    };
    rows.push(row);
    // Progress, one line per named failure (a whole run takes long while checkouts are built).
    console.error([row.task, row.tool, row.how, row.reason, row.test.slice(0, 200)].join("\t"));
  }
}

function hasTestLine(failure: Failure, resolve: (p: string) => string | null, lookup: SymbolLookup): boolean {
  const places = [{ file: failure.file, line: failure.line }, ...failure.frames];
  return places.some((p) => {
    const file = p.file === null ? null : resolve(p.file);
    return file !== null && p.line !== null && lookup.isTest(file);
  });
}

// The shapes of the names that found no block, most specific first.
function reasonOf(
  failure: Failure,
  resolve: (p: string) => string | null,
  lookup: SymbolLookup,
  blocks: readonly CodeSymbol[],
): string {
  const test = failure.test ?? "";
  if (
    /Failed example:/.test(failure.message) ||
    (/\[doctest\]|::[\w.]+\.\w+$/.test(test) && /doctest/i.test(test))
  )
    return "doctest";
  if (test.includes("::")) {
    const file = resolve(test.slice(0, test.indexOf("::")));
    if (file === null) return "pytest id: file not in repo";
    if (/\[[^\]]*\]$/.test(test)) return "pytest id: parametrized [..]";
    return lookup.isTest(file) ? "pytest id: no name rule" : "pytest id: file not a test file";
  }
  if (/\(subTest|\(\w+=/.test(test)) return "unittest subtest";
  if (/^\w+ \([\w.]+\)$/.test(test) || /^[\w.]+\.Test\w*\.test\w*$/.test(test)) return "unittest id";
  const parts = test.split(/ (?:>|›) /);
  const first = parts[0] ?? "";
  const file = parts.length > 1 ? resolve(first) : null;
  const titles = (file !== null ? parts.slice(1) : parts).join(" ");
  const last = parts[parts.length - 1] ?? test;
  const sameLast = blocks.filter((b) => b.name === last || b.qualifiedName.endsWith(`.${last}`));
  if (file !== null && !lookup.isTest(file)) return "file > title: file not a test file";
  if (sameLast.length > 1) return "title written in several blocks";
  if (sameLast.length === 1) return "last title found, its path not";
  if (/\d/.test(titles) && blocks.some((b) => /%[sdifjoOp#]|\$\{|\$\w|` *\+|' *\+|" *\+/.test(b.signature)))
    return "title with data (repo has generated titles)";
  if (file !== null) return "file > title: no block of that title";
  if (parts.length > 1) return "titles > titles: no block";
  return "one title: no block";
}

const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(0)}%` : "-");
function table(label: string, key: (r: Row) => string): void {
  console.log(
    `\n${label.padEnd(36)} ${["named", "name", "line", "log", "none"].map((h) => h.padStart(6)).join(" ")}  none%  repos(none)`,
  );
  const groups = new Map<string, Row[]>();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  for (const [g, rs] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    const c = (h: How) => rs.filter((r) => r.how === h).length;
    const repos = new Set(rs.filter((r) => r.how === "none").map((r) => r.repoId)).size;
    console.log(
      `${g.slice(0, 36).padEnd(36)} ${[rs.length, c("name"), c("line"), c("log"), c("none")].map((n) => String(n).padStart(6)).join(" ")}  ${pct(c("none"), rs.length).padStart(5)}  ${repos}`,
    );
  }
}

table("runner", (r) => r.tool);
table("set", (r) => r.set);
const none = rows.filter((r) => r.how === "none");
console.log(`\n${"reason (none only)".padEnd(36)} failures  tasks  repos  examples`);
const reasons = new Map<string, Row[]>();
for (const r of none)
  reasons.set(`${r.tool}: ${r.reason}`, [...(reasons.get(`${r.tool}: ${r.reason}`) ?? []), r]);
for (const [reason, rs] of [...reasons].sort((a, b) => b[1].length - a[1].length)) {
  const repos = [...new Set(rs.map((r) => r.repoId))];
  console.log(
    `${reason.slice(0, 60).padEnd(60)} ${String(rs.length).padStart(5)} ${String(new Set(rs.map((r) => r.task)).size).padStart(5)} ${String(repos.length).padStart(5)}`,
  );
  for (const repo of repos.slice(0, examples)) {
    const r = rs.find((x) => x.repoId === repo)!;
    console.log(`    ${repo.padEnd(18)} ${r.test.length > 110 ? `${r.test.slice(0, 107)}...` : r.test}`);
  }
}
// Tasks whose named failures all went unfound: there the test's calls give nothing at all.
const byTask = new Map<string, Row[]>();
for (const r of rows) byTask.set(r.task, [...(byTask.get(r.task) ?? []), r]);
const blind = [...byTask.values()].filter((rs) => rs.every((r) => r.how === "none"));
console.log(
  `\ntasks with named failures: ${byTask.size}; every named failure unfound: ${blind.length} (repos ${new Set(blind.map((rs) => rs[0]!.repoId)).size})`,
);
