// What a Python module hands on of the modules it imports. A name a module binds at its top level
// is an attribute of that module, so `from .core import from_dict` in `pkg/__init__.py` (or in any
// module) lets `from pkg import from_dict` reach core's function, and `from .x import *` hands on
// every name of x. An import inside a function or class binds a local, and one under `if
// TYPE_CHECKING:` never runs: neither hands anything on.
import type { Node } from "web-tree-sitter";
import type { ImportBinding, Reexport } from "./file-parse.ts";

const localScopes = new Set(["function_definition", "class_definition", "lambda"]);

export function pythonReexports(statement: Node, bindings: readonly ImportBinding[]): Reexport[] {
  for (let n = statement.parent; n; n = n.parent) if (localScopes.has(n.type)) return [];
  if (statement.namedChildren.some((c) => c?.type === "wildcard_import"))
    return [{ exported: "*", imported: "*" }];
  // `import a.b` binds a module, whose attribute path the call resolution follows itself.
  return bindings.filter((b) => b.imported !== "*").map((b) => ({ exported: b.local, imported: b.imported }));
}
