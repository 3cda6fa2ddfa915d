// Groups query matches by their capture names (our contract with queries/*.scm) into raw
// definitions, scopes, call sites, imports and exported names.
import type { Node, QueryMatch } from "web-tree-sitter";
import type { SymbolKind } from "./code-index.ts";
import type { ImportBinding } from "./file-parse.ts";

export interface RawDefinition {
  node: Node;
  name: string;
  kind: SymbolKind;
  /** Go receiver type or `Foo.prototype` owner. */
  receiver: string | null;
  /** A getter defined through a call (`defineGetter(req, 'ip', fn)`): a read of the property runs it. */
  accessor: boolean;
}

export interface RawScope {
  node: Node;
  name: string;
}

export interface RawCall {
  node: Node;
  text: string;
}

export interface RawImport {
  node: Node;
  source: string;
  /** The source's own node (a JS/TS `string_fragment`): where it stands says what is re-exported. */
  sourceNode: Node | null;
  bindings: ImportBinding[];
  /** A Rust use-tree, expanded later. */
  useTree: Node | null;
}

export interface RawCaptures {
  definitions: RawDefinition[];
  scopes: RawScope[];
  calls: RawCall[];
  /** Property reads on a variable or `this` (`req.protocol`), calls and assignment targets included. */
  reads: Node[];
  /** Names and members handed on as values (an argument, a returned value): `map(parse, xs)`. */
  values: Node[];
  imports: RawImport[];
  exportNames: Set<string>;
}

// When one node matches several definition patterns, the most specific kind wins.
const kindRank: Record<SymbolKind, number> = {
  function: 5,
  method: 5,
  class: 5,
  interface: 5,
  module: 4,
  type: 3,
  constant: 2,
  variable: 1,
};

function isSymbolKind(name: string): name is SymbolKind {
  return Object.hasOwn(kindRank, name);
}

function symbolKindOf(name: string): SymbolKind {
  if (!isSymbolKind(name))
    throw new Error(`query capture @definition.${name} is not a symbol kind; fix the .scm file`);
  return name;
}

export function collectCaptures(matches: readonly QueryMatch[]): RawCaptures {
  const defs = new Map<string, RawDefinition>();
  const imports = new Map<string, RawImport>();
  const out: RawCaptures = {
    definitions: [],
    scopes: [],
    calls: [],
    reads: [],
    values: [],
    imports: [],
    exportNames: new Set(),
  };
  for (const match of matches) {
    const byName = new Map<string, Node>();
    for (const c of match.captures) {
      if (c.name === "export.name") out.exportNames.add(c.node.text);
      else if (!byName.has(c.name) || c.name.startsWith("import.")) byName.set(c.name, c.node);
    }
    const name = byName.get("name");
    const defCapture = match.captures.find((c) => c.name.startsWith("definition."));
    if (defCapture && name) {
      const kind = symbolKindOf(defCapture.name.slice("definition.".length));
      const key = `${defCapture.node.startIndex}:${defCapture.node.endIndex}:${name.text}`;
      const prev = defs.get(key);
      if (!prev || kindRank[kind] > kindRank[prev.kind]) {
        defs.set(key, {
          node: defCapture.node,
          // A test titled by a template (`it(`parses ${input}`, ...)` in a loop) is named by its text.
          name: name.type === "template_string" ? name.text.slice(1, -1) : name.text,
          kind,
          receiver: byName.get("receiver")?.text ?? null,
          accessor: byName.has("accessor"),
        });
      }
      continue;
    }
    const scope = byName.get("scope.impl");
    if (scope && name) {
      out.scopes.push({ node: scope, name: name.text });
      continue;
    }
    const call = byName.get("reference.call");
    const callee = byName.get("callee");
    if (call && callee) {
      const receiver = byName.get("call.receiver");
      out.calls.push({ node: call, text: receiver ? `${receiver.text}.${callee.text}` : callee.text });
      continue;
    }
    const read = byName.get("reference.read");
    if (read) {
      out.reads.push(read);
      continue;
    }
    const value = byName.get("reference.value");
    if (value) {
      out.values.push(value);
      continue;
    }
    const importNode = byName.get("import");
    if (importNode) addImport(imports, importNode, match);
  }
  out.definitions = [...defs.values()];
  out.imports = [...imports.values()];
  return out;
}

function addImport(imports: Map<string, RawImport>, node: Node, match: QueryMatch): void {
  const get = (n: string) => match.captures.find((c) => c.name === n)?.node ?? null;
  const useTree = get("import.use");
  const source = get("import.source");
  if (!useTree && !source) return;
  const sourceText = source?.text ?? "";
  const key = source ? `s${source.startIndex}` : `n${node.startIndex}`;
  let entry = imports.get(key);
  if (!entry) {
    entry = { node, source: sourceText, sourceNode: source, bindings: [], useTree };
    imports.set(key, entry);
  }
  const add = (local: string, imported: string) => {
    if (!entry.bindings.some((b) => b.local === local && b.imported === imported))
      entry.bindings.push({ local, imported });
  };
  const name = get("import.name");
  const original = get("import.original");
  const alias = get("import.alias");
  const namespace = get("import.namespace");
  const defaultName = get("import.default");
  if (name) add(name.text, name.text);
  if (original && alias) add(alias.text, original.text);
  if (namespace) add(namespace.text, "*");
  if (defaultName) add(defaultName.text, "default");
}
