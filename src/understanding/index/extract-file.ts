// Parses one file's text and turns the query captures into a FileParse: symbols with qualified
// names, parents, signatures, doc comments and export flags; imports; call sites with their caller.
import type { SymbolKind } from "./code-index.ts";
import { calleeName, splitCallee } from "./callee-name.ts";
import { classBases } from "./class-bases.ts";
import { collectCaptures, type RawCaptures, type RawDefinition } from "./collect-captures.ts";
import { docComment } from "./doc-comment.ts";
import type { FileParse, ParsedCall, ParsedImport, ParsedSymbol } from "./file-parse.ts";
import type { LoadedLanguage } from "./grammars.ts";
import type { Node } from "web-tree-sitter";
import { isExported } from "./is-exported.ts";
import { addExportedBindings, defaultExportedLocal, reexportsAt } from "./js-reexports.ts";
import { ecmascriptLanguages } from "./languages.ts";
import { functionReferenced, rebindsItself } from "./function-reference.ts";
import { functionValues, getterNames, valueNames } from "./function-values.ts";
import { innermostCallers } from "./innermost-caller.ts";
import { propertyReads } from "./property-reads.ts";
import { pythonReexports } from "./python-reexports.ts";
import { aliasAt, collectBindings, receiverTypeAt, selfField } from "./receiver-types.ts";
import { expandUseTree } from "./rust-use-tree.ts";
import { bodyOf, signatureOf } from "./signature.ts";
import { scriptGuarded } from "./script-guard.ts";
import { underTypeChecking } from "./type-checking-imports.ts";
import { typeOnlyImport } from "./type-only-imports.ts";
import { outermostWrapper, syntaxRulesFor } from "./syntax-rules.ts";

/** A symbol or an impl scope, by character range, for the nesting sweep. */
interface Span {
  start: number;
  end: number;
  symbol: number | null;
  qualifier: string;
}

const containerKinds: ReadonlySet<SymbolKind> = new Set(["class", "interface", "module", "type"]);
/** Languages whose `x = new C()` / `x = C()` gives `x.m()` a receiver type (receiver-types.ts). */
const typesVariables: ReadonlySet<string> = new Set(["javascript", "typescript", "tsx", "python"]);
const selfNames = new Set(["this", "self", "cls", "super"]);
// A file that constructs nothing and falls back to no name types and aliases nothing: skip its
// binding walk (it costs a visit per node).
const constructs =
  /\bnew\s+[\w$]|=\s*[\w.]*[A-Z]\w*\s*\(|(?:\|\||\?\?|\bor)[ \t]*[A-Za-z_$][\w$.]*[ \t]*[;)]?[ \t]*\r?$/m;

function mayType(language: string, text: string): boolean {
  return typesVariables.has(language) && constructs.test(text);
}

export function extractFile(language: LoadedLanguage, text: string): FileParse {
  const tree = language.parser.parse(text);
  if (!tree) throw new Error(`tree-sitter returned no tree for a ${language.id} file`);
  try {
    const captures = collectCaptures(language.query.matches(tree.rootNode));
    const symbols: ParsedSymbol[] = [];
    const spans = buildSymbols(language, text, captures, symbols);
    if (ecmascriptLanguages.has(language.id)) markDefaultExport(tree.rootNode, symbols);
    return {
      lines: countLines(text),
      bytes: Buffer.byteLength(text),
      hasErrors: tree.rootNode.hasError,
      symbols,
      imports: buildImports(language, captures, tree.rootNode),
      calls: buildCalls(captures, spans, symbols, tree.rootNode, mayType(language.id, text)),
    };
  } finally {
    tree.delete();
  }
}

/** `function MarkdownIt () {…}` … `export default MarkdownIt`: the declaration is the module's default. */
function markDefaultExport(root: Node, symbols: ParsedSymbol[]): void {
  const local = defaultExportedLocal(root);
  const declared = local === null ? undefined : symbols.find((s) => s.parent === null && s.name === local);
  if (declared && declared.name !== "default") declared.defaultExport = true;
}

function countLines(text: string): number {
  if (text === "") return 0;
  let n = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return text.endsWith("\n") ? n - 1 : n;
}

function buildSymbols(
  language: LoadedLanguage,
  text: string,
  captures: RawCaptures,
  symbols: ParsedSymbol[],
): Span[] {
  const rules = syntaxRulesFor(language.id);
  const defs = captures.definitions.filter((d) => !isRequireBinding(d) && !namesModuleExport(d));
  const items = [
    ...defs.map((d) => ({
      def: d,
      scopeName: null as string | null,
      start: d.node.startIndex,
      end: d.node.endIndex,
    })),
    ...captures.scopes.map((s) => ({
      def: null,
      scopeName: s.name,
      start: s.node.startIndex,
      end: s.node.endIndex,
    })),
  ].sort((a, b) => a.start - b.start || b.end - a.end);
  const stack: Span[] = [];
  const spans: Span[] = [];
  for (const item of items) {
    // Pop spans that ended, and one with the very same range (`var a, b = 1, 2` defines two).
    for (
      let top = stack.at(-1);
      top && (top.end <= item.start || (top.start === item.start && top.end === item.end));
      top = stack.at(-1)
    ) {
      stack.pop();
    }
    const enclosing = stack[stack.length - 1] ?? null;
    if (!item.def) {
      const span = { start: item.start, end: item.end, symbol: null, qualifier: item.scopeName ?? "" };
      stack.push(span);
      continue;
    }
    const d = item.def;
    const chain = outermostWrapper(d.node, rules.wrappers);
    const outer = chain[chain.length - 1] ?? d.node;
    const signatureStart =
      [...chain].reverse().find((n) => n === d.node || !rules.signatureStopsAt.has(n.type)) ?? d.node;
    const ownerName = d.receiver ?? (enclosing && enclosing.symbol === null ? enclosing.qualifier : null);
    const parent = enclosing?.symbol ?? (ownerName ? findByName(symbols, ownerName) : null);
    const parentSymbol = parent === null ? null : (symbols[parent] ?? null);
    const qualifier = d.receiver ?? enclosing?.qualifier ?? "";
    const kind = adjustKind(
      d,
      language.id,
      parentSymbol?.kind ?? null,
      enclosing !== null && enclosing.symbol === null,
    );
    const name = isAnonymousModuleExport(d) ? "default" : d.name;
    const body = bodyOf(d.node);
    const symbol: ParsedSymbol = {
      name,
      qualifiedName: qualifier === "" ? name : `${qualifier}.${name}`,
      kind,
      startLine: outer.startPosition.row + 1,
      endLine: outer.endPosition.row + 1,
      ...(body ? { bodyLine: body.startPosition.row + 1 } : {}),
      signature: signatureOf(d.node, signatureStart, text),
      doc: docComment(chain, rules, language.id === "python" ? d.node.childForFieldName("body") : null),
      exported: false,
      parent,
    };
    if (d.accessor) symbol.accessor = true;
    if (d.node.parent?.type === "export_statement" && name === "default") symbol.anonymousDefault = true;
    if (kind === "class") {
      const bases = classBases(d.node);
      if (bases.length > 0) symbol.bases = bases;
    }
    symbol.exported = isExported(language.id, d, chain, symbol, parentSymbol, captures.exportNames);
    symbols.push(symbol);
    const span = {
      start: item.start,
      end: item.end,
      symbol: symbols.length - 1,
      qualifier: symbol.qualifiedName,
    };
    stack.push(span);
    spans.push(span);
  }
  return spans;
}

function findByName(symbols: readonly ParsedSymbol[], name: string): number | null {
  const i = symbols.findIndex((s) => s.name === name && containerKinds.has(s.kind));
  return i === -1 ? null : i;
}

function adjustKind(
  d: RawDefinition,
  lang: string,
  parentKind: SymbolKind | null,
  inImpl: boolean,
): SymbolKind {
  if (d.kind === "function" && (inImpl || parentKind === "class" || parentKind === "interface"))
    return "method";
  if (d.kind === "constant" && lang === "python" && !/^[A-Z_][A-Z0-9_]*$/.test(d.name)) return "variable";
  if (d.kind === "constant" && d.node.parent?.type === "lexical_declaration") {
    return d.node.parent.firstChild?.text === "const" ? "constant" : "variable";
  }
  return d.kind;
}

/** `module.exports = function () {}`: the query names it by the `exports` property. */
function isAnonymousModuleExport(d: RawDefinition): boolean {
  return d.node.type === "assignment_expression" && d.name === "exports";
}

/** `const fs = require("fs")` (or `require("x").y`) is an import, not a constant worth indexing. */
function isRequireBinding(d: RawDefinition): boolean {
  if (d.kind !== "constant" && d.kind !== "variable") return false;
  const value = d.node.childForFieldName("value");
  const call = value?.type === "member_expression" ? value.childForFieldName("object") : value;
  return call?.type === "call_expression" && call.childForFieldName("function")?.text === "require";
}

/** `const assert = module.exports = function () {}`: the function is the definition (the module's). */
function namesModuleExport(d: RawDefinition): boolean {
  if (d.kind !== "constant" && d.kind !== "variable") return false;
  const value = d.node.childForFieldName("value");
  return (
    value?.type === "assignment_expression" && value.childForFieldName("left")?.text === "module.exports"
  );
}

function buildImports(language: LoadedLanguage, captures: RawCaptures, root: Node): ParsedImport[] {
  const out: ParsedImport[] = [];
  const ecmascript = ecmascriptLanguages.has(language.id);
  for (const raw of captures.imports) {
    const line = raw.node.startPosition.row + 1;
    if (raw.useTree) {
      expandUseTree(raw.useTree, "", line, out);
    } else if (language.id === "rust" && raw.node.type === "mod_item") {
      out.push({ source: `mod ${raw.source}`, bindings: [{ local: raw.source, imported: "*" }], line });
    } else if (language.id === "go" && raw.bindings.length === 0) {
      out.push({
        source: raw.source,
        bindings: [{ local: raw.source.split("/").pop() ?? raw.source, imported: "*" }],
        line,
      });
    } else if (language.id === "java") {
      const last = raw.source.split(".").pop() ?? raw.source;
      const wildcard = raw.node.text.includes("*");
      out.push({ source: raw.source, bindings: wildcard ? [] : [{ local: last, imported: last }], line });
    } else {
      const typeOnly = loadsNothing(language, raw.node);
      const reexports =
        ecmascript && raw.sourceNode
          ? reexportsAt(raw.sourceNode)
          : language.id === "python" && !typeOnly
            ? pythonReexports(raw.node, raw.bindings)
            : [];
      out.push({
        source: raw.source,
        bindings: raw.bindings,
        line,
        ...(reexports.length > 0 ? { reexports } : {}),
        ...(typeOnly ? { typeOnly: true } : {}),
      });
    }
  }
  if (ecmascript) addExportedBindings(root, out);
  return out;
}

/** An import that never runs: under Python's `if TYPE_CHECKING:`, or erased as TypeScript types only. */
function loadsNothing(language: LoadedLanguage, node: Node): boolean {
  if (language.id === "python") return underTypeChecking(node);
  return (language.id === "typescript" || language.id === "tsx") && typeOnlyImport(node);
}

function buildCalls(
  captures: RawCaptures,
  spans: readonly Span[],
  symbols: readonly ParsedSymbol[],
  tree: Node,
  typed: boolean,
): ParsedCall[] {
  const root = typed ? tree : null;
  let bindings: ReturnType<typeof collectBindings> | null = null;
  const callers = spans.filter(
    (s) => s.symbol !== null && !containerKinds.has(symbols[s.symbol]?.kind ?? "class"),
  );
  const functions = new Set(symbols.filter((s) => s.kind === "function").map((s) => s.name));
  for (const i of captures.imports) for (const b of i.bindings) functions.add(b.local);
  const sites = captures.calls.map((c) => ({ start: c.node.startIndex, end: c.node.endIndex }));
  const from = innermostCallers(callers, sites);
  const out: ParsedCall[] = [];
  captures.calls.forEach((call, i) => {
    if (rebindsItself(call.node)) return;
    let name = calleeName(functionReferenced(call.node, (n) => functions.has(n)) ?? call.text);
    if (!name) return;
    let { receiver } = splitCallee(name);
    if (root && receiver === "") {
      bindings ??= collectBindings(root);
      const alias = aliasAt(bindings, name, call.node);
      if (alias) ({ receiver } = splitCallee((name = alias)));
    }
    let receiverType: string | null = null;
    if (root && ((/^[\w$]+$/.test(receiver) && !selfNames.has(receiver)) || selfField.test(receiver))) {
      bindings ??= collectBindings(root);
      receiverType = receiverTypeAt(bindings, receiver, call.node);
    }
    out.push({
      from: from[i] ?? null,
      calleeName: name,
      line: call.node.startPosition.row + 1,
      ...(receiverType ? { receiverType } : {}),
      ...(from[i] == null && scriptGuarded(call.node) ? { scriptOnly: true } : {}),
    });
  });
  for (const read of propertyReads(captures.reads, callers)) out.push(read);
  const imported = captures.imports.flatMap((i) => i.bindings.map((b) => b.local));
  const names = valueNames(symbols, imported, getterNames(captures.definitions.map((d) => d.node)));
  for (const value of functionValues(
    captures.values,
    callers,
    names,
    () => (bindings ??= collectBindings(tree)),
  ))
    out.push(value);
  return out;
}
