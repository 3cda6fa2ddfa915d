// Python's `if TYPE_CHECKING:` block: type checkers read it, but at run time `typing.TYPE_CHECKING`
// is False, so an import there never loads its module (mistune's directives import the `Markdown`
// class that way, only for annotations, to avoid an import cycle).
import type { Node } from "web-tree-sitter";
import { inConsequenceOf } from "./if-consequence.ts";

const typeChecking = /^(?:[\w.]+\.)?TYPE_CHECKING$/;

/** The node sits in the consequence of an `if TYPE_CHECKING:` (its `else` branch does run). */
export function underTypeChecking(node: Node): boolean {
  return inConsequenceOf(node, (condition) => typeChecking.test(condition.text.trim()));
}
