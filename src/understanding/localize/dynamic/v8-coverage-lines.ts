// Executed lines per repository file from the JSON files Node writes under NODE_V8_COVERAGE.
// V8 gives each function's block ranges (UTF-16 offsets into the script, nested, innermost wins).
// When a runner transformed the module (vitest's SSR rewrite, babel-jest), the offsets are not the
// file's: a named function whose generated length equals its symbol's source length was copied
// verbatim, so its ranges are moved onto the source; otherwise only its name counts (relocate-ranges.ts).
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { readCoverageJson } from "./read-coverage-json.ts";
import { relocateRanges, type SymbolSpan } from "./relocate-ranges.ts";

const range = z.object({ startOffset: z.number(), endOffset: z.number(), count: z.number() });
// Only the scripts' urls are checked for the whole file: a runner's process covers its own code too
// (mocha, tap, jest's runtime: thousands of functions), and only the checkout's scripts are validated.
const v8File = z.object({ result: z.array(z.object({ url: z.string() }).passthrough()) });
const v8Script = z.object({
  url: z.string(),
  functions: z.array(z.object({ functionName: z.string(), ranges: z.array(range) })),
});
type ScriptCoverage = z.infer<typeof v8Script>;
type Range = z.infer<typeof range>;

/** Per file: executed line numbers, or (for transformed modules) names of functions that ran. */
export interface FileCoverage {
  lines: Set<number>;
  functionNames: Set<string>;
  /**
   * Python only: who called the file's functions, per callee (`calleeKey`: its code's first line and
   * name) the callers' sites, `file:line` or OUTSIDE (a frame outside the repository: the test
   * framework, the standard library). At most CALLER_SITES per callee; V8 coverage has no callers.
   */
  callers?: Map<string, Set<string>>;
}

/** A caller site outside the repository. */
export const OUTSIDE = "";

/** As many distinct caller sites as the tracer keeps per callee: more means "not all known". */
export const CALLER_SITES = 16;

export function calleeKey(firstLine: number, name: string): string {
  return `${firstLine}:${name}`;
}

export type CoverageByFile = Map<string, FileCoverage>;

/** One test's own coverage and outcome, recorded inside the test process (a runner hook, a plugin). */
export interface TestCoverage {
  id: string;
  failed: boolean;
  coverage: CoverageByFile;
}

/** A run's coverage: per test where the runner reported tests, `outside` for processes that did not. */
export interface CoverageRecords {
  outside: CoverageByFile;
  tests: TestCoverage[];
}

export interface CoverageSources {
  readSource: (file: string) => string | null;
  symbolsOf: (file: string) => readonly SymbolSpan[];
}

/**
 * Per-test files a runner hook wrote under `tests/<pid>-<n>/` (with meta.json: id, failed, pid), and
 * `outside`: every other file — processes that recorded no test (a subprocess), and what test
 * processes ran outside their tests (loading modules, hooks), which every test of the run shares.
 */
export function readV8Records(dir: string, root: string, sources: CoverageSources): CoverageRecords {
  const tests: TestCoverage[] = [];
  for (const name of listDirs(join(dir, "tests"))) {
    const folder = join(dir, "tests", name);
    const parsed = testMeta.safeParse(readCoverageJson(join(folder, "meta.json")));
    if (!parsed.success) continue;
    const coverage = readV8Coverage(folder, root, sources, (n) => n !== "meta.json");
    tests.push({ id: parsed.data.id, failed: parsed.data.failed, coverage });
  }
  return { outside: readV8Coverage(dir, root, sources), tests };
}

const testMeta = z.object({ id: z.string(), failed: z.boolean(), pid: z.number().int() });

function listDirs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch (err) {
    if (err instanceof Error && "code" in err && err.code === "ENOENT") return [];
    throw err;
  }
}

export function readV8Coverage(
  dir: string,
  root: string,
  sources: CoverageSources,
  keep: (name: string) => boolean = () => true,
): CoverageByFile {
  const out: CoverageByFile = new Map();
  for (const name of listJson(dir).filter(keep)) {
    const path = join(dir, name);
    const parsed = v8File.safeParse(readCoverageJson(path));
    if (!parsed.success) continue;
    for (const unchecked of parsed.data.result) {
      const file = repoFile(unchecked.url, root);
      if (file === null) continue;
      const checked = v8Script.safeParse(unchecked);
      if (!checked.success) continue;
      const script = checked.data;
      const source = sources.readSource(file);
      if (source === null) continue;
      const entry = out.get(file) ?? { lines: new Set<number>(), functionNames: new Set<string>() };
      addScript(entry, script, source, sources.symbolsOf(file));
      out.set(file, entry);
    }
  }
  return out;
}

function listJson(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => n.endsWith(".json"));
  } catch (err) {
    if (err instanceof Error && "code" in err && err.code === "ENOENT") return [];
    throw err;
  }
}

function repoFile(url: string, root: string): string | null {
  if (!url.startsWith("file://")) return null;
  const rel = relative(root, fileURLToPath(url.split("?")[0] ?? url));
  if (rel.startsWith("..") || rel.split(sep).includes("node_modules")) return null;
  return rel.split(sep).join("/");
}

function addScript(
  entry: FileCoverage,
  script: ScriptCoverage,
  source: string,
  symbols: readonly SymbolSpan[],
): void {
  for (const fn of script.functions)
    if (fn.functionName !== "" && (fn.ranges[0]?.count ?? 0) > 0) entry.functionNames.add(fn.functionName);
  const ranges = isVerbatim(script, source)
    ? script.functions.flatMap((f) => f.ranges)
    : relocateRanges(script.functions, source, symbols);
  for (const line of executedLines(ranges, source)) entry.lines.add(line);
}

/**
 * The script is the file's own text: its top-level range spans the file. After v8.takeCoverage()
 * reset the counters (per-test coverage), functions that did not run since, the top level among
 * them, are not reported: then every named function must sit at its own name in the file.
 */
function isVerbatim(script: ScriptCoverage, source: string): boolean {
  const top = script.functions.find((f) => f.ranges[0]?.startOffset === 0);
  if (top) return top.ranges[0]?.endOffset === source.length;
  const named = script.functions.filter((f) => f.functionName !== "");
  return (
    named.length > 0 &&
    named.every((f) => {
      const whole = f.ranges[0];
      if (!whole || whole.endOffset > source.length) return false;
      const name = f.functionName.replace(/^[gs]et /, "");
      return (
        source.slice(whole.startOffset, whole.startOffset + name.length + 24).includes(name) ||
        assignedJustBefore(name, source.slice(Math.max(0, whole.startOffset - 200), whole.startOffset))
      );
    })
  );
}

/**
 * An anonymous function or arrow gets its name from what it is assigned to (`module.exports =
 * input => {`: "module.exports"; `exports.trim = function (s)`: "exports.trim"; `{ trim: (s) => }`,
 * `const trim = async (s) =>`): the name's last part, then `=` or `:`, ends the text just before it.
 */
function assignedJustBefore(name: string, before: string): boolean {
  const last = name.split(".").pop() ?? "";
  if (!/^[\w$]+$/.test(last)) return false;
  return new RegExp(`(?:^|[^\\w$])${last.replace(/\$/g, "\\$")}\\s*[:=]\\s*$`).test(before);
}

/** Lines whose first non-blank character lies in a range that ran (innermost range decides). */
function executedLines(ranges: readonly Range[], source: string): number[] {
  const lines: number[] = [];
  if (ranges.length === 0) return lines;
  let offset = 0;
  for (const [i, text] of source.split("\n").entries()) {
    const first = text.search(/\S/);
    if (first >= 0 && countAt(ranges, offset + first) > 0) lines.push(i + 1);
    offset += text.length + 1;
  }
  return lines;
}

function countAt(ranges: readonly Range[], at: number): number {
  let best: Range | null = null;
  for (const r of ranges) {
    if (r.startOffset > at || r.endOffset <= at) continue;
    if (best === null || r.endOffset - r.startOffset <= best.endOffset - best.startOffset) best = r;
  }
  return best?.count ?? 0;
}
