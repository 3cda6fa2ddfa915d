// Expands a Rust use-tree (`use crate::a::{b, c as d, e::*}`) into one import per leaf.
import type { Node } from "web-tree-sitter";
import type { ParsedImport } from "./file-parse.ts";

export function expandUseTree(node: Node, prefix: string, line: number, out: ParsedImport[]): void {
  const join = (a: string, b: string) => (a === "" ? b : `${a}::${b}`);
  switch (node.type) {
    case "scoped_use_list": {
      const path = node.childForFieldName("path");
      const list = node.childForFieldName("list");
      if (list) expandUseTree(list, path ? join(prefix, path.text) : prefix, line, out);
      return;
    }
    case "use_list":
      for (const child of node.namedChildren) if (child) expandUseTree(child, prefix, line, out);
      return;
    case "use_as_clause": {
      const path = node.childForFieldName("path");
      const alias = node.childForFieldName("alias");
      if (!path || !alias) return;
      const full = join(prefix, path.text);
      out.push({ source: full, bindings: [{ local: alias.text, imported: lastSegment(full) }], line });
      return;
    }
    case "use_wildcard": {
      const path = node.namedChild(0);
      out.push({ source: path ? join(prefix, path.text) : prefix, bindings: [], line });
      return;
    }
    case "self":
      out.push({ source: prefix, bindings: [{ local: lastSegment(prefix), imported: "*" }], line });
      return;
    default: {
      const full = join(prefix, node.text);
      out.push({ source: full, bindings: [{ local: lastSegment(full), imported: lastSegment(full) }], line });
    }
  }
}

function lastSegment(path: string): string {
  const parts = path.split("::");
  return parts[parts.length - 1] ?? path;
}
