// Top-level code that runs only when the file is run as a script: the body of Python's
// `if __name__ == "__main__":` and Node's `if (require.main === module)`. Importing the module does
// not run it, so a test importing a CLI module does not reach its `main()` through it.
import type { Node } from "web-tree-sitter";

/** A script guard as a whole condition: `if not __name__ == "__main__":` and
 * `if (!(require.main === module))` are its opposite, code that runs on import. */
const guard =
  /^(?:__name__\s*==\s*["']__main__["']|["']__main__["']\s*==\s*__name__|require\.main\s*===?\s*module|module\s*===?\s*require\.main)$/;

/** The call sits in the consequence of an `if` whose condition is a script guard. */
export function scriptGuarded(node: Node): boolean {
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (parent.type !== "if_statement") continue;
    const condition = parent.childForFieldName("condition");
    // The `else` branch of a guard runs on import, and so does the condition itself.
    const consequence = parent.childForFieldName("consequence");
    if (condition && consequence?.id === child.id && isScriptGuard(condition.text)) return true;
  }
  return false;
}

/** The condition holds only when the file runs as a script: the guard itself, or a conjunction with
 * it as one operand (`typeof require !== "undefined" && require.main === module`). */
function isScriptGuard(condition: string): boolean {
  return unwrapped(condition)
    .split(/\s+and\s+|\s*&&\s*/)
    .some((operand) => guard.test(unwrapped(operand)));
}

/** The expression inside the parentheses that enclose all of it (`(require.main === module)`). */
function unwrapped(text: string): string {
  let inner = text.trim();
  while (inner.startsWith("(") && closingParen(inner) === inner.length - 1) inner = inner.slice(1, -1).trim();
  return inner;
}

/** Where the parenthesis opening `text` closes. */
function closingParen(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i;
  }
  return -1;
}
