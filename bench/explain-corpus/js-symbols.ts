// Functions, methods, classes and top-level variables of a JS/TS file, read with the TypeScript
// compiler's parser (not the tree-sitter index the explain verb uses), for the explain bench's
// ground truth. `fnEnd` is where the function's body ends (a character offset): V8 and istanbul
// coverage name a function by its range, and the end is the same in both.
import ts from "typescript";

export interface TruthSymbol {
  file: string;
  name: string;
  qualifiedName: string;
  kind: "function" | "method" | "class" | "variable";
  /** 1-based lines. */
  start: number;
  end: number;
  parent: string | null;
  topLevel: boolean;
  /** The function node's end offset, when the symbol is (or is bound to) a function. */
  fnEnd?: number;
  /** Where that function's own text starts (what `Function.prototype.toString` returns). */
  fnStart?: number;
  fnEndLine?: number;
}

export function jsSymbols(file: string, text: string): TruthSymbol[] {
  const kind = file.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const out: TruthSymbol[] = [];
  const line = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const add = (
    node: ts.Node,
    name: string,
    k: TruthSymbol["kind"],
    parent: string | null,
    topLevel: boolean,
    fn?: ts.Node,
  ) => {
    const qualifiedName = parent ? `${parent}.${name}` : name;
    out.push({
      file,
      name,
      qualifiedName,
      kind: k,
      start: line(node.getStart(source)),
      end: line(node.end),
      parent,
      topLevel,
      ...(fn ? { fnEnd: fn.end, fnEndLine: line(fn.end), fnStart: fn.getStart(source) } : {}),
    });
    return qualifiedName;
  };
  const isFn = (n: ts.Node | undefined): n is ts.FunctionExpression | ts.ArrowFunction =>
    !!n && (ts.isFunctionExpression(n) || ts.isArrowFunction(n));

  // `const x = require('./x')` (or `.member` of it) binds an import; it is not a symbol.
  const isRequire = (n: ts.Node | undefined): boolean =>
    !!n &&
    ((ts.isCallExpression(n) && n.expression.getText(source) === "require") ||
      (ts.isPropertyAccessExpression(n) && isRequire(n.expression)));
  const visit = (node: ts.Node, className: string | null, depth: number) => {
    const topLevel = depth === 0;
    if (ts.isFunctionDeclaration(node) && node.name) {
      add(node, node.name.text, "function", null, topLevel, node);
    } else if (ts.isClassDeclaration(node) && node.name) {
      const q = add(node, node.name.text, "class", null, topLevel);
      for (const m of node.members) {
        if ((ts.isMethodDeclaration(m) || ts.isGetAccessor(m) || ts.isSetAccessor(m)) && m.name)
          add(m, m.name.getText(source), "method", q, false, m);
        else if (ts.isConstructorDeclaration(m)) add(m, "constructor", "method", q, false, m);
        else if (ts.isPropertyDeclaration(m) && isFn(m.initializer))
          add(m, m.name.getText(source), "method", q, false, m.initializer);
        ts.forEachChild(m, (c) => visit(c, q, depth + 1));
      }
      return;
    } else if (ts.isVariableStatement(node)) {
      for (const d of node.declarationList.declarations) {
        if (!ts.isIdentifier(d.name)) continue;
        if (isFn(d.initializer)) add(node, d.name.text, "function", null, topLevel, d.initializer);
        else if (topLevel && !isRequire(d.initializer)) add(node, d.name.text, "variable", null, true);
      }
    } else if (
      ts.isExpressionStatement(node) &&
      ts.isBinaryExpression(node.expression) &&
      node.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.expression.left) &&
      isFn(node.expression.right)
    ) {
      // exports.foo = function: named by the property; Foo.prototype.bar = function: a method of
      // Foo; module.exports = function: the module's own export.
      const left = node.expression.left;
      const owner = /^([\w$]+)\.prototype$/.exec(left.expression.getText(source))?.[1];
      if (owner) add(node, left.name.text, "method", owner, false, node.expression.right);
      else {
        const name = left.getText(source) === "module.exports" ? "module.exports" : left.name.text;
        add(node, name, "function", null, topLevel, node.expression.right);
      }
    }
    ts.forEachChild(node, (c) => visit(c, className, depth + 1));
  };
  for (const statement of source.statements) visit(statement, null, 0);
  return out;
}

/** The names a TS entry module exports (through re-exports), by the compiler's checker. */
export function tsEntryExports(entry: string): string[] {
  const program = ts.createProgram([entry], { allowJs: true, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const symbol = source && checker.getSymbolAtLocation(source);
  return symbol ? checker.getExportsOfModule(symbol).map((s) => s.name) : [];
}
