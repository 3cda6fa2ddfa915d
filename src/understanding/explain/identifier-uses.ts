// Every place a wanted name is written as an identifier in a file (not in a comment or a string),
// with how it is used: called, constructed, named as a type, re-exported, or used as a value, and
// the receiver it is read through (`toml` in `toml.loads`). One parse per file serves all changed
// symbols of an explanation; the records are plain data, so the tree is freed at once. A bare name
// that a local declaration binds (a parameter, a local variable) says where (local-bindings.ts).
import type { Node } from "web-tree-sitter";
import type { LoadedLanguage } from "../index/grammars.ts";
import { rebindsItself } from "../index/function-reference.ts";
import { localBindingLine, type ScopeCache } from "./local-bindings.ts";

export type UseKind = "call" | "constructor" | "type" | "value" | "re-export";

export interface IdentifierUse {
  name: string;
  line: number;
  use: UseKind;
  /** The object it is read through (`this`, `ns`, `a.b`); null for a bare name. */
  receiver: string | null;
  /** A re-export's local alias (`export { a as b } from`), else null. */
  alias: string | null;
  /** The line of the local declaration (parameter, local variable, loop name, nested def) that the
   * bare name, or the receiver's first name, reads; null when it reads a module-level name. */
  boundAt: number | null;
  /** `recv.name = value`: the member is written, not read (a function given an attribute). */
  assigned: boolean;
}

const identifierTypes = [
  "identifier",
  "type_identifier",
  "property_identifier",
  "shorthand_property_identifier",
];
// A name in one of these positions defines or binds it; it is not a use.
const bindingParents = new Set([
  "function_declaration",
  "generator_function_declaration",
  "class_declaration",
  "abstract_class_declaration",
  "method_definition",
  "function_definition",
  "class_definition",
  "interface_declaration",
  "type_alias_declaration",
  "enum_declaration",
  "variable_declarator",
  "function_signature",
  "method_signature",
  "abstract_method_signature",
  "public_field_definition",
  "field_definition",
  "required_parameter",
  "optional_parameter",
  "formal_parameters",
  "parameters",
  "default_parameter",
  "typed_parameter",
  "typed_default_parameter",
  "keyword_argument",
  "pair",
  "pair_pattern",
  "assignment_pattern",
  "object_assignment_pattern",
  "array_pattern",
  "rest_pattern",
  "for_in_statement",
  "catch_clause",
  "arrow_function",
  "property_signature",
  "enum_assignment",
  "enum_body",
  "labeled_statement",
  "lambda_parameters",
  "list_splat_pattern",
  "dictionary_splat_pattern",
  "for_statement",
  "for_in_clause",
  "as_pattern_target",
  "named_expression",
  "pattern_list",
  "tuple_pattern",
  "list_pattern",
  "global_statement",
  "nonlocal_statement",
  "import_specifier",
  "import_clause",
  "namespace_import",
  "aliased_import",
  "dotted_name",
  "import_statement",
  "import_from_statement",
]);
const typeContexts = new Set([
  "type_annotation",
  "type_arguments",
  "type",
  "generic_type",
  "extends_clause",
  "implements_clause",
  "extends_type_clause",
]);

export function identifierUses(
  language: LoadedLanguage,
  text: string,
  wanted: ReadonlySet<string>,
): IdentifierUse[] {
  const tree = language.parser.parse(text);
  if (!tree) return [];
  try {
    const out: IdentifierUse[] = [];
    const scopes: ScopeCache = new Map();
    const python = language.id === "python";
    for (const node of tree.rootNode.descendantsOfType(identifierTypes)) {
      if (!node || !wanted.has(node.text)) continue;
      const use = classify(node);
      if (!use) continue;
      // `a.b.loads`: the binding that matters is the one of `a`.
      const head = use.receiver === null ? node : firstName(node.parent?.childForFieldName("object"));
      if (head && use.use !== "re-export") use.boundAt = localBindingLine(head, python, scopes);
      out.push(use);
    }
    return out;
  } finally {
    tree.delete();
  }
}

function classify(node: Node): IdentifierUse | null {
  const parent = node.parent;
  if (!parent) return null;
  const line = node.startPosition.row + 1;
  const base = { name: node.text, line, receiver: null, alias: null, boundAt: null, assigned: false };
  if (parent.type === "export_specifier") return reExport(node, parent, base);
  if (bindingParents.has(parent.type) && !isValueOf(parent, node)) return null;
  const member = parent.type === "member_expression" || parent.type === "attribute";
  const isProperty =
    member && (parent.childForFieldName("property") ?? parent.childForFieldName("attribute"))?.id === node.id;
  // `a.loads` reads `loads` through `a`; the `a` of `a.loads` is a use of `a` itself.
  const receiver = isProperty ? (parent.childForFieldName("object")?.text ?? null) : null;
  const outer = isProperty ? parent : node;
  // `this.hook = this.hook.bind(this)`: the bound copy replaces the member, nothing runs it there,
  // and the walk from such a "use" (either side) made every test constructing the class reach it.
  if (isProperty && rebinding(outer)) return null;
  return { ...base, receiver, use: useOf(node, outer), assigned: isProperty && isAssignedTo(outer) };
}

/** `outer` is either side of `this.m = this.m.bind(this)`. */
function rebinding(outer: Node): boolean {
  const holder = outer.parent;
  if (holder?.type === "assignment_expression" && holder.childForFieldName("left")?.id === outer.id) {
    const right = holder.childForFieldName("right");
    return Boolean(right && rebindsItself(right));
  }
  const call = holder?.type === "member_expression" ? holder.parent : null;
  return Boolean(call && rebindsItself(call));
}

/** `a.b = v` (JS `assignment_expression`, Python `assignment`): `a.b` is the left side. */
function isAssignedTo(outer: Node): boolean {
  const holder = outer.parent;
  if (holder?.type !== "assignment_expression" && holder?.type !== "assignment") return false;
  return holder.childForFieldName("left")?.id === outer.id;
}

/** The leftmost plain name of a receiver (`a` of `a.b.c`), if it is one. */
function firstName(node: Node | null | undefined): Node | null {
  let n = node ?? null;
  while (n && (n.type === "member_expression" || n.type === "attribute")) n = n.childForFieldName("object");
  return n?.type === "identifier" ? n : null;
}

/** `const x = value` / `f(a=value)` / `{k: value}` / `for (x of value)` / `() => value`: the name on
 * the value side is a use. */
function isValueOf(parent: Node, node: Node): boolean {
  for (const field of ["value", "right", "body"]) {
    const value = parent.childForFieldName(field);
    if (value && value.startIndex <= node.startIndex && node.endIndex <= value.endIndex) return true;
  }
  const type = parent.childForFieldName("type");
  return Boolean(type && type.startIndex <= node.startIndex && node.endIndex <= type.endIndex);
}

function useOf(node: Node, outer: Node): UseKind {
  const holder = outer.parent;
  if (holder?.type === "new_expression" && holder.childForFieldName("constructor")?.id === outer.id)
    return "constructor";
  if (
    (holder?.type === "call_expression" || holder?.type === "call") &&
    holder.childForFieldName("function")?.id === outer.id
  )
    return "call";
  if (node.type === "type_identifier") return "type";
  for (let n: Node | null = holder; n; n = n.parent) {
    if (typeContexts.has(n.type)) return "type";
    if (n.type.endsWith("statement") || n.type.endsWith("declaration")) break;
  }
  return "value";
}

function reExport(node: Node, spec: Node, base: Omit<IdentifierUse, "use">): IdentifierUse | null {
  const statement = spec.parent?.parent;
  if (statement?.type !== "export_statement" || !statement.childForFieldName("source")) return null;
  if (spec.childForFieldName("name")?.id !== node.id) return null;
  return { ...base, use: "re-export", alias: spec.childForFieldName("alias")?.text ?? null };
}
