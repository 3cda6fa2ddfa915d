// Doc comments: the comments directly above a definition (no blank line between), or a Python
// docstring. Returned without comment markers.
import type { Node } from "web-tree-sitter";
import type { SyntaxRules } from "./syntax-rules.ts";

const maxDocChars = 1000;

export function docComment(
  chain: readonly Node[],
  rules: SyntaxRules,
  pythonBody: Node | null,
): string | null {
  if (pythonBody) {
    const docstring = pythonDocstring(pythonBody);
    if (docstring) return docstring;
  }
  for (const node of chain) {
    const found = commentsAbove(node, rules);
    if (found) return found;
  }
  return null;
}

function commentsAbove(node: Node, rules: SyntaxRules): string | null {
  const parts: string[] = [];
  let expectedEndRow = node.startPosition.row;
  for (let sib = node.previousNamedSibling; sib; sib = sib.previousNamedSibling) {
    if (rules.betweenDocAndDefinition.has(sib.type)) {
      expectedEndRow = sib.startPosition.row;
      continue;
    }
    if (!rules.comments.has(sib.type)) break;
    // A line comment's node may end at the start of the next line (Rust includes the newline).
    const endRow = sib.endPosition.column === 0 ? sib.endPosition.row - 1 : sib.endPosition.row;
    if (endRow < expectedEndRow - 1) break;
    parts.unshift(stripMarkers(sib.text));
    expectedEndRow = sib.startPosition.row;
  }
  const text = parts.join("\n").trim();
  return text === "" ? null : text.slice(0, maxDocChars);
}

function stripMarkers(comment: string): string {
  const body = comment.startsWith("/*") ? comment.replace(/^\/\*+!?/, "").replace(/\*+\/$/, "") : comment;
  return body
    .split("\n")
    .map((line) =>
      line
        .trim()
        .replace(/^(\/\/[/!]?|#+|\*(?!\/))\s?/, "")
        .trimEnd(),
    )
    .join("\n")
    .trim();
}

function pythonDocstring(body: Node): string | null {
  const first = body.namedChild(0);
  if (first?.type !== "expression_statement") return null;
  const str = first.namedChild(0);
  if (str?.type !== "string") return null;
  const content = str.namedChildren.find((c) => c?.type === "string_content");
  const text = (content?.text ?? "")
    .split("\n")
    .map((l) => l.trim())
    .join("\n")
    .trim();
  return text === "" ? null : text.slice(0, maxDocChars);
}
