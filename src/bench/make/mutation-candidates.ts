// Mutation candidates in JavaScript, TypeScript and Python found with tree-sitter (the grammars the
// code index uses): an operator flipped, a comparison's boundary moved, a negation removed, an
// integer off by one, a boolean flipped. Only code inside a function is mutated, one span per line.
import type { Node } from "web-tree-sitter";
import type { LoadedLanguage } from "../../understanding/index/grammars.ts";
import { lineAt, type Breakage } from "./breakage.ts";

const flips: Readonly<Record<string, [string, string]>> = {
  "===": ["!==", "eq-flip"],
  "!==": ["===", "eq-flip"],
  "==": ["!=", "eq-flip"],
  "!=": ["==", "eq-flip"],
  "<": ["<=", "boundary"],
  "<=": ["<", "boundary"],
  ">": [">=", "boundary"],
  ">=": [">", "boundary"],
  "+": ["-", "arith-flip"],
  "-": ["+", "arith-flip"],
  "*": ["/", "arith-flip"],
  "&&": ["||", "logic-flip"],
  "||": ["&&", "logic-flip"],
  and: ["or", "logic-flip"],
  or: ["and", "logic-flip"],
};

const binaryTypes = new Set([
  "binary_expression",
  "binary_operator",
  "comparison_operator",
  "boolean_operator",
]);
const functionTypes = new Set([
  "function_declaration",
  "function_expression",
  "function",
  "arrow_function",
  "method_definition",
  "generator_function_declaration",
  "function_definition",
]);
const booleanFlips: Readonly<Record<string, string>> = {
  true: "false",
  false: "true",
  True: "False",
  False: "True",
};
const stringTypes = new Set(["string", "template_string"]);

export function mutationCandidates(language: LoadedLanguage, file: string, text: string): Breakage[] {
  const tree = language.parser.parse(text);
  if (!tree) return [];
  const out: Breakage[] = [];
  try {
    visit(tree.rootNode, null, (node, fn) => collect(node, fn, file, text, out));
  } finally {
    tree.delete();
  }
  return out;
}

function visit(node: Node, fn: Node | null, at: (node: Node, fn: Node) => void): void {
  const inner = functionTypes.has(node.type) ? node : fn;
  if (inner) at(node, inner);
  for (const child of node.children) if (child) visit(child, inner, at);
}

function collect(node: Node, fn: Node, file: string, text: string, out: Breakage[]): void {
  const add = (span: Node, replacement: string, op: string) => {
    // Offsets must index the JavaScript string (they do unless the grammar counted bytes).
    if (text.slice(span.startIndex, span.endIndex) !== span.text) return;
    if (span.startPosition.row !== span.endPosition.row) return;
    out.push({
      kind: "mutation",
      file,
      line: lineAt(text, span.startIndex),
      op,
      start: span.startIndex,
      end: span.endIndex,
      replacement,
      scope: `${file}:${fn.startPosition.row + 1}`,
    });
  };
  if (binaryTypes.has(node.type)) {
    const operator = node.childForFieldName("operator") ?? node.children.find((c) => c && !c.isNamed) ?? null;
    const flip = operator ? flips[operator.type] : undefined;
    const stringy = node.namedChildren.some((c) => c && stringTypes.has(c.type));
    if (operator && flip && !(flip[1] === "arith-flip" && stringy)) add(operator, flip[0], flip[1]);
    return;
  }
  if ((node.type === "unary_expression" || node.type === "not_operator") && node.childCount === 2) {
    const operator = node.children[0];
    const operand = node.children[1];
    if (
      operator &&
      operand &&
      (operator.type === "!" || operator.type === "not") &&
      operand.type !== node.type
    )
      add(node, operand.text, "negation-removed");
    return;
  }
  if ((node.type === "number" || node.type === "integer") && /^\d+$/.test(node.text)) {
    const value = Number(node.text);
    add(node, String(value === 0 || node.startPosition.row % 2 === 0 ? value + 1 : value - 1), "off-by-one");
    return;
  }
  const flipped = booleanFlips[node.text];
  if ((node.type === "true" || node.type === "false") && node.isNamed && flipped)
    add(node, flipped, "bool-flip");
}
