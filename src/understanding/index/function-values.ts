// Functions named as values where they are handed on or returned: `cache(get_fields)(cls)`,
// `self.assertRaises(E, parse, s)`, `items.map(parse)`, `app.use(this.handle)`, `return wrapper`.
// Nothing calls them by name there, yet what receives them does, so each is an edge (`value`) from
// the code around it. Only names that can be a function of the project are kept: a function the file
// defines at its top level (or once anywhere in it), an imported name, a method of `this`/`self` that
// the file defines and that is no getter (`return this.href` reads a property: a class's getter reads
// were measured to lose, RESULTS.md session 41), a member of an imported module; and never a name a
// function or class scope binds for itself (a parameter, a local). assemble-index.ts keeps an edge
// only when it resolves to a function or method.
import type { Node } from "web-tree-sitter";
import type { ParsedCall, ParsedSymbol } from "./file-parse.ts";
import { innermostCallers, type CallerSpan } from "./innermost-caller.ts";
import { boundLocally, type BindingSites } from "./receiver-types.ts";

const selfNames = new Set(["this", "self", "cls"]);

export interface ValueNames {
  /** Functions the file defines that a bare name means: top-level ones, or defined once in the file. */
  functions: ReadonlySet<string>;
  /** Local names the file's imports bind. */
  imported: ReadonlySet<string>;
  /** Methods the file defines that are not getters (`get x()`, Python's `@property`). */
  methods: ReadonlySet<string>;
}

export function valueNames(
  symbols: readonly ParsedSymbol[],
  imported: Iterable<string>,
  getters: ReadonlySet<string>,
): ValueNames {
  const count = new Map<string, number>();
  for (const s of symbols) count.set(s.name, (count.get(s.name) ?? 0) + 1);
  const functions = new Set(
    symbols
      .filter((s) => s.kind === "function" && (s.parent === null || count.get(s.name) === 1))
      .map((s) => s.name),
  );
  const methods = new Set(
    symbols.filter((s) => s.kind === "method" && !getters.has(s.name)).map((s) => s.name),
  );
  return { functions, imported: new Set(imported), methods };
}

const getterDecorator = /^@\s*[\w.]*(?:property|getter|setter|deleter)\b/;

/** Names of the getters and setters among definitions: `get x()` / `set x(v)`, `@property def x`. */
export function getterNames(definitions: readonly Node[]): Set<string> {
  const out = new Set<string>();
  for (const node of definitions) {
    const name = node.childForFieldName("name")?.text;
    if (!name) continue;
    const accessor =
      node.type === "method_definition"
        ? node.children.some((c) => c?.type === "get" || c?.type === "set")
        : node.parent?.type === "decorated_definition" &&
          node.parent.namedChildren.some((c) => c?.type === "decorator" && getterDecorator.test(c.text));
    if (accessor) out.add(name);
  }
  return out;
}

export function functionValues(
  values: readonly Node[],
  callers: readonly CallerSpan[],
  names: ValueNames,
  bindings: () => BindingSites,
): ParsedCall[] {
  const kept: { node: Node; name: string }[] = [];
  for (const node of values) {
    // `class Foo(Base):` lists its bases in an argument list: a base is no value handed on.
    if (node.parent?.parent?.type === "class_definition") continue;
    const name = valueName(node, names, bindings);
    if (name !== null) kept.push({ node, name });
  }
  const from = innermostCallers(
    callers,
    kept.map((k) => ({ start: k.node.startIndex, end: k.node.endIndex })),
  );
  const seen = new Set<string>();
  const out: ParsedCall[] = [];
  kept.forEach(({ node, name }, i) => {
    const caller = from[i] ?? null;
    const line = node.startPosition.row + 1;
    const key = `${caller ?? ""}\0${line}\0${name}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ from: caller, calleeName: name, line, value: true });
  });
  return out;
}

/** The name as a callee would be written (`parse`, `this.handle`, `utils.parse`), or null. */
function valueName(node: Node, names: ValueNames, bindings: () => BindingSites): string | null {
  if (node.type === "identifier") {
    const name = node.text;
    if (!names.functions.has(name) && !names.imported.has(name)) return null;
    return boundLocally(bindings(), name, node) ? null : name;
  }
  const object = node.childForFieldName("object");
  const property = node.childForFieldName(node.type === "attribute" ? "attribute" : "property");
  if (!object || !property || !/^[\w$]+$/.test(property.text)) return null;
  const receiver = object.type === "this" ? "this" : object.type === "identifier" ? object.text : null;
  if (receiver === null) return null;
  if (selfNames.has(receiver))
    return names.methods.has(property.text) ? `${receiver}.${property.text}` : null;
  // `utils.parse`: a module (or class) the file imports, not a local that happens to share its name.
  if (!names.imported.has(receiver) || boundLocally(bindings(), receiver, node)) return null;
  return `${receiver}.${property.text}`;
}
