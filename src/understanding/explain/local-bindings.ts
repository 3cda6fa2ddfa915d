// Which local declaration, if any, a bare name at a use reads: a parameter, a local variable, a
// loop, `catch`, `with` or `except` name, a nested function or class, a comprehension's variable.
// Such a use means the local, not the module-level symbol spelled the same (`function f(parse) {
// parse() }` does not call the imported `parse`). Scopes are the language's own: JS/TS functions
// and blocks (let/const/class/function declarations, `var` treated like them), Python functions,
// lambdas and comprehensions (any assignment in a function makes the name local to all of it,
// unless declared `global`/`nonlocal`; a class body is no scope for the methods inside it). A local
// import or `require()` is not such a declaration: it binds what the file's imports resolve.
import type { Node } from "web-tree-sitter";

/** Declared names of a scope node -> the line of the declaration. */
export type ScopeCache = Map<number, Map<string, number>>;

const jsFunctions = new Set([
  "function_declaration",
  "generator_function_declaration",
  "function_expression",
  "function",
  "generator_function",
  "arrow_function",
  "method_definition",
]);
const jsBlocks = new Set(["statement_block", "switch_body", "class_static_block"]);
const jsDeclarations = new Set(["lexical_declaration", "variable_declaration"]);
const jsNamed = new Set([
  "function_declaration",
  "generator_function_declaration",
  "class_declaration",
  "abstract_class_declaration",
]);
const pyComprehensions = new Set([
  "list_comprehension",
  "set_comprehension",
  "dictionary_comprehension",
  "generator_expression",
]);
const pyNestedScopes = new Set(["function_definition", "class_definition", "lambda", ...pyComprehensions]);

/** The line of the local binding the bare name `use` reads, or null when it reads a module-level name. */
export function localBindingLine(use: Node, python: boolean, cache: ScopeCache): number | null {
  const name = use.text;
  for (let child = use, scope = use.parent; scope; child = scope, scope = scope.parent) {
    if (!opensScope(scope, child, python)) continue;
    let declared = cache.get(scope.id);
    if (!declared) {
      declared = python ? pythonDeclared(scope) : jsDeclared(scope);
      cache.set(scope.id, declared);
    }
    const line = declared.get(name);
    if (line !== undefined) return line;
  }
  return null;
}

function opensScope(scope: Node, child: Node, python: boolean): boolean {
  if (!python) return jsFunctions.has(scope.type) || jsBlocks.has(scope.type) || isJsLoopOrCatch(scope);
  if (scope.type === "function_definition" || scope.type === "lambda")
    // Defaults and annotations are evaluated outside the function.
    return child.id === scope.childForFieldName("body")?.id;
  return pyComprehensions.has(scope.type);
}

function isJsLoopOrCatch(node: Node): boolean {
  return node.type === "for_in_statement" || node.type === "for_statement" || node.type === "catch_clause";
}

function jsDeclared(scope: Node): Map<string, number> {
  const out = new Map<string, number>();
  if (jsFunctions.has(scope.type)) {
    const params = scope.childForFieldName("parameters") ?? scope.childForFieldName("parameter");
    if (params) jsPattern(params, out);
    return out;
  }
  if (scope.type === "for_in_statement") {
    const left = scope.childForFieldName("left");
    if (left) jsPattern(left, out);
    return out;
  }
  if (scope.type === "for_statement") {
    const init = scope.childForFieldName("initializer");
    if (init && jsDeclarations.has(init.type)) jsDeclarators(init, out);
    return out;
  }
  if (scope.type === "catch_clause") {
    const param = scope.childForFieldName("parameter");
    if (param) jsPattern(param, out);
    return out;
  }
  for (const statement of scope.namedChildren) {
    if (!statement) continue;
    if (jsDeclarations.has(statement.type)) jsDeclarators(statement, out);
    else if (jsNamed.has(statement.type)) {
      const name = statement.childForFieldName("name");
      if (name) setOnce(out, name);
    }
  }
  return out;
}

function jsDeclarators(declaration: Node, out: Map<string, number>): void {
  for (const d of declaration.namedChildren) {
    const name = d?.type === "variable_declarator" ? d.childForFieldName("name") : null;
    // `const parse = require("./parse")` inside a function is an import: the file's imports say what it binds.
    if (name && !isRequire(d?.childForFieldName("value") ?? null)) jsPattern(name, out);
  }
}

function isRequire(value: Node | null): boolean {
  let n = value;
  while (n && (n.type === "member_expression" || n.type === "await_expression"))
    n = n.type === "await_expression" ? (n.namedChildren[0] ?? null) : n.childForFieldName("object");
  const callee = n?.type === "call_expression" ? n.childForFieldName("function") : null;
  return callee?.type === "import" || (callee?.type === "identifier" && callee.text === "require");
}

/** The names a parameter list or destructuring pattern binds (not its defaults, not its keys). */
function jsPattern(node: Node, out: Map<string, number>): void {
  switch (node.type) {
    case "identifier":
    case "shorthand_property_identifier_pattern":
      setOnce(out, node);
      return;
    case "pair_pattern":
    case "assignment_pattern":
    case "object_assignment_pattern":
    case "required_parameter":
    case "optional_parameter": {
      const field =
        node.type === "pair_pattern" ? "value" : node.type.endsWith("parameter") ? "pattern" : "left";
      const inner = node.childForFieldName(field);
      if (inner) jsPattern(inner, out);
      return;
    }
    case "formal_parameters":
    case "object_pattern":
    case "array_pattern":
    case "rest_pattern":
      for (const c of node.namedChildren) if (c) jsPattern(c, out);
      return;
    default:
      return;
  }
}

function pythonDeclared(scope: Node): Map<string, number> {
  const out = new Map<string, number>();
  if (pyComprehensions.has(scope.type)) {
    for (const clause of scope.namedChildren)
      if (clause?.type === "for_in_clause") {
        const left = clause.childForFieldName("left");
        if (left) pyTargets(left, out);
      }
    return out;
  }
  const params = scope.childForFieldName("parameters");
  if (params) pyParameters(params, out);
  const outer = new Set<string>();
  const body = scope.childForFieldName("body");
  if (body) pyBody(body, out, outer);
  for (const name of outer) out.delete(name);
  return out;
}

function pyParameters(params: Node, out: Map<string, number>): void {
  for (const p of params.namedChildren) {
    if (!p) continue;
    if (p.type === "identifier") setOnce(out, p);
    else {
      const name =
        p.childForFieldName("name") ?? p.namedChildren.find((c) => c?.type === "identifier") ?? null;
      if (name?.type === "identifier") setOnce(out, name);
    }
  }
}

/** Names a function body binds, not looking inside nested functions, classes, lambdas or comprehensions. */
function pyBody(node: Node, out: Map<string, number>, outer: Set<string>): void {
  for (const c of node.namedChildren) {
    if (!c) continue;
    switch (c.type) {
      case "function_definition":
      case "class_definition": {
        const name = c.childForFieldName("name");
        if (name) setOnce(out, name);
        continue;
      }
      case "assignment":
      case "augmented_assignment":
      case "for_statement":
      case "for_in_clause": {
        const left = c.childForFieldName("left");
        if (left) pyTargets(left, out);
        break;
      }
      case "as_pattern_target":
        pyTargets(c, out);
        continue;
      case "named_expression": {
        const name = c.childForFieldName("name");
        if (name) setOnce(out, name);
        break;
      }
      case "import_statement":
      case "import_from_statement":
        // A local import binds what the import resolves to: the file's imports say what that is.
        continue;
      case "global_statement":
      case "nonlocal_statement":
        for (const n of c.namedChildren) if (n?.type === "identifier") outer.add(n.text);
        continue;
      default:
        if (pyNestedScopes.has(c.type)) continue;
    }
    pyBody(c, out, outer);
  }
}

function pyTargets(node: Node, out: Map<string, number>): void {
  if (node.type === "identifier") {
    setOnce(out, node);
    return;
  }
  if (node.type === "attribute" || node.type === "subscript") return;
  for (const c of node.namedChildren) if (c) pyTargets(c, out);
}

function setOnce(out: Map<string, number>, node: Node): void {
  if (!out.has(node.text)) out.set(node.text, node.startPosition.row + 1);
}
