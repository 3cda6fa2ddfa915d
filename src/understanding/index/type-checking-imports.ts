// Python's `if TYPE_CHECKING:` block: type checkers read it, but at run time `typing.TYPE_CHECKING`
// is False, so an import there never loads its module (mistune's directives import the `Markdown`
// class that way, only for annotations, to avoid an import cycle).
import type { Node } from "web-tree-sitter";

const typeChecking = /^(?:[\w.]+\.)?TYPE_CHECKING$/;

/** The node sits in the consequence of an `if TYPE_CHECKING:` (its `else` branch does run). */
export function underTypeChecking(node: Node): boolean {
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (parent.type !== "if_statement") continue;
    const condition = parent.childForFieldName("condition");
    const consequence = parent.childForFieldName("consequence");
    if (condition && consequence?.id === child.id && typeChecking.test(condition.text.trim())) return true;
  }
  return false;
}
