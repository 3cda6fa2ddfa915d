// Title patterns for a second try when the failing tests' names, taken from the log, selected no test
// in the re-run. A title built from a path (`relative(root + "/..", file)`, `__filename`, a temp dir)
// holds folders of the machine that wrote the log: csso names its fixture tests
// `csso/fixtures/compress/x.css` after the checkout's folder, a CI job's titles start
// `/home/runner/work/NAME/NAME/`, and the sandbox's checkout is named otherwise. Each such path keeps
// its longest tail that names a file or folder of the checkout (the repository-relative part), or,
// for an absolute path outside it, its last segment; any leading folders may stand before that tail.
// A title the log prints with its line breaks flattened (vitest's TAP writes a newline as a space, so
// `{\n  a: 1\n}` shows as `{   a: 1 }`; node:test's TAP as `\n`) may hold any whitespace where it
// shows spaces. Every title filter these runners take is a RegExp (vitest and jest `-t`, mocha
// `--grep`, node's `--test-name-pattern`). Pure apart from `isCheckoutPath`; coverage-run.ts runs the
// retry once.
import { escapeRegExp } from "../../../escape-regexp.ts";
import type { TestTarget } from "./filtered-argv.ts";

export interface LooserTitles {
  targets: TestTarget[];
  note: string;
}

// A word of a title holding a path separator; quotes, brackets and commas around it are not part of it.
const PATH_WORD = /[^\s"'`()<>[\]{},;]*[/\\][^\s"'`()<>[\]{},;]*/g;
// Any leading folders, of either separator (a log from Windows, a re-run on Linux).
const ANY_FOLDERS = String.raw`(?:\S*[/\\])?`;
const SEPARATOR = String.raw`[/\\]`;
// A printed run of whitespace: spaces, and node:test's `\n`, `\r`, `\t` (which may also be the
// title's own backslash and letter, so the looser pattern takes either).
const PRINTED_WHITESPACE = /(?: |\\[nrt])+/;
const ANY_WHITESPACE = String.raw`(?:\s|\\[nrt])+`;
// Signs of flattened line breaks: two spaces in a row (a newline and its indent), or a printed `\n`.
// A title with single spaces only keeps them: they are most likely its own, and a retry costs a run.
const FLATTENED = / {2}|\\[nrt]/;

/**
 * The targets with `patterns` standing for their names (and node:test ancestors) with paths left open
 * at their start and flattened line breaks open to any whitespace, or null when no title holds a path
 * that could differ between machines or a sign of a flattened line break.
 */
export function looserTitles(
  targets: readonly TestTarget[],
  /** Whether a root-relative path names a file or folder of the checkout. */
  isCheckoutPath: (path: string) => boolean,
): LooserTitles | null {
  const changed: string[] = [];
  let spaces = false;
  const loosened = targets.map((t) => {
    if (t.name === null || t.patterns) return t;
    const name = looserTitle(t.name, isCheckoutPath);
    const ancestors = (t.ancestors ?? []).map((a) => looserTitle(a, isCheckoutPath));
    if (name === null && ancestors.every((a) => a === null)) return t;
    for (const l of [name, ...ancestors]) {
      if (l?.shown) changed.push(l.shown);
      spaces ||= l?.spaces === true;
    }
    return {
      ...t,
      patterns: {
        name: name?.pattern ?? escapeRegExp(t.name),
        ancestors: (t.ancestors ?? []).map((a, i) => ancestors[i]?.pattern ?? escapeRegExp(a)),
      },
    };
  });
  if (changed.length === 0 && !spaces) return null;
  const shown = [...new Set(changed)];
  const more = shown.length > 2 ? ` and ${shown.length - 2} more` : "";
  const ways = [
    ...(shown.length > 0
      ? [`the leading folders of their paths left open (${shown.slice(0, 2).join(", ")}${more})`]
      : []),
    ...(spaces ? ["any whitespace where a title shows a run of spaces or a printed \\n"] : []),
  ];
  return {
    targets: loosened,
    note: `the filter selected no test by the log's titles, so they were re-run with ${ways.join(" and ")}`,
  };
}

/**
 * A regex source matching `title` with any leading folders on its paths and, where it shows flattened
 * line breaks, any whitespace for its spaces; null when neither applies. `shown`: the title with its
 * opened paths marked, "" when none was.
 */
function looserTitle(
  title: string,
  isCheckoutPath: (path: string) => boolean,
): { pattern: string; shown: string; spaces: boolean } | null {
  const spaces = FLATTENED.test(title);
  const literal = (text: string) =>
    spaces ? text.split(PRINTED_WHITESPACE).map(escapeRegExp).join(ANY_WHITESPACE) : escapeRegExp(text);
  let pattern = "";
  let shown = "";
  let at = 0;
  for (const match of title.matchAll(PATH_WORD)) {
    const tail = checkoutFreeTail(match[0], isCheckoutPath);
    if (tail === null) continue;
    const before = title.slice(at, match.index);
    pattern += literal(before) + ANY_FOLDERS + tail.map(escapeRegExp).join(SEPARATOR);
    shown += `${before}…/${tail.join("/")}`;
    at = match.index + match[0].length;
  }
  if (at === 0 && !spaces) return null;
  return {
    pattern: pattern + literal(title.slice(at)),
    shown: at === 0 ? "" : shown + title.slice(at),
    spaces,
  };
}

/**
 * The segments of `word` to keep: its longest proper tail that is a path of the checkout, else the
 * last segment of an absolute path (a temp dir, another machine's checkout). null: keep the word as
 * it is (it is a checkout path already, or a relative word no machine's folders explain: `and/or`).
 */
function checkoutFreeTail(word: string, isCheckoutPath: (path: string) => boolean): string[] | null {
  const segments = word.split(/[/\\]/);
  const plain = segments.every((s) => s !== "" && s !== "." && s !== "..");
  if (plain && isCheckoutPath(segments.join("/"))) return null;
  for (let drop = 1; drop < segments.length; drop++) {
    const tail = segments.slice(drop);
    if (tail.some((s) => s === "" || s === "." || s === "..")) continue;
    if (isCheckoutPath(tail.join("/"))) return tail;
  }
  const last = segments[segments.length - 1] ?? "";
  return isAbsolute(word) && last !== "" ? [last] : null;
}

function isAbsolute(word: string): boolean {
  return word.startsWith("/") || word.startsWith("~") || /^[A-Za-z]:[/\\]/.test(word);
}
