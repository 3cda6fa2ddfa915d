// Test -> code by naming convention, across layouts: `tests/test_keys.py` tests `src/pkg/keys.py`,
// `test/charset.js` tests `lib/charset.js`, `src/parse.spec.ts` tests `src/parse.ts`,
// `__tests__/Foo.test.tsx` tests `Foo.tsx`, `test/url/index.test.ts` tests `src/url/index.ts` (a
// folder's index or __init__ is named by the folder). Each code file named like a failing test file
// gets the share of the failing test evidence that points at it.
import type { CodeSymbol } from "../index/code-index.ts";
import { addHit, type SignalScores } from "./localize-signal.ts";

const EXTENSION = /\.(?:[cm]?[jt]sx?|py|go|rs|java)$/;
const TEST_AFFIX = /^[Tt]est(?:[_-]|(?=[A-Z]))|[._-]?(?:[Tt]est|[Ss]pec)s?$/g;
const INDEX_FILE = /^(?:index|__init__|mod|main)$/;

/** `tests/test_keys.py` -> `keys`; `src/url/index.test.ts` -> `url`; null when nothing is left. */
export function testedStem(testFile: string): string | null {
  const stem = fileStem(testFile, (base) => base.replace(TEST_AFFIX, ""));
  return stem && !/^(?:tests?|specs?)$/i.test(stem) ? stem : null;
}

/** `src/cachetools/keys.py` -> `keys`; `src/url/index.ts` -> `url`. */
export function codeStem(file: string): string | null {
  return fileStem(file, (base) => base);
}

// A package's source folder: `packages/core/src/index.ts` is named by `core`.
const SOURCE_ROOT = /^(?:src|lib|source|dist)$/;

function fileStem(file: string, strip: (base: string) => string): string | null {
  const parts = file.split("/");
  const base = strip((parts.pop() ?? "").replace(EXTENSION, "").replace(EXTENSION, ""));
  let stem = base;
  if (INDEX_FILE.test(base) || base === "") {
    stem = parts.pop() ?? "";
    if (SOURCE_ROOT.test(stem)) stem = parts.pop() ?? "";
  }
  return stem === "" ? null : stem.toLowerCase().replace(/[-_.]/g, "");
}

/**
 * The file an import the index could not resolve most likely means: TS path aliases (`@/lib/url`,
 * `~/utils/format`) and workspace packages (`@scope/core`, `change-case/keys`) are named by their
 * last segment; only a code file with exactly that stem is taken.
 */
export function guessImportTarget(source: string, files: readonly string[]): string | null {
  if (source.startsWith(".")) return null;
  const last = source
    .split("/")
    .filter((s) => s !== "" && !s.startsWith("@") && s !== "~")
    .pop();
  if (!last) return null;
  const stem = last.toLowerCase().replace(/[-_.]/g, "");
  const matches = files.filter((f) => codeStem(f) === stem);
  return matches.length === 1 ? (matches[0] ?? null) : null;
}

/**
 * testFiles: one entry per piece of failing-test evidence (a frame or mention in a test file, a
 * failing test's file), so a file many failures point at outweighs one named once.
 */
export function testFileSignal(
  candidates: readonly CodeSymbol[],
  testFiles: readonly string[],
): SignalScores {
  const scores: SignalScores = new Map();
  const stems = new Map<string, number>();
  for (const file of testFiles) {
    const stem = testedStem(file);
    if (stem) stems.set(stem, (stems.get(stem) ?? 0) + 1);
  }
  if (stems.size === 0) return scores;
  const total = [...stems.values()].reduce((a, b) => a + b, 0);
  for (const symbol of candidates) {
    const stem = codeStem(symbol.file);
    const count = stem ? stems.get(stem) : undefined;
    if (count) addHit(scores, symbol.id, count / total, `${symbol.file} is named like the failing tests`);
  }
  return scores;
}
