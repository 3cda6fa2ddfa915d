// The failing tests to re-run, from perception's failure records: the leaf test name and the test
// file (a failure's own file is often the code under test; then the innermost frame in a test file).
// pytest names are node ids, `file::Class::test[param]`. For runners that select by file only, a log
// whose failures perception could not itemise still names the failing test files in its traces.
import type { Failure } from "../../../perception/failure.ts";
import type { TestTarget } from "./filtered-argv.ts";

export interface FailingTargetsInput {
  failures: readonly Failure[];
  max: number;
  isTest: (file: string) => boolean;
  /**
   * Test files, and the log text to find them in when no failure is itemised or placed in a file
   * (file-level runners).
   */
  byFile?: { testFiles: readonly string[]; logText: string };
}

export function failingTargets(input: FailingTargetsInput): TestTarget[] {
  const seen = new Set<string>();
  const distinct: TestTarget[] = [];
  for (const f of input.failures) {
    if (f.kind !== "test" && f.kind !== "timeout") continue;
    const target = toTarget(f, input.isTest);
    const key = `${target.file ?? ""}\0${target.name ?? ""}`;
    if ((target.name === null && target.file === null) || seen.has(key)) continue;
    seen.add(key);
    distinct.push(target);
  }
  // A name perception placed in a file once is the same test where it could not (tape prints a
  // stack for one failing assertion of a test, not for the others): no second, unplaced target.
  const placed = new Set(distinct.filter((t) => t.file !== null).map((t) => t.name));
  const out = distinct
    .filter((t) => t.file !== null || t.name === null || !placed.has(t.name))
    .slice(0, input.max);
  morePytestParameters(input, out);
  // A file-level runner selects files only: failures named without their file (no trace perception
  // could place) select nothing, so the test files the log's traces name stand in.
  if (!input.byFile || out.some((t) => t.file !== null)) return out;
  const { testFiles, logText } = input.byFile;
  return testFiles
    .filter((file) => logText.includes(`/${file}:`) || logText.includes(` ${file}:`))
    .slice(0, input.max)
    .map((file) => ({ name: null, file }));
}

/**
 * Fewer failing test functions than `max`, and several of them parametrized: the further failing
 * parameters of those functions fill the rest. pytest's per-test hook makes each parameter its own
 * failing execution, so code only some parameters reach no longer ties with what they all run
 * (one parameter alone is F = 1: everything it ran scores Ochiai 1.0). Distinct functions come first.
 */
function morePytestParameters(input: FailingTargetsInput, out: TestTarget[]): void {
  const ids = new Set(out.map((t) => t.nodeId).filter((id) => id !== undefined));
  for (const f of input.failures) {
    if (out.length >= input.max) return;
    if (f.kind !== "test" && f.kind !== "timeout") continue;
    const target = toTarget(f, input.isTest);
    if (target.nodeId === undefined || !target.nodeId.endsWith("]") || ids.has(target.nodeId)) continue;
    if (!out.some((t) => t.nodeId !== undefined && t.file === target.file && t.name === target.name))
      continue;
    ids.add(target.nodeId);
    out.push(target);
  }
}

function toTarget(f: Failure, isTest: (file: string) => boolean): TestTarget {
  const test = hookedTest(withoutSubtestSuffix(f.test?.trim() ?? "")) || null;
  // A pytest node id starts with a file path; other runners' names may hold `::` too (uvu prints
  // `Suite "name :: case"`), and they are names, not files.
  if (test !== null && isNodeId(test, f.tool)) {
    const leaf = test.split("::").pop() ?? test;
    return { name: leaf.replace(/\[.*\]$/, ""), file: test.split("::")[0] ?? f.file, nodeId: test };
  }
  const file =
    f.file !== null && isTest(f.file)
      ? f.file
      : (f.frames.find((fr) => !fr.external && isTest(fr.file))?.file ?? null);
  if (f.tool === "unittest") return unittestTarget(test, file);
  if (f.tool === "pytest" && test !== null && file?.endsWith(".py") && PYTEST_TITLE.test(test))
    return pytestTitleTarget(test, file);
  return { name: test === null ? null : leafName(test), file };
}

// mocha names a failing hook `suite "before all" hook for "test"`, which no --grep matches (no test
// has that title): the test it ran for runs the hook again. A hook of no test (`"after all" hook in
// "{root}"`) names nothing to select.
const MOCHA_HOOK = /"(?:before|after) (?:all|each)" hook(?: for "(.+)"| in ".*")?$/s;

function hookedTest(test: string): string {
  const hook = MOCHA_HOOK.exec(test);
  return hook ? (hook[1] ?? "") : test;
}

// With no short summary (`-rN`) a pytest failure is named by its section title alone
// (`Class::test_x[param]`, perception turns the title's dots into `::`), which `-k` cannot select:
// `-k Class::test_x` matches nothing (exit 5), `-k "test_x[a b]"` does not parse (exit 4). The test
// file of its traceback completes the node id.
const PYTEST_TITLE = /^[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*(?:\[.*\])?$/s;

function pytestTitleTarget(test: string, file: string): TestTarget {
  const leaf = test.split("::").pop() ?? test;
  return { name: leaf.replace(/\[.*\]$/s, ""), file, nodeId: `${file}::${test}` };
}

// unittest ids are `pkg.mod.Class.test_x`, a subTest adds ` (param=1)`. A doctest's id names the
// documented function (`pkg.mod.func`), which unittest cannot load by name: it is not a target.
function unittestTarget(test: string | null, file: string | null): TestTarget {
  const id = test?.replace(/\s+\(.*\)$/, "") ?? "";
  const parts = id.split(".");
  const name = parts[parts.length - 1] ?? "";
  const className = parts[parts.length - 2];
  if (!/^test/.test(name) || className === undefined || !/^[\w.]+$/.test(id))
    return { name: null, file: null };
  return { name, file, nodeId: id, className };
}

// `test_x [msg]` is a unittest subTest of test_x: the ` [` stands outside the id's brackets. A
// parametrized id may hold ` [` too (`test_x[a [b]]`), inside its brackets: it stays whole.
function withoutSubtestSuffix(test: string): string {
  if (!test.endsWith("]")) return test;
  let depth = 0;
  for (let i = 0; i < test.length; i++) {
    const ch = test.charAt(i);
    if (ch === "]") depth--;
    if (ch !== "[") continue;
    if (depth === 0 && i > 0 && /\s/.test(test.charAt(i - 1))) return test.slice(0, i).trimEnd();
    depth++;
  }
  return test;
}

/**
 * "suite › case", "suite > case": runners' filters match the leaf reliably, the joined form not.
 * A bare `>` is part of a name (`escape <script>`, `a->b`): only one between spaces separates.
 */
export function leafName(full: string): string | null {
  const parts = full.split(/\s*[›▶]\s*|\s+>\s+/);
  const leaf = (parts[parts.length - 1] ?? full).trim();
  return leaf === "" ? null : leaf;
}

// pytest also collects text files as doctests (`--doctest-glob='*.doctest'`, `test*.txt` by default):
// their node ids start with that file (`tests/test_robustness.doctest::test_robustness.doctest`),
// and as a `-k` name they select nothing (the run lost the command's paths too: stdnum-07).
function isNodeId(test: string, tool: string): boolean {
  const head = test.split("::")[0] ?? "";
  if (!test.includes("::")) return false;
  return /^[\w./-]+\.py$/.test(head) || (tool === "pytest" && /^[\w./-]+\.[A-Za-z]\w*$/.test(head));
}
