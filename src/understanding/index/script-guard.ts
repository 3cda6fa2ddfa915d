// Top-level code that runs only when the file is run as a script: the body of Python's
// `if __name__ == "__main__":` and Node's `if (require.main === module)`. Importing the module does
// not run it, so a test importing a CLI module does not reach its `main()` through it.
import type { Node } from "web-tree-sitter";

const guard =
  /__name__\s*==\s*["']__main__["']|["']__main__["']\s*==\s*__name__|require\.main\s*===?\s*module|module\s*===?\s*require\.main/;

/** The call sits in the consequence of an `if` whose condition is a script guard. */
export function scriptGuarded(node: Node): boolean {
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (parent.type !== "if_statement") continue;
    const condition = parent.childForFieldName("condition");
    // The `else` branch of a guard runs on import, and so does the condition itself.
    const consequence = parent.childForFieldName("consequence");
    if (condition && consequence?.id === child.id && guard.test(condition.text)) return true;
  }
  return false;
}
