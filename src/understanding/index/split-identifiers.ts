// Identifier-aware tokens for lexical recall: `parseHexChar`, `parse_hex_char` and `ParseHEXChar2`
// all yield `parse hex char`, so a log line and the code it names meet on the same terms.
const STOP_WORDS = new Set(
  (
    "a an and are as at be by for from has have if in into is it its not of on or the this to was were will with " +
    "const let var function return else new true false null undefined typeof instanceof void delete class extends " +
    "import export default require module exports def self none pass elif lambda yield async await try except " +
    "finally raise while break continue case switch throw catch do"
  ).split(" "),
);

const WORD = /[A-Za-z_$][A-Za-z0-9_$]*/g;
// Lower-case words and snake_case: what most identifiers of a body are. Their parts are the pieces
// between underscores, so they skip the case and digit rewrites (ranking splits every identifier of
// every candidate's body on each run, and the rewrites were most of its time).
const SNAKE = /^[a-z_]+$/;

/** The lower-cased parts of one identifier, split on case changes, `_`, `$` and digits. */
export function splitIdentifier(word: string): string[] {
  if (SNAKE.test(word)) return word.split(/_+/).filter(isTerm);
  return word
    .replace(/\$/g, "_")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/([A-Za-z])([0-9])/g, "$1 $2")
    .replace(/([0-9])([A-Za-z])/g, "$1 $2")
    .split(/[_\s]+/)
    .map((part) => part.toLowerCase())
    .filter(isTerm);
}

function isTerm(part: string): boolean {
  return part.length >= 2 && !/^[0-9]+$/.test(part) && !STOP_WORDS.has(part);
}

/** Every identifier in `text`, split into terms, in order (repeats kept: BM25 counts them). */
export function splitIdentifiers(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(WORD)) out.push(...splitIdentifier(match[0]));
  return out;
}

/** The identifiers of `text` as written (at least 3 characters, not stop words), for exact matching. */
export function identifiersIn(text: string): Set<string> {
  const out = new Set<string>();
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    if (word.length >= 3 && !STOP_WORDS.has(word.toLowerCase())) out.add(word);
  }
  return out;
}
