// Per-language facts about syntax trees that the queries cannot express: which nodes wrap a
// definition (`export`, decorators, single-spec declarations), which nodes are comments, and what
// makes a definition exported.
import type { Node } from "web-tree-sitter";
import type { LanguageId } from "./languages.ts";

export interface SyntaxRules {
  /** Parents that belong to the definition: its range and doc comment start there. */
  wrappers: ReadonlySet<string>;
  /** Wrappers where the signature starts at the definition itself (decorators, statements). */
  signatureStopsAt: ReadonlySet<string>;
  comments: ReadonlySet<string>;
  /** Siblings allowed between a doc comment and its definition (attributes). */
  betweenDocAndDefinition: ReadonlySet<string>;
}

const ecmascript: SyntaxRules = {
  wrappers: new Set([
    "export_statement",
    "lexical_declaration",
    "variable_declaration",
    "expression_statement",
    "ambient_declaration",
  ]),
  signatureStopsAt: new Set(["expression_statement"]),
  comments: new Set(["comment"]),
  betweenDocAndDefinition: new Set(["decorator"]),
};

const rules: Readonly<Record<LanguageId, SyntaxRules>> = {
  javascript: ecmascript,
  typescript: ecmascript,
  tsx: ecmascript,
  python: {
    wrappers: new Set(["decorated_definition", "expression_statement"]),
    signatureStopsAt: new Set(["decorated_definition", "expression_statement"]),
    comments: new Set(["comment"]),
    betweenDocAndDefinition: new Set(),
  },
  go: {
    wrappers: new Set(["type_declaration", "const_declaration", "var_declaration"]),
    signatureStopsAt: new Set(),
    comments: new Set(["comment"]),
    betweenDocAndDefinition: new Set(),
  },
  rust: {
    wrappers: new Set(),
    signatureStopsAt: new Set(),
    comments: new Set(["line_comment", "block_comment"]),
    betweenDocAndDefinition: new Set(["attribute_item", "inner_attribute_item"]),
  },
  java: {
    wrappers: new Set(),
    signatureStopsAt: new Set(),
    comments: new Set(["line_comment", "block_comment"]),
    betweenDocAndDefinition: new Set(),
  },
};

export function syntaxRulesFor(id: LanguageId): SyntaxRules {
  return rules[id];
}

/**
 * The outermost node that still belongs to this definition alone: `export const f = ...` is one
 * definition, but `const a = 1, b = 2` has two, so the declaration does not wrap either.
 */
export function outermostWrapper(node: Node, wrappers: ReadonlySet<string>): Node[] {
  const chain: Node[] = [node];
  let current = node;
  for (let parent = current.parent; parent && wrappers.has(parent.type); parent = current.parent) {
    const siblingsOfSameType = parent.namedChildren.filter((c) => c?.type === current.type).length;
    if (siblingsOfSameType !== 1) break;
    chain.push(parent);
    current = parent;
  }
  return chain;
}
