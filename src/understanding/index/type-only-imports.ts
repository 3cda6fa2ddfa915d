// TypeScript's type-only imports: `import type { A } from "./a"`, `export type { F } from "./f"`, and
// `import { type B, type C } from "./b"` when every name is a type. The compiler (tsc, esbuild under
// vitest and tsx, ts-jest) erases them, so at run time they load nothing, like Python's imports under
// `if TYPE_CHECKING:`. One value name among them (`import { type D, E }`) keeps the import.
import type { Node } from "web-tree-sitter";

/** The import or re-export statement names only types, so running the file never loads its source. */
export function typeOnlyImport(statement: Node): boolean {
  if (statement.type !== "import_statement" && statement.type !== "export_statement") return false;
  if (hasTypeKeyword(statement)) return true;
  if (statement.type !== "import_statement") return false;
  const clause = statement.children.find((c) => c?.type === "import_clause");
  const parts = clause?.namedChildren ?? [];
  if (parts.length !== 1 || parts[0]?.type !== "named_imports") return false;
  const specifiers = parts[0].namedChildren.filter((c) => c?.type === "import_specifier");
  return specifiers.length > 0 && specifiers.every((s) => s !== null && hasTypeKeyword(s));
}

/** The node's own `type` keyword: `import type …`, `export type … from`, `{ type A }`. */
function hasTypeKeyword(node: Node): boolean {
  return node.children.some((c) => c !== null && !c.isNamed && c.type === "type");
}
