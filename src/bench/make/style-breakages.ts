// Lint and format breakages of a JavaScript/TypeScript file, written as a careless edit would leave
// them: a line re-indented by hand or with trailing blanks (format), a strict comparison made loose,
// `const` made `let` or `var` (lint). Which ones a project's linters catch is decided by running them.
import { lineAt, type Breakage } from "./breakage.ts";

const lintEdits: readonly { pattern: RegExp; replacement: (match: string) => string; op: string }[] = [
  { pattern: /(?<=[\s)])(===|!==)(?=\s)/g, replacement: (m) => m.slice(0, 2), op: "loose-equality" },
  { pattern: /(?<=^\s*)const(?= \w+ =)/gm, replacement: () => "let", op: "const-to-let" },
  { pattern: /(?<=^\s*)(let|const)(?= \w+ =)/gm, replacement: () => "var", op: "to-var" },
];

export function styleBreakages(file: string, text: string): Breakage[] {
  const out: Breakage[] = [];
  for (const edit of lintEdits)
    for (const match of text.matchAll(edit.pattern)) {
      const start = match.index;
      out.push(
        breakage("lint", file, text, edit.op, start, start + match[0].length, edit.replacement(match[0])),
      );
    }
  let offset = 0;
  for (const line of text.split("\n")) {
    const indent = /^ +(?=\S)/.exec(line);
    if (indent)
      out.push(
        breakage(
          "format",
          file,
          text,
          "reindent",
          offset,
          offset + indent[0].length,
          indent[0].repeat(2) + " ",
        ),
      );
    if (line.trim() !== "") {
      const end = offset + line.length;
      out.push(breakage("format", file, text, "trailing-blanks", end, end, "   "));
    }
    offset += line.length + 1;
  }
  return out;
}

function breakage(
  kind: "lint" | "format",
  file: string,
  text: string,
  op: string,
  start: number,
  end: number,
  replacement: string,
): Breakage {
  const line = lineAt(text, start);
  return { kind, file, line, op, start, end, replacement, scope: `${file}:${line}` };
}
