// What `^\s*(?:at\s+)?(?:async\s+)?(.+?)\s+\((.+?):(\d+)(?::(\d+))?\)\s*,?$` matches, in linear time
// (A45): that regex retried every `(` after a space against the rest of the line (cubic on a long
// `at a (a (a (…` line). The end of the line fixes `:line[:col])`, so the work left is the lazy choices:
// the first `(` after a space whose content still holds a file, and where the function name starts.
export interface FrameWithFunction {
  fn: string;
  file: string;
  line: string;
  column: string | undefined;
}

const SPACE = /\s/;
const LINE_BREAK = /[\n\r\u2028\u2029]/; // what `.` does not match
// Hot path (every frame line): ASCII by code, the rest of `\s` by the regex.
const isSpace = (c: string | undefined): boolean => {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return SPACE.test(c);
};
const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";

export function matchFrameWithFunction(s: string): FrameWithFunction | null {
  const tails = lineColumnTails(s);
  if (tails.length === 0) return null;
  // Nearly every real frame matches from the first name start: one forward scan, no tables.
  if (!LINE_BREAK.test(s)) {
    const quick = matchFromFirstStart(s, tails);
    if (quick) return quick;
  }
  const n = s.length;
  // nextBreak[i]: first line break at or after i; the name and the file may hold none.
  const nextBreak = new Int32Array(n + 2).fill(n);
  if (LINE_BREAK.test(s))
    for (let i = n - 1; i >= 0; i--)
      nextBreak[i] = LINE_BREAK.test(s.charAt(i)) ? i : (nextBreak[i + 1] ?? n);
  // fileEnd[p]: where the file ends when `(` is at p (the first tail leaving it non-empty), or -1.
  const fileEnd = (p: number): number => {
    for (const t of tails) if (t.at >= p + 2 && (nextBreak[p + 1] ?? n) >= t.at) return t.at;
    return -1;
  };
  // nextGood[q]: the first q' >= q where a run of spaces starts that ends at a `(` with a file.
  const nextGood = new Int32Array(n + 2).fill(n + 1);
  let runEndsAtParen = false;
  for (let q = n - 1; q >= 0; q--) {
    if (!isSpace(s[q])) {
      runEndsAtParen = s[q] === "(" && fileEnd(q) !== -1;
      nextGood[q] = nextGood[q + 1] ?? n + 1;
      continue;
    }
    nextGood[q] = runEndsAtParen ? q : (nextGood[q + 1] ?? n + 1);
  }
  for (const e of nameStarts(s)) {
    const q = nextGood[e + 1] ?? n + 1;
    if (q > (nextBreak[e] ?? n) || q >= n) continue;
    let p = q;
    while (isSpace(s[p])) p++;
    const end = fileEnd(p);
    const tail = tails.find((t) => t.at === end);
    if (!tail) continue;
    return { fn: s.slice(e, q), file: s.slice(p + 1, end), line: tail.line, column: tail.column };
  }
  return null;
}

function matchFromFirstStart(s: string, tails: readonly Tail[]): FrameWithFunction | null {
  const e = nameStarts(s).next().value ?? 0;
  for (let q = e + 1; q < s.length;) {
    if (!isSpace(s[q])) {
      q++;
      continue;
    }
    let p = q;
    while (isSpace(s[p])) p++;
    const tail = s[p] === "(" ? tails.find((t) => t.at >= p + 2) : undefined;
    if (tail)
      return { fn: s.slice(e, q), file: s.slice(p + 1, tail.at), line: tail.line, column: tail.column };
    q = p;
  }
  return null;
}

interface Tail {
  at: number;
  line: string;
  column: string | undefined;
}

// The positions where `:(\d+)(?::(\d+))?\)\s*,?$` can start, leftmost first (at most two).
function lineColumnTails(s: string): Tail[] {
  let k = s.endsWith(",") ? s.length - 1 : s.length;
  while (k > 0 && isSpace(s[k - 1])) k--;
  if (s[k - 1] !== ")") return [];
  let a = k - 1;
  while (a > 0 && isDigit(s[a - 1])) a--;
  if (a === k - 1 || s[a - 1] !== ":") return [];
  const last = s.slice(a, k - 1);
  const tails: Tail[] = [{ at: a - 1, line: last, column: undefined }];
  let b = a - 1;
  while (b > 0 && isDigit(s[b - 1])) b--;
  if (b < a - 1 && s[b - 1] === ":") tails.unshift({ at: b - 1, line: s.slice(b, a - 1), column: last });
  return tails;
}

// Where the name may start, in the order the regex tries: `\s*`, `at\s+`, `async\s+` each greedy,
// then shorter; each later start is further left, so the first that works is the regex's.
function* nameStarts(s: string): Generator<number> {
  let lead = 0;
  while (isSpace(s[lead])) lead++;
  for (let ws = lead; ws >= 0; ws--) {
    yield* afterKeyword(s, ws, "at", (from) => afterKeyword(s, from, "async", (at) => [at]));
  }
}

function* afterKeyword(
  s: string,
  from: number,
  word: string,
  next: (at: number) => Iterable<number>,
): Generator<number> {
  if (s.startsWith(word, from) && isSpace(s[from + word.length])) {
    let end = from + word.length;
    while (isSpace(s[end])) end++;
    for (let at = end; at > from + word.length; at--) yield* next(at);
  }
  yield* next(from);
}
