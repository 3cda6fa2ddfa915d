// A failure that names its test by file and title (vitest and jest: `test/api.ts > API > selectAll >
// accepts roots`) says which test ran even when the output holds no line of that test: a crash
// inside the code that the reporter gives by its innermost frame only (vitest's TAP `at:`), a
// timeout, a failure without a stack. Without a test location the code under test is unknown
// (no test callees, no failing reach, no imported files). The index names test blocks by their titles
// (`it("accepts roots")` inside `describe("selectAll")` inside `describe("API")` is
// `API.selectAll.accepts roots`), so the block of that name is where the test's calls are.
// Mocha names a test by its titles joined with spaces and no file; a test generated at run time from
// data (`describe("markdown-it", () => generate("fixtures/", md))` names its cases after fixture
// lines) has no block of its own, and its stack holds library frames only (the assertion runs in the
// generator's package). The block whose title path is the longest leading part of the name is then
// the nearest written test code: the describe that made the cases. A name of titles with no file
// (tap's `JSON5 > #parse()`, ava's `exclude › handles empty filter array`, whose leading titles are the
// test file's name) is read the same way, the file first when its leading titles name one.
import type { Failure } from "../../perception/failure.ts";
import type { CodeSymbol } from "../index/code-index.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import { isTestBlock } from "../index/symbol-tables.ts";
import type { TestLocation } from "./frame-signal.ts";
import type { LogPathResolver } from "./resolve-log-path.ts";

const SEPARATOR = " > ";

/**
 * The start of each failing test's block, for failures named `file > ... > title` whose block holds
 * none of the known test locations (a located failure already says where its test is).
 */
export function namedTestLocations(
  failures: readonly Failure[],
  known: readonly TestLocation[],
  resolve: LogPathResolver,
  lookup: SymbolLookup,
  symbols: readonly CodeSymbol[],
): TestLocation[] {
  const out: TestLocation[] = [];
  const seen = new Set<string>();
  let byTitle: TitlePaths | undefined;
  for (const failure of failures) {
    const block =
      testBlock(failure.test, resolve, lookup) ??
      (failure.file === null
        ? titlePathBlock(
            failure.test,
            // Only blocks: a test file's helper `function render` would tie with `describe("render")`.
            (byTitle ??= titlePaths(symbols.filter(isTestBlock))),
          )
        : null);
    if (!block || seen.has(block.id)) continue;
    seen.add(block.id);
    const inside = (l: TestLocation) =>
      l.file === block.file && block.startLine <= l.line && l.line <= block.endLine;
    if (!known.some(inside) && failure.test)
      out.push({ file: block.file, line: block.startLine, byName: failure.test });
  }
  return out;
}

function testBlock(test: string | null, resolve: LogPathResolver, lookup: SymbolLookup): CodeSymbol | null {
  const parts = (test ?? "").split(SEPARATOR).map((p) => p.trim());
  if (parts.length < 2) return null;
  const file = resolve(parts[0] ?? "");
  if (file === null || !lookup.isTest(file)) return null;
  // TAP escapes `#` in a test's name (`(\#111)`); the source has the plain title.
  const title = parts.slice(1).join(".").replace(/\\#/g, "#");
  const blocks = lookup.symbolsIn(file);
  const exact = blocks.find((s) => s.qualifiedName === title);
  if (exact) return exact;
  // Of the titles with placeholders that fit, the one that spells the most of the name.
  let best: CodeSymbol | null = null;
  let bestLiteral = -1;
  for (const s of blocks) {
    if (!placeholders.test(s.qualifiedName) || !titleFits(s.qualifiedName, title)) continue;
    const literal = s.qualifiedName.replace(placeholdersAll, "").length;
    if (literal > bestLiteral) [best, bestLiteral] = [s, literal];
  }
  return best;
}

const words = (title: string) => title.replaceAll(".", " ").split(/\s+/).filter(Boolean);

interface TitlePaths {
  blocks: Map<string, CodeSymbol[]>;
  maxLength: number;
}

function titlePaths(list: readonly CodeSymbol[]): TitlePaths {
  const blocks = new Map<string, CodeSymbol[]>();
  let maxLength = 0;
  for (const block of list) {
    const key = words(block.qualifiedName).join(" ");
    maxLength = Math.max(maxLength, key.length);
    const same = blocks.get(key);
    if (same) same.push(block);
    else blocks.set(key, [block]);
  }
  return { blocks, maxLength };
}

// Between the titles of a name with no file: `JSON5 > #parse()` (tap, vitest), `exclude › excludes`
// (ava, whose leading titles name the test file).
const TITLE_SEPARATOR = / (?:>|›) /;
const MAX_FILE_TITLES = 3;

/**
 * The block a name with no file means: ava's leading titles name the test file (`exclude › handles
 * empty filter array` is `test('handles empty filter array')` in test/exclude.js); otherwise the
 * titles are a describe path, read like mocha's space-joined name.
 */
function titlePathBlock(test: string | null, byTitle: TitlePaths): CodeSymbol | null {
  if (!test) return null;
  const parts = test.split(TITLE_SEPARATOR).map((p) => p.trim());
  // A file is named by a few leading titles (folders and name); more would re-read a hostile name often.
  for (let k = 1; k < Math.min(parts.length, MAX_FILE_TITLES + 1); k++) {
    const titled = byTitle.blocks.get(words(parts.slice(k).join(" ")).join(" ")) ?? [];
    const inFile = titled.filter((b) => isNamedFile(b.file, parts.slice(0, k)));
    if (inFile.length === 1) return inFile[0] ?? null;
  }
  return titlePrefixBlock(parts.join(" "), byTitle);
}

/**
 * ava's title prefix (its reporter's prefixTitle): the test file's path below the tests' common folder
 * with `.spec`, `.test`, every `test-` and the extension taken out and `__tests__` folders dropped, so
 * `test/test-exclude.js` and `src/__tests__/exclude.spec.js` are both titled `exclude`.
 */
function isNamedFile(file: string, parts: readonly string[]): boolean {
  const path = file
    .replace(".spec", "")
    .replace(".test", "")
    .replaceAll("test-", "")
    .replace(/\.[cm]?[jt]sx?$/, "")
    .split("/")
    .filter((p) => p !== "__tests__")
    .join("/");
  const named = parts.join("/");
  return path === named || path.endsWith(`/${named}`);
}

/**
 * The one block whose title path is the longest leading run of the name's words; none when two tie.
 * The name comes from the log: its prefixes grow one word at a time and stop past the longest title,
 * not re-joined per length (quadratic in a hostile name's words).
 */
function titlePrefixBlock(test: string, byTitle: TitlePaths): CodeSymbol | null {
  let longest: CodeSymbol[] | undefined;
  let prefix = "";
  for (const word of words(test)) {
    prefix = prefix === "" ? word : `${prefix} ${word}`;
    if (prefix.length > byTitle.maxLength) break;
    longest = byTitle.blocks.get(prefix) ?? longest;
  }
  return longest?.length === 1 ? (longest[0] ?? null) : null;
}

// jest's and vitest's `it.each` titles: printf-style `%s`, `%d`, `%#`... and `$name` / `$a.b` for
// a case's fields, and a template title's `${...}`; the reported name has each one filled in (`%%`
// is a literal percent sign).
const placeholders = /%[sdifjoOpc#$]|\$\{[^}]*\}|\$[A-Za-z_#][\w.]*/;
const placeholdersAll = new RegExp(placeholders.source, "g");

/**
 * Whether a block's title as written fits a name the runner gave one of its cases, each placeholder
 * filled in by anything. Matched piece by piece, each literal at its first place after the last: both
 * the title (the test file) and the name (the log) come from the pull request, and a regex of lazy
 * wildcards backtracks exponentially in their number on a name that does not fit.
 */
function titleFits(title: string, name: string): boolean {
  const pieces = title.split(placeholdersAll).map((p) => p.replace(/%%/g, "%"));
  const first = pieces[0] ?? "";
  const last = pieces.length > 1 ? (pieces[pieces.length - 1] ?? "") : "";
  if (!name.startsWith(first) || name.length < first.length + last.length || !name.endsWith(last))
    return false;
  let at = first.length;
  const end = name.length - last.length;
  for (const piece of pieces.slice(1, -1)) {
    const found = name.indexOf(piece, at);
    if (found < 0 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return true;
}
