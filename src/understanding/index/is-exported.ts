// Whether a definition is visible outside its file, by each language's rule.
import type { Node } from "web-tree-sitter";
import type { RawDefinition } from "./collect-captures.ts";
import type { ParsedSymbol } from "./file-parse.ts";
import type { LanguageId } from "./languages.ts";

const objectMember = new Set(["pair", "method_definition"]);

export function isExported(
  lang: LanguageId,
  def: RawDefinition,
  chain: readonly Node[],
  symbol: ParsedSymbol,
  parent: ParsedSymbol | null,
  exportNames: ReadonlySet<string>,
): boolean {
  switch (lang) {
    case "javascript":
    case "typescript":
    case "tsx":
      if (chain.some((n) => n.type === "export_statement")) return true;
      if (def.node.type === "assignment_expression" && def.receiver === null) return true;
      // `module.exports = internals.flatten = function () {}`.
      if (def.node.type === "assignment_expression" && isModuleExports(def.node)) return true;
      if (def.node.type === "class" && isExportsAssignment(def.node.parent)) return true;
      if (objectMember.has(def.node.type) && isExportedObject(def.node.parent)) return true;
      if (def.node.type === "pair" && parent !== null) return parent.exported;
      return parent === null ? exportNames.has(symbol.name) : parent.exported && symbol.kind === "method";
    case "python":
      return (
        !symbol.name.startsWith("_") && (parent === null || (parent.exported && parent.kind === "class"))
      );
    case "go":
      return /^\p{Lu}/u.test(symbol.name);
    case "rust":
      return def.node.namedChildren.some((c) => c?.type === "visibility_modifier");
    case "java": {
      const modifiers = def.node.namedChildren.find((c) => c?.type === "modifiers");
      return /\bpublic\b/.test(modifiers?.text ?? "") || parent?.kind === "interface";
    }
  }
}

/** `module.exports = {...}`, `exports.x = {...}`, `export default {...}`. */
function isExportedObject(object: Node | null): boolean {
  const holder = object?.type === "object" ? object.parent : null;
  if (holder?.type === "export_statement") return true;
  return isExportsAssignment(holder);
}

function isModuleExports(assignment: Node): boolean {
  return assignment.childForFieldName("left")?.text === "module.exports";
}

/** `module.exports = ...`, `exports.x = ...`, `module.exports.x = ...`. */
function isExportsAssignment(node: Node | null): boolean {
  if (node?.type !== "assignment_expression") return false;
  return /^(module\.)?exports(\.|$)/.test(node.childForFieldName("left")?.text ?? "");
}
