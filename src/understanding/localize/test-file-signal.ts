// Test -> code by naming convention, across layouts: `tests/test_keys.py` tests `src/pkg/keys.py`,
// `test/charset.js` tests `lib/charset.js`, `src/parse.spec.ts` tests `src/parse.ts`,
// `__tests__/Foo.test.tsx` tests `Foo.tsx`, `test/url/index.test.ts` tests `src/url/index.ts` (a
// folder's index or __init__ is named by the folder), `test/omission-closing-dt.js` tests
// `lib/omission/closing.js` (folder, name and feature in one name). Each code file named like a
// failing test file gets the share of the failing test evidence that points at it.
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
 * failing test's file), so a file many failures point at outweighs one named once. When several code
 * files share the test's stem (`ranges/valid.js`, `functions/valid.js`), the ones in the folder the
 * test's own folder mirrors (`test/functions/valid.js`) take the full share, the rest half.
 */
export function testFileSignal(
  candidates: readonly CodeSymbol[],
  testFiles: readonly string[],
): SignalScores {
  const scores: SignalScores = new Map();
  const byStem = new Map<string, string[]>();
  for (const file of new Set(candidates.map((s) => s.file))) {
    const stem = codeStem(file);
    if (stem) byStem.set(stem, [...(byStem.get(stem) ?? []), file]);
  }
  const codeFiles = [...new Set(candidates.map((s) => s.file))];
  // A test file comes once per failure in it: its compound match is read once.
  const compound = new Map<string, string[]>();
  const compoundOf = (testFile: string) =>
    compound.get(testFile) ?? compound.set(testFile, compoundNamed(testFile, codeFiles)).get(testFile)!;
  let kinds: Map<string, string[]> | undefined;
  const kindNamed = (stem: string) => (kinds ??= kindPrefixedStems(codeFiles)).get(stem) ?? [];
  const credit = new Map<string, number>();
  let total = 0;
  for (const testFile of testFiles) {
    const stem = testedStem(testFile);
    if (!stem) continue;
    total++;
    const compound = byStem.has(stem) ? [] : compoundOf(testFile);
    const files = byStem.get(stem) ?? (compound.length > 0 ? compound : kindNamed(stem));
    const overlaps = files.map((f) => mirroredFolders(testFile, f));
    const best = Math.max(0, ...overlaps);
    files.forEach((f, i) => credit.set(f, (credit.get(f) ?? 0) + (overlaps[i] === best ? 1 : 0.5)));
  }
  for (const symbol of candidates) {
    const count = credit.get(symbol.file);
    if (count) addHit(scores, symbol.id, count / total, `${symbol.file} is named like the failing tests`);
  }
  return scores;
}

const TEST_ROOT = /^(?:tests?|__tests__|specs?|src|lib|source)$/;

/** Folders the two paths share from their ends, test and source roots left out. */
function mirroredFolders(testFile: string, codeFile: string): number {
  const folders = (file: string, root: RegExp) =>
    file
      .split("/")
      .slice(0, -1)
      .filter((p) => !root.test(p));
  const t = folders(testFile, TEST_ROOT);
  const c = folders(codeFile, SOURCE_ROOT);
  let n = 0;
  while (n < t.length && n < c.length && t[t.length - 1 - n] === c[c.length - 1 - n]) n++;
  return n;
}

/**
 * A test file named by a code file's folders and name plus what it tests there
 * (`test/omission-closing-dt.js` tests `dt` in `lib/omission/closing.js`): the code files all of whose
 * path words (below the source root) are words of the test's name, the ones with the most words.
 * Only asked when no code file has the test's whole stem.
 */
function compoundNamed(testFile: string, codeFiles: readonly string[]): string[] {
  const base = (testFile.split("/").pop() ?? "").replace(EXTENSION, "").replace(EXTENSION, "");
  const testWords = new Set(nameWords(base.replace(TEST_AFFIX, "")));
  let best: string[] = [];
  let most = 0;
  for (const file of codeFiles) {
    const parts = file.replace(EXTENSION, "").split("/");
    const own = new Set(parts.filter((p) => !SOURCE_ROOT.test(p) && !INDEX_FILE.test(p)).flatMap(nameWords));
    if (own.size === 0 || ![...own].every((w) => testWords.has(w))) continue;
    if (own.size > most) [best, most] = [[file], own.size];
    else if (own.size === most) best.push(file);
  }
  return best;
}

// The first word of a file name: `lang` of `lang_CE.py`, `rule` of `rule-max.js` or `ruleMax.ts`.
const LEADING_WORD = /^([A-Za-z0-9]{2,}?)(?:[_-]|(?=[A-Z]))/;
// A folder's kind prefix is shared by at least this many of its files, and by half of them or more.
const KIND_FILES = 3;

/**
 * Files of a folder whose names mostly start with one word (`num2words/lang_CE.py`, `lang_RU.py`, ...)
 * by the rest of their names (`ce`, `ru`): the shared word says what kind of module the folder holds,
 * and a test module names its module by the part that tells it from its siblings (`test_ce.py`).
 * Asked only when no code file has the test's whole stem and none is named compound.
 */
function kindPrefixedStems(codeFiles: readonly string[]): Map<string, string[]> {
  const byFolder = new Map<string, string[]>();
  for (const file of codeFiles) {
    const folder = file.slice(0, file.lastIndexOf("/") + 1);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), file]);
  }
  const out = new Map<string, string[]>();
  for (const [folder, files] of byFolder) {
    const lead = (file: string) =>
      LEADING_WORD.exec(file.slice(folder.length).replace(EXTENSION, ""))?.[1]?.toLowerCase() ?? null;
    const counts = new Map<string, number>();
    for (const file of files) {
      const word = lead(file);
      if (word) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    for (const [word, n] of counts) {
      if (n < KIND_FILES || n * 2 < files.length) continue;
      for (const file of files.filter((f) => lead(f) === word)) {
        const rest = file
          .slice(folder.length + word.length)
          .replace(EXTENSION, "")
          .toLowerCase()
          .replace(/[-_.]/g, "");
        if (rest !== "") out.set(rest, [...(out.get(rest) ?? []), file]);
      }
    }
  }
  return out;
}

/**
 * The words of a name, lowercase: camelCase, PascalCase (an acronym is one word: `XMLParser` is `xml`
 * and `parser`), snake_case and kebab-case parts. Not the code index's terms: those leave out search
 * stop words (`upperCase` is `upper` there), which are still words of a name.
 */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");
}
