// The question's literal tokens — what it quotes of the input rather than says in words: `<`, `-->`,
// `xn--`, `U+2028`, `0x80`, `65535`, `../` — matched against the string and number literals of a
// symbol's body. Identifier splitting drops every one of them (no letters, or digits only), yet a
// function that handles `-->` or refuses a port above 65535 spells that literal in its code.

// A token of the question is stripped of the sentence's punctuation around it. Scanned from each end
// rather than by a `[...]+$` regex, which tries every start of a long run that does not end the token
// (a question of `......x` took seconds: it may be a PR comment's `/xihe ask`).
const LEADING = new Set(`"'\`(,;:!?`);
const TRAILING = new Set(`"'\`),;:!?.`);
// Words joined by hyphens or slashes ("keep-alive", "or/and"), a suspended hyphen ("three-"), a
// contraction or possessive ("doesn't", "machine's"), a Latin abbreviation ("e.g."): prose, not a
// literal.
const PROSE = /^[A-Za-z]+([-/'][A-Za-z]+)*-?$|^[A-Za-z](\.[A-Za-z])+$/;
const STRING_LITERAL = /'((?:\\.|[^'\\\n])*)'|"((?:\\.|[^"\\\n])*)"|`((?:\\.|[^`\\])*)`/g;
const NUMBER_LITERAL = /\b(0[xX][0-9a-fA-F]+|\d+)\b/g;

/** The question's literal tokens: each contains a digit or a symbol, and is not a hyphenated word. */
export function questionLiterals(question: string): string[] {
  const out = new Set<string>();
  for (const raw of question.split(/\s+/)) {
    const token = withoutEdges(raw).replace(/'s$/, "");
    if (token === "" || PROSE.test(token) || !/[^A-Za-z]/.test(token)) continue;
    out.add(token);
  }
  return [...out];
}

/** `raw` (no white space: a piece of the question split at it) without its edges' punctuation. */
function withoutEdges(raw: string): string {
  let start = 0;
  let end = raw.length;
  while (start < end && LEADING.has(raw[start] ?? "")) start++;
  while (end > start && TRAILING.has(raw[end - 1] ?? "")) end--;
  return raw.slice(start, end);
}

/**
 * The literals of a body, as one set of strings: every string literal's content, every number
 * literal in decimal (`0x80` is also `128`), so a token is looked up by substring (strings) or by
 * value (numbers).
 */
export interface BodyLiterals {
  strings: string[];
  numbers: Set<string>;
}

export function bodyLiterals(lines: readonly string[]): BodyLiterals {
  const text = lines.join("\n");
  const strings = [...text.matchAll(STRING_LITERAL)]
    .map((m) => m[1] ?? m[2] ?? m[3] ?? "")
    .filter((s) => s !== "");
  const numbers = new Set<string>();
  for (const m of text.matchAll(NUMBER_LITERAL)) {
    const n = m[1] ?? "";
    numbers.add(/^0[xX]/.test(n) ? String(Number.parseInt(n, 16)) : String(Number(n)));
  }
  return { strings, numbers };
}

/** Whether the body spells the token: a number by value, anything else inside a string literal. */
export function spellsLiteral(body: BodyLiterals, token: string): boolean {
  if (/^\d+$/.test(token)) return body.numbers.has(String(Number(token)));
  if (/^0[xX][0-9a-fA-F]+$/.test(token)) return body.numbers.has(String(Number.parseInt(token, 16)));
  const forms = [token];
  const codePoint = /^U\+([0-9A-Fa-f]{4,6})$/.exec(token)?.[1];
  if (codePoint)
    forms.push(`\\u${codePoint}`, `\\u{${codePoint}}`, String.fromCodePoint(Number.parseInt(codePoint, 16)));
  return body.strings.some((s) => forms.some((f) => s.includes(f)));
}
