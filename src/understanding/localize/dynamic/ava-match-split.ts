// ava runs a file's tests at the same time inside one worker, so no hook can tell which test ran a
// line, and a failing file's run executes its passing tests too: every function the file touches
// ties in the spectrum. ava's own `--match` (titles, `*` a wildcard, a leading `!` a negation) splits
// the failing files instead: a failing run of the failing tests alone and a passing run of the same
// files without them. The split is all or nothing (a run's `--match` patterns hold for every file):
// each failure must name a test its file declares (`test("title", …)` is a symbol of the index), a
// title ava would read as a pattern (`*`, a leading `!`) cannot be selected on its own, and a failure
// outside any test (an uncaught exception, a timeout without titles) cannot be selected at all; then
// the files run whole, as before. A pattern that matched nothing would make ava exit 1 ("Couldn't
// find any matching tests"), which would pass for a failing run: the declared-title guard keeps that
// from happening.
import type { Failure } from "../../../perception/failure.ts";
import type { CodeIndex } from "../../index/code-index.ts";
import type { TestTarget } from "./filtered-argv.ts";

/** With several files ava prefixes a title with its file's name: `test › title`. */
const prefix = " › ";

export interface AvaSplit {
  /** The failing tests, by title (`--match=title`). */
  failing: TestTarget[];
  /** The failing files without them (`--match=!title`); empty when nothing else is declared there. */
  passing: TestTarget[];
}

export function avaMatchSplit(
  failingFiles: readonly TestTarget[],
  failures: readonly Failure[],
  index: Pick<CodeIndex, "symbols">,
): AvaSplit | null {
  const files = [...new Set(failingFiles.flatMap((t) => (t.file === null ? [] : [t.file])))];
  const declared = new Map(
    files.map((file) => [
      file,
      new Set(
        index.symbols
          .filter((s) => s.file === file && s.parent === null && s.kind === "function")
          .map((s) => s.name),
      ),
    ]),
  );
  const failing: { name: string; file: string }[] = [];
  for (const f of failures) {
    if (f.kind !== "test" && f.kind !== "timeout") continue;
    if (!f.test) return null;
    const test = f.test;
    const at = test.indexOf(prefix);
    const candidates = at === -1 ? [test] : [test, test.slice(at + prefix.length)];
    const found = files.flatMap((file) =>
      candidates.filter((c) => declared.get(file)?.has(c)).map((name) => ({ name, file })),
    );
    if (found.length === 0) return null;
    failing.push(...found);
  }
  if (failing.length === 0 || failing.some((t) => !matchable(t.name))) return null;
  // A failing file none of whose failures could be named holds a failure outside its tests.
  if (files.some((file) => !failing.some((t) => t.file === file))) return null;
  const titles = [...new Set(failing.map((t) => t.name))];
  const passing = files
    .filter((file) => [...(declared.get(file) ?? [])].some((name) => !titles.includes(name)))
    .map((file) => ({ name: null, file, skipSubtests: titles }));
  return { failing: unique(failing), passing };
}

function matchable(title: string): boolean {
  return !title.includes("*") && !title.startsWith("!");
}

function unique(targets: readonly { name: string; file: string }[]): TestTarget[] {
  const seen = new Set<string>();
  return targets.filter((t) => {
    const key = `${t.file}\n${t.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
