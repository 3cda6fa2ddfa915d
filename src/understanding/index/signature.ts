// A definition's signature: its text up to the body (`export function add(a: number): number`),
// or its first line when it has no body, with whitespace collapsed.
import type { Node } from "web-tree-sitter";

const maxSignatureChars = 240;

/** The node holding a definition's body, when it has one. */
export function bodyOf(node: Node): Node | null {
  const body = node.childForFieldName("body");
  if (body) return body;
  // `const f = (a) => ...`, `exports.f = function () {}`, class fields holding functions, and
  // chained assignments (`module.exports = internals.flatten = function () {}`).
  let value = node.childForFieldName("value") ?? node.childForFieldName("right");
  while (value?.type === "assignment_expression") value = value.childForFieldName("right");
  return value?.childForFieldName("body") ?? null;
}

/** Where the header before `body` ends, leaving out comments between the two (`def f(): # x`). */
function headerEnd(body: Node): number {
  let end = body.startIndex;
  const owner = body.parent;
  if (!owner) return end;
  end = owner.startIndex;
  for (const child of owner.children) {
    if (!child || child.startIndex >= body.startIndex) break;
    if (!child.type.includes("comment")) end = child.endIndex;
  }
  return end;
}

export function signatureOf(definition: Node, start: Node, source: string): string {
  const body = bodyOf(definition);
  let text: string;
  if (body && body.startIndex > start.startIndex) {
    text = source.slice(start.startIndex, headerEnd(body));
  } else {
    const all = source.slice(start.startIndex, definition.endIndex);
    const newline = all.indexOf("\n");
    text = newline === -1 ? all : all.slice(0, newline);
  }
  text = text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\s*[{:;]$/, "");
  return text.length > maxSignatureChars ? `${text.slice(0, maxSignatureChars - 1)}…` : text;
}
