// What a file says about itself before its code: a Python module docstring, or the comment block a
// JavaScript/TypeScript file opens with. It is written in prose for a reader who does not yet know the
// code's names ("Functions for handling ISBNs", "Parse a query string into an object"), the words a
// newcomer's question uses, and it speaks for every symbol of the file.

/** The header's text, or "" when the file opens with code. */
export function fileHeader(lines: readonly string[]): string {
  let i = 0;
  // A licence names who may copy the code, not what it does; its words (software, warranty,
  // permission) would match every question about permissions or copies in every file that carries
  // it. A module docstring often follows it (after the licence's comment block), so reading goes on.
  for (;;) {
    while (i < lines.length && isPreamble(lines[i] ?? "")) i++;
    const first = (lines[i] ?? "").trim();
    const block = docstringAt(lines, i, first) ?? commentAt(lines, i, first);
    if (!block) return "";
    if (!/copyright|licen[cs]e|spdx/i.test(block.text)) return block.documentsFile ? block.text : "";
    i = block.next;
  }
}

/** Blank lines, a shebang, an encoding line, `"use strict"`, a lint pragma. */
function isPreamble(line: string): boolean {
  const t = line.trim();
  return (
    t === "" ||
    t.startsWith("#!") ||
    /^#.*coding[:=]/.test(t) ||
    /^["']use strict["'];?$/.test(t) ||
    /^\/\/\s*@ts-|^\/\*\s*eslint/.test(t)
  );
}

interface Block {
  text: string;
  /** The line index after the block. */
  next: number;
  /**
   * A module docstring always speaks for its file; a comment only when a blank line or an import
   * follows it: a comment right above a declaration is that declaration's doc comment (already in its
   * document), not the file's.
   */
  documentsFile: boolean;
}

function docstringAt(lines: readonly string[], start: number, first: string): Block | null {
  const open = /^[rRuU]?("""|''')/.exec(first);
  if (!open) return null;
  const quote = open[1] ?? '"""';
  const rest = first.slice(open[0].length);
  if (rest.includes(quote))
    return { text: rest.slice(0, rest.indexOf(quote)), next: start + 1, documentsFile: true };
  const body: string[] = [rest];
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const end = line.indexOf(quote);
    if (end >= 0) return { text: [...body, line.slice(0, end)].join("\n"), next: i + 1, documentsFile: true };
    body.push(line);
  }
  return { text: body.join("\n"), next: lines.length, documentsFile: true };
}

function commentAt(lines: readonly string[], start: number, first: string): Block | null {
  const body: string[] = [];
  let i = start;
  if (first.startsWith("/*")) {
    for (; i < lines.length; i++) {
      const line = lines[i] ?? "";
      body.push(line.replace(/^\s*\/\*+|\*+\/\s*$|^\s*\*/g, ""));
      if (line.includes("*/")) break;
    }
    i++;
  } else {
    const marker = first.startsWith("//") ? "//" : first.startsWith("#") ? "#" : null;
    if (!marker) return null;
    for (; i < lines.length && (lines[i] ?? "").trim().startsWith(marker); i++)
      body.push((lines[i] ?? "").trim().slice(marker.length));
  }
  const after = (lines[i] ?? "").trim();
  const documentsFile = after === "" || /^(import|from)\b|require\(/.test(after);
  return { text: body.join("\n"), next: i, documentsFile };
}
