// Test -> code by a failing test's title: a fixture suite titles each test by the module it runs
// (`plugins tests › cleanupIds.02` runs `plugins/cleanupIds.js`, loaded by a computed `require`, so
// neither an import nor a call of the test reaches it), and a suite names its unit the same way
// (`extendTailwindMerge works ...`, `.arrayDiff › recursive case`). A code file is named when a
// failing test's title spells its whole name as one word.
import type { CodeSymbol } from "../index/code-index.ts";
import { addHit, type SignalScores } from "./localize-signal.ts";
import { codeStem, nameWords } from "./test-file-signal.ts";

// A path in a title (`test/api.ts > ...`, pytest's `tests/test_x.py::Class::test`) names the test
// file, which test-file-signal.ts reads; its words are not names of code.
const PATH_IN_TITLE = /\S+\.(?:[cm]?[jt]sx?|py)\b/g;
const TITLE_WORD = /[A-Za-z0-9_$-]+/g;

/**
 * Each code file named by the failing tests' titles gets the share of the titles that name it. Only a
 * file whose name is a compound (`cleanupIds`, `list-item`, `lang_ce`) counts: a one-word name
 * (`parse.js`, `plugins.js`, `index.js` by its folder) is also a word of prose, which titles use for
 * what every test does (`parse › handles ...`, `plugins tests › ...`); two words written as one
 * identifier are a name.
 */
export function titleNamedFiles(
  candidates: readonly CodeSymbol[],
  testNames: readonly string[],
): SignalScores {
  const scores: SignalScores = new Map();
  if (testNames.length === 0) return scores;
  const byStem = new Map<string, string[]>();
  for (const file of new Set(candidates.map((s) => s.file))) {
    const stem = compoundStem(file);
    if (stem) byStem.set(stem, [...(byStem.get(stem) ?? []), file]);
  }
  if (byStem.size === 0) return scores;
  const count = new Map<string, number>();
  for (const title of testNames) {
    const named = new Set<string>();
    for (const [word] of title.replace(PATH_IN_TITLE, " ").matchAll(TITLE_WORD))
      for (const file of byStem.get(normalized(word)) ?? []) named.add(file);
    for (const file of named) count.set(file, (count.get(file) ?? 0) + 1);
  }
  for (const symbol of candidates) {
    const n = count.get(symbol.file);
    if (n)
      addHit(
        scores,
        symbol.id,
        n / testNames.length,
        `${symbol.file} is named by ${n} of ${testNames.length} failing test title(s)`,
      );
  }
  return scores;
}

/** The file's stem (as test-file-signal.ts reads it) when its name is two words or more, else null. */
function compoundStem(file: string): string | null {
  const stem = codeStem(file);
  if (!stem) return null;
  const parts = file.split("/");
  const base = (parts.pop() ?? "").replace(/\..*$/, "");
  // `index.ts`, `__init__.py` are named by their folder (codeStem): count that name's words.
  const name = normalized(base) === stem ? base : (parts.reverse().find((p) => normalized(p) === stem) ?? "");
  return nameWords(name).length >= 2 ? stem : null;
}

function normalized(word: string): string {
  return word.toLowerCase().replace(/[-_.$]/g, "");
}
