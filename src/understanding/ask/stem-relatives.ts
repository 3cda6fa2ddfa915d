// A question's word and the code's word for the same thing often differ only by an ending the
// stemmer keeps: "coercion" against `coerce`/`coercer`, "handler" against `handle`, "parameter"
// against `param`. A code stem that the question's stem extends, or that extends it, by a short
// ending is read as the same word. (Session 37: measured and not kept; bench/ask-corpus/RESULTS.md.)

/** The shorter of the two stems is at least this long: "form"/"format", "list"/"listen" are not one word. */
export const MIN_RELATIVE_STEM = 5;
/** The ending that tells them apart is at most this long (`-ion`, `-er`, `-ure`). */
export const MAX_RELATIVE_ENDING = 3;

/** The code's stems related to each question stem, as pairs [question stem, code stem], in question order. */
export function stemRelatives(
  questionStems: readonly string[],
  codeStems: ReadonlySet<string>,
): [string, string][] {
  const out: [string, string][] = [];
  const seen = new Set<string>();
  for (const q of new Set(questionStems))
    for (const c of codeStems)
      if (!seen.has(c) && related(q, c)) {
        seen.add(c);
        out.push([q, c]);
      }
  return out;
}

function related(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return (
    short.length >= MIN_RELATIVE_STEM &&
    long.length > short.length &&
    long.length - short.length <= MAX_RELATIVE_ENDING &&
    long.startsWith(short)
  );
}
