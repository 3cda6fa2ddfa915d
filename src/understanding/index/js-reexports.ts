// What a JS/TS module hands on of the modules it loads: a hub such as `lib/index.js` written
// `exports.isPromise = require('./isPromise')` defines nothing itself, so `Hoek.isPromise(x)` in a
// test binds only when the index knows which module `isPromise` is. Read from the syntax tree at
// each import's source (the forms written in one statement) and from the file's top-level exports of
// names it imported (`const parse = require('./parse'); module.exports = { parse }`).
import type { Node } from "web-tree-sitter";
import type { ImportBinding, ParsedImport, Reexport } from "./file-parse.ts";

const exportsObject = /^(?:module\.)?exports$/;
// `Object.assign(exports, require('./x'))`; TypeScript's CommonJS output `__exportStar(require("./x"), exports)`.
const mergeCalls = /^(?:Object\.assign|(?:[\w$]+\.)?__exportStar)$/;

/** The re-exports written where an import's source string stands (its `string_fragment`). */
export function reexportsAt(source: Node): Reexport[] {
  const string = source.parent;
  const holder = string?.parent;
  if (!string || !holder) return [];
  if (holder.type === "export_statement") return esmReexports(holder);
  const call = holder.type === "arguments" ? holder.parent : null;
  if (call?.type !== "call_expression" || call.childForFieldName("function")?.text !== "require") return [];
  return requireReexports(call);
}

/** `export * from`, `export * as ns from`, `export { a, b as c, default as d } from`. */
function esmReexports(statement: Node): Reexport[] {
  const clause = statement.namedChildren.find((c) => c?.type === "export_clause");
  if (clause)
    return clause.namedChildren.flatMap((spec) => {
      const name = spec?.childForFieldName("name")?.text;
      if (!spec || !name) return [];
      return [{ exported: spec.childForFieldName("alias")?.text ?? name, imported: name }];
    });
  const namespace = statement.namedChildren.find((c) => c?.type === "namespace_export");
  const alias = namespace?.namedChildren.find((c) => c?.type === "identifier" || c?.type === "string");
  if (alias) return [{ exported: alias.text.replace(/^['"]|['"]$/g, ""), imported: "*" }];
  return statement.children.some((c) => c?.type === "*") ? [{ exported: "*", imported: "*" }] : [];
}

/** What `require(x)` (or `require(x).name`) hands on where it stands. */
function requireReexports(call: Node): Reexport[] {
  let value = call;
  let imported = "*";
  const member = call.parent;
  if (member?.type === "member_expression" && member.childForFieldName("object")?.equals(call)) {
    imported = member.childForFieldName("property")?.text ?? "*";
    value = member;
  }
  const at = value.parent;
  if (!at) return [];
  const whole = imported === "*" ? [{ exported: "*", imported }] : [];
  switch (at.type) {
    case "assignment_expression": {
      const left = at.childForFieldName("left");
      if (!left || !at.childForFieldName("right")?.equals(value)) return [];
      // `module.exports = require('./x')`: this module is x.
      if (left.text === "module.exports") return whole;
      const key = exportsKey(left);
      return key ? [{ exported: key, imported }] : [];
    }
    case "pair": {
      const key = at.childForFieldName("key");
      const named = key?.type === "property_identifier" || key?.type === "identifier";
      return named && key && isModuleExportsObject(at.parent) ? [{ exported: key.text, imported }] : [];
    }
    case "spread_element":
      return isModuleExportsObject(at.parent) ? whole : [];
    case "arguments": {
      const callee = at.parent?.childForFieldName("function")?.text ?? "";
      const args = at.namedChildren;
      const target = callee.startsWith("Object") ? args[0] : args[args.length - 1];
      return mergeCalls.test(callee) && target && exportsObject.test(target.text) && !target.equals(value)
        ? whole
        : [];
    }
    default:
      return [];
  }
}

/** `exports.k` or `module.exports.k` -> `k`. */
function exportsKey(left: Node): string | null {
  if (left.type !== "member_expression") return null;
  const object = left.childForFieldName("object");
  return object && exportsObject.test(object.text)
    ? (left.childForFieldName("property")?.text ?? null)
    : null;
}

/** The object of `module.exports = {...}` (also `exports = module.exports = {...}`). */
function isModuleExportsObject(object: Node | null): boolean {
  const assignment = object?.type === "object" ? object.parent : null;
  return (
    assignment?.type === "assignment_expression" &&
    assignment.childForFieldName("left")?.text === "module.exports" &&
    Boolean(object && assignment.childForFieldName("right")?.equals(object))
  );
}

/** A name the module exports, and the local name it exports under it ("*": the module is that value). */
interface ExportedLocal {
  exported: string;
  local: string;
}

/** Top-level exports of local names: `export { a, b as c }`, `export default a`, `exports.k = a`,
 * `module.exports = { a, k: b }`, `module.exports = a`. */
function exportedLocals(root: Node): ExportedLocal[] {
  const out: ExportedLocal[] = [];
  for (const statement of root.namedChildren) {
    if (statement?.type === "export_statement" && !statement.childForFieldName("source")) {
      const value = statement.childForFieldName("value");
      if (value?.type === "identifier") out.push({ exported: "default", local: value.text });
      const clause = statement.namedChildren.find((c) => c?.type === "export_clause");
      for (const spec of clause?.namedChildren ?? []) {
        const name = spec?.childForFieldName("name")?.text;
        if (spec && name) out.push({ exported: spec.childForFieldName("alias")?.text ?? name, local: name });
      }
    }
    const expression = statement?.type === "expression_statement" ? statement.namedChildren[0] : null;
    // `exports = module.exports = {...}`: every assignment of the chain.
    for (let a = expression; a?.type === "assignment_expression"; a = a.childForFieldName("right"))
      assignedLocals(a, out);
  }
  return out;
}

function assignedLocals(assignment: Node, out: ExportedLocal[]): void {
  const left = assignment.childForFieldName("left");
  const right = assignment.childForFieldName("right");
  if (!left || !right) return;
  const key = exportsKey(left);
  if (key && right.type === "identifier") out.push({ exported: key, local: right.text });
  if (left.text !== "module.exports") return;
  if (right.type === "identifier") out.push({ exported: "*", local: right.text });
  if (right.type !== "object") return;
  for (const entry of right.namedChildren) {
    if (entry?.type === "shorthand_property_identifier")
      out.push({ exported: entry.text, local: entry.text });
    const value = entry?.type === "pair" ? entry.childForFieldName("value") : null;
    const k = entry?.childForFieldName("key");
    if (value?.type === "identifier" && k?.type === "property_identifier")
      out.push({ exported: k.text, local: value.text });
  }
}

/**
 * The local name a module hands out as its default or as itself (`export default MarkdownIt`,
 * `module.exports = parse` after the declaration): what a default import or `require()` of it returns.
 */
export function defaultExportedLocal(root: Node): string | null {
  const locals = exportedLocals(root);
  return (
    (locals.find((l) => l.exported === "default") ?? locals.find((l) => l.exported === "*"))?.local ?? null
  );
}

/**
 * Adds to each import the re-exports of the names it binds that the file's top-level exports hand
 * on (`import x from './x'; export { x }`). A module value (`module.exports = parse`) passes on only
 * a whole module (`const parse = require('./parse')`).
 */
export function addExportedBindings(root: Node, imports: ParsedImport[]): void {
  const locals = exportedLocals(root);
  if (locals.length === 0) return;
  for (const imp of imports)
    for (const { exported, local } of locals) {
      const b: ImportBinding | undefined = imp.bindings.find((x) => x.local === local);
      if (!b || (exported === "*" && b.imported !== "*")) continue;
      const reexports = (imp.reexports ??= []);
      if (!reexports.some((r) => r.exported === exported && r.imported === b.imported))
        reexports.push({ exported, imported: b.imported });
    }
}
