// A declaration's whole header when the index's one-line signature cannot be compared as it is:
// cut (the index keeps a few hundred characters) or holding a comment that collapsing the lines
// ran into the parameters (`def f( # noqa: C901 src: str`). Read from the file's lines, comments
// dropped, until the brackets close and the body opens.
const maxChars = 2000;
const lineComment = /\s(#|\/\/).*$/;

export function fullSignature(indexed: string, lines: readonly string[] | null, startLine: number): string {
  if (!lines || !(indexed.endsWith("…") || /(^|\s)(#|\/\/|\/\*)/.test(indexed))) return indexed;
  const head = indexed.slice(0, 12);
  let first = startLine - 1;
  while (first < startLine + 10 && first < lines.length && !(lines[first] ?? "").includes(head)) first++;
  if (first >= lines.length || !(lines[first] ?? "").includes(head)) return indexed;
  let depth = 0;
  let text = "";
  for (let i = first; i < lines.length && text.length < maxChars; i++) {
    const line = (lines[i] ?? "").replace(lineComment, "");
    for (const ch of line) {
      if ("([<".includes(ch)) depth++;
      else if (")]>".includes(ch) && !(ch === ">" && text.endsWith("="))) depth = Math.max(0, depth - 1);
      else if (depth === 0 && ch === "{") return collapse(text);
      text += ch;
    }
    if (depth === 0 && /(:|=>)\s*$/.test(text)) return collapse(text.replace(/\s*(:|=>)\s*$/, ""));
    text += " ";
  }
  return collapse(text);
}

/** Whitespace and a trailing comma do not make two signatures different. */
export function normaliseSignature(text: string | null): string {
  return collapse(text ?? "");
}

function collapse(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/\(\s+/g, "(")
    .replace(/\s+\)/g, ")")
    .replace(/,\s*\)/g, ")")
    .trim();
}
