// Top-level code that runs only when the file is run as a script: the body of Python's
// `if __name__ == "__main__":` and Node's `if (require.main === module)`. Importing the module does
// not run it, so a test importing a CLI module does not reach its `main()` through it.
import type { Node } from "web-tree-sitter";
import { inConsequenceOf } from "./if-consequence.ts";

/** A script guard as a whole expression: `not __name__ == "__main__"` and
 * `!(require.main === module)` are its opposite, code that runs on import. */
const guard =
  /^(?:__name__\s*==\s*["']__main__["']|["']__main__["']\s*==\s*__name__|require\.main\s*===?\s*module|module\s*===?\s*require\.main)$/;

/** The call sits in the consequence of an `if` whose condition is a script guard. */
export function scriptGuarded(node: Node): boolean {
  return inConsequenceOf(node, isScriptGuard);
}

/** The condition holds only when the file runs as a script: the guard itself, or a conjunction with
 * it as one operand (`typeof require !== "undefined" && require.main === module`); a disjunction or
 * a negation holds on import too. */
function isScriptGuard(condition: Node): boolean {
  const expression = unparenthesized(condition);
  if (isConjunction(expression))
    return ["left", "right"].some((side) => {
      const operand = expression.childForFieldName(side);
      return operand !== null && isScriptGuard(operand);
    });
  return guard.test(expression.text.trim());
}

/** `a and b` (Python) or `a && b` (JS). */
function isConjunction(node: Node): boolean {
  if (node.type !== "boolean_operator" && node.type !== "binary_expression") return false;
  const operator = node.childForFieldName("operator")?.text;
  return operator === "and" || operator === "&&";
}

/** The expression inside the parentheses around it (JS's `if (…)` always has them). */
function unparenthesized(node: Node): Node {
  let inner = node;
  while (inner.type === "parenthesized_expression" && inner.namedChildCount === 1) {
    const child = inner.namedChild(0);
    if (!child) break;
    inner = child;
  }
  return inner;
}
