// Code that runs only when an `if`'s condition holds: the body of a script guard, of Python's
// `if TYPE_CHECKING:`. Only the consequence counts: the condition itself and the `else` branch run
// either way.
import type { Node } from "web-tree-sitter";

/** The node sits in the consequence of an `if` whose condition `holds` accepts. */
export function inConsequenceOf(node: Node, holds: (condition: Node) => boolean): boolean {
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (parent.type !== "if_statement") continue;
    const condition = parent.childForFieldName("condition");
    const consequence = parent.childForFieldName("consequence");
    if (condition && consequence?.id === child.id && holds(condition)) return true;
  }
  return false;
}
