// The classes a class definition names as its bases, as written (`A`, `mod.A`), so that a method a
// subclass inherits resolves to the base's definition. Type arguments (`A<T>`, `Generic[T]`) and
// keyword arguments (`metaclass=M`) are dropped; a base that is not a plain name path
// (`mixin(A)`, `cond ? A : B`) is skipped rather than guessed.
import type { Node } from "web-tree-sitter";

const namePath = /^[\w$]+(?:\.[\w$]+)*$/;

export function classBases(definition: Node): string[] {
  const out: string[] = [];
  const add = (node: Node | null | undefined) => {
    const target = node?.type === "subscript" ? node.childForFieldName("value") : node;
    const text = target?.text.replace(/\s+/g, "");
    if (text && namePath.test(text)) out.push(text);
  };
  // Python: `class B(A, mod.C, metaclass=M)`.
  const superclasses = definition.childForFieldName("superclasses");
  if (superclasses) {
    for (const arg of superclasses.namedChildren) if (arg?.type !== "keyword_argument") add(arg);
    return out;
  }
  // JS: `class_heritage` holds the expression; TS: an `extends_clause` (implements adds no code).
  const heritage = definition.namedChildren.find((c) => c?.type === "class_heritage");
  if (!heritage) return out;
  const extendsClause = heritage.namedChildren.find((c) => c?.type === "extends_clause");
  add(extendsClause ? extendsClause.childForFieldName("value") : heritage.namedChildren[0]);
  return out;
}
