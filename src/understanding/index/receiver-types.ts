// The class a plain variable holds when its scope constructs it once: `const n = new Negotiator(req)`
// (JS/TS) or `c = LRUCache(maxsize=2)` (Python), so `n.mediaTypes()` can resolve to that class's
// method. Precision first: a variable bound anywhere else in the deciding scope (reassigned, a
// parameter, a loop or destructuring target, a `with ... as`) gets no type. Likewise the function a
// variable aliases: `const unknown = options.unknownHandler || defaultUnknownHandler` (JS `||`/`??`,
// Python `or`), so `unknown(state, node)` runs the default the file names.
import type { Node } from "web-tree-sitter";

const scopeTypes = new Set([
  "program",
  "module",
  "function_declaration",
  "generator_function_declaration",
  "function_expression",
  "generator_function",
  "arrow_function",
  "method_definition",
  "function_definition",
  "lambda",
  "class_body",
  "class_definition",
]);

/** Nodes under which an identifier binds a name without a single constructed value. */
const otherBindingParents = new Set([
  "formal_parameters",
  "parameters",
  "lambda_parameters",
  "required_parameter",
  "optional_parameter",
  "default_parameter",
  "typed_parameter",
  "typed_default_parameter",
  "array_pattern",
  "object_pattern",
  "pair_pattern",
  "assignment_pattern",
  "rest_pattern",
  "pattern_list",
  "tuple_pattern",
  "list_pattern",
  "list_splat_pattern",
  "as_pattern_target",
  "catch_clause",
  "except_clause",
  "for_in_statement",
  "for_statement",
  "for_in_clause",
  "update_expression",
  "augmented_assignment_expression",
  "augmented_assignment",
  "named_expression",
  "global_statement",
  "nonlocal_statement",
  "import_statement",
  "import_specifier",
  "import_clause",
  "namespace_import",
  "aliased_import",
  "import_from_statement",
  "dotted_name",
]);

/** `this.x` / `self.x`: a field, typed like a variable over the class (or test file) that sets it. */
export const selfField = /^(this|self)\.[\w$]+$/;

interface BindingSite {
  start: number;
  /** The constructed class as written (`C`, `mod.C`), or null when the value is anything else. */
  type: string | null;
  /** The fallback a `a || f` / `a ?? f` / `a or f` value names (`f`, `mod.f`), or null. */
  alias: string | null;
  /** `let x;` declares without a value: it neither types nor untypes the variable. */
  declarationOnly: boolean;
}

/** Per name, every place the file binds it. */
export type BindingSites = ReadonlyMap<string, readonly BindingSite[]>;

/** Per name, every place the file binds it; built once per file. */
export function collectBindings(root: Node): Map<string, BindingSite[]> {
  const out = new Map<string, BindingSite[]>();
  const add = (name: string, site: BindingSite) => {
    const list = out.get(name);
    if (list) list.push(site);
    else out.set(name, [site]);
  };
  const cursor = root.walk();
  const visitHere = () => {
    if (interesting.has(cursor.nodeType)) visit(cursor.currentNode, add);
  };
  try {
    // Every node once, by cursor (a Node object per node would cost more than the parse).
    for (;;) {
      if (cursor.gotoFirstChild()) continue;
      visitHere();
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return out;
        visitHere();
      }
    }
  } finally {
    cursor.delete();
  }
}

const interesting = new Set([
  "variable_declarator",
  "assignment_expression",
  "assignment",
  "shorthand_property_identifier_pattern",
  ...otherBindingParents,
]);

function visit(node: Node, add: (name: string, site: BindingSite) => void): void {
  const t = node.type;
  if (t === "variable_declarator") {
    const name = node.childForFieldName("name");
    if (name?.type !== "identifier") return;
    const value = node.childForFieldName("value");
    add(name.text, {
      start: node.startIndex,
      type: value ? constructedClass(value) : null,
      alias: value ? fallbackName(value) : null,
      declarationOnly: value === null,
    });
    return;
  }
  if (t === "assignment_expression" || t === "assignment") {
    const left = node.childForFieldName("left");
    if (!left || (left.type !== "identifier" && !selfField.test(left.text))) return;
    const right = node.childForFieldName("right");
    // `x: Foo` (a Python annotation without a value) declares only.
    add(left.text, {
      start: node.startIndex,
      type: right ? constructedClass(right) : null,
      alias: right ? fallbackName(right) : null,
      declarationOnly: right === null,
    });
    return;
  }
  if (t === "shorthand_property_identifier_pattern") {
    add(node.text, { start: node.startIndex, type: null, alias: null, declarationOnly: false });
    return;
  }
  // A parameter, pattern, loop target, alias...: over-counts some uses (a loop's iterable, an
  // update's operand), which only loses types.
  for (const child of node.namedChildren) {
    if (child?.type === "identifier")
      add(child.text, { start: child.startIndex, type: null, alias: null, declarationOnly: false });
  }
}

/** `new C(...)` / `new mod.C(...)` in JS, `C(...)` / `mod.C(...)` in Python (a capitalised name). */
function constructedClass(value: Node): string | null {
  let v: Node | null = value;
  while (v && (v.type === "parenthesized_expression" || v.type === "await_expression")) v = v.namedChild(0);
  if (!v) return null;
  if (v.type === "new_expression") return className(v.childForFieldName("constructor"));
  if (v.type === "call") {
    const name = className(v.childForFieldName("function"));
    // Python calls a class to construct it; a lower-case callee is a function, whatever it returns.
    return name && /^[A-Z]/.test(name.split(".").pop() ?? "") ? name : null;
  }
  return null;
}

const fallbackOperators = new Set(["||", "??", "or"]);

/** `options.x || f`, `a ?? mod.f`, Python `a or f`: the name the value falls back to. */
function fallbackName(value: Node): string | null {
  let v: Node | null = value;
  while (v?.type === "parenthesized_expression") v = v.namedChild(0);
  if (v?.type !== "binary_expression" && v?.type !== "boolean_operator") return null;
  if (!fallbackOperators.has(v.childForFieldName("operator")?.type ?? "")) return null;
  return className(v.childForFieldName("right"));
}

function className(node: Node | null): string | null {
  if (!node) return null;
  if (node.type === "identifier") return node.text;
  if (
    (node.type === "member_expression" || node.type === "attribute") &&
    /^[\w$]+(\.[\w$]+)+$/.test(node.text)
  )
    return node.text;
  return null;
}

/**
 * The class `name` holds where `at` reads it: the innermost enclosing scope that binds the name
 * decides, and it must bind it exactly once with a constructed value (`let x;` aside).
 */
export function receiverTypeAt(
  bindings: ReadonlyMap<string, readonly BindingSite[]>,
  name: string,
  at: Node,
): string | null {
  return valueAt(bindings, name, at)?.type ?? null;
}

/** The function `name` aliases where `at` calls it (`f = a || g` gives `g`), by the same scope rule. */
export function aliasAt(
  bindings: ReadonlyMap<string, readonly BindingSite[]>,
  name: string,
  at: Node,
): string | null {
  return valueAt(bindings, name, at)?.alias ?? null;
}

function valueAt(
  bindings: ReadonlyMap<string, readonly BindingSite[]>,
  name: string,
  at: Node,
): BindingSite | null {
  const sites = bindings.get(name);
  if (!sites) return null;
  for (let scope: Node | null = at.parent; scope; scope = scope.parent) {
    if (!scopeTypes.has(scope.type)) continue;
    const start = scope.startIndex;
    const end = scope.endIndex;
    const inside = sites.filter((s) => s.start >= start && s.start < end);
    if (inside.length === 0) continue;
    const valued = inside.filter((s) => !s.declarationOnly);
    if (valued.length !== 1) return null;
    return valued[0] ?? null;
  }
  return null;
}

/**
 * `name` where `at` reads it is a function's or class's own (a parameter, a local assignment, a loop
 * target): the innermost scope that binds it is not the file's top level. A nested `def` is no
 * binding here; an arrow function's lone parameter (`parse => run(parse)`) is.
 */
export function boundLocally(bindings: BindingSites, name: string, at: Node): boolean {
  const sites = bindings.get(name) ?? [];
  for (let scope: Node | null = at.parent; scope; scope = scope.parent) {
    if (!scopeTypes.has(scope.type)) continue;
    if (scope.type === "program" || scope.type === "module") return false;
    if (scope.type === "arrow_function" && scope.childForFieldName("parameter")?.text === name) return true;
    const { startIndex: start, endIndex: end } = scope;
    if (sites.some((s) => s.start >= start && s.start < end)) return true;
  }
  return false;
}
