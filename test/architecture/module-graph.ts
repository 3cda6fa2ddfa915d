// The module graph of src/ read from the import specifiers themselves (TypeScript's parser, so
// specifiers inside strings and comments are not edges), and a cycle finder over any graph.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

export interface ModuleEdge {
  to: string;
  /** `import type` / `export type`: erased at runtime, so it cannot change load order. */
  typeOnly: boolean;
}

export type ModuleGraph = Map<string, ModuleEdge[]>;

const CODE = /\.(ts|mts|mjs|js)$/;

export function listSourceFiles(root: string, dir = "src"): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...listSourceFiles(root, path));
    else if (CODE.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(path);
  }
  return out.sort();
}

/** Relative specifiers of one file, with whether each is type-only. */
export function importsOf(fileName: string, text: string): { spec: string; typeOnly: boolean }[] {
  return specifiersOf(fileName, text).filter((f) => f.spec.startsWith("./") || f.spec.startsWith("../"));
}

/**
 * Every module specifier of one file: static, dynamic and type imports, re-exports, and
 * `require.resolve("pkg/...")` / `import.meta.resolve("../src/cli.ts")` (a module located rather than
 * imported: bin/ hands the CLI's URL to the loader that imports it).
 */
export function specifiersOf(fileName: string, text: string): { spec: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: { spec: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allNamedTypes =
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly) &&
        clause?.name === undefined;
      found.push({ spec: node.moduleSpecifier.text, typeOnly: Boolean(clause?.isTypeOnly) || allNamedTypes });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ spec: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ spec: node.arguments[0].text, typeOnly: false });
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ["require.resolve", "import.meta.resolve"].includes(node.expression.getText(source)) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ spec: node.arguments[0].text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) found.push({ spec: literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every file of src/ with the src/ files it imports (repository-relative, `/`-separated). */
export function buildModuleGraph(root: string): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const file of listSourceFiles(root)) {
    const edges: ModuleEdge[] = [];
    for (const { spec, typeOnly } of importsOf(file, readFileSync(join(root, file), "utf8"))) {
      const target = relative(root, resolve(root, dirname(file), spec))
        .split(sep)
        .join("/");
      if (!existsSync(join(root, target))) throw new Error(`${file} imports ${spec}, which does not exist`);
      edges.push({ to: target, typeOnly });
    }
    graph.set(file, edges);
  }
  return graph;
}

/**
 * Strongly connected components with more than one module (or a module importing itself): each is
 * a cycle. Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
 */
export function findCycles(graph: ModuleGraph, { includeTypeOnly = false } = {}): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  const targets = (n: string) =>
    (graph.get(n) ?? []).filter((e) => includeTypeOnly || !e.typeOnly).map((e) => e.to);

  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; children: string[]; i: number }[] = [];
    const open = (node: string) => {
      index.set(node, next);
      low.set(node, next);
      next++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, children: targets(node), i: 0 });
    };
    open(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.i < frame.children.length) {
        const child = frame.children[frame.i++]!;
        if (!index.has(child)) open(child);
        else if (onStack.has(child)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfLoop = component.length === 1 && targets(frame.node).includes(frame.node);
      if (component.length > 1 || selfLoop) cycles.push(component.sort());
    }
  }
  return cycles;
}

/**
 * Files a module loads by URL rather than by import: `new URL("../../typescript-worker-boot.mjs",
 * import.meta.url)` for a worker's boot file or a launcher script read at run time.
 */
export function urlReferencesOf(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "URL" &&
      node.arguments?.length === 2 &&
      ts.isStringLiteral(node.arguments[0]!) &&
      node.arguments[1]!.getText(source) === "import.meta.url"
    )
      found.push((node.arguments[0] as ts.StringLiteral).text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((spec) => spec.startsWith("./") || spec.startsWith("../"));
}

/**
 * The src/ modules reachable from the given entry files (repository-relative), following static
 * and dynamic imports (type-only ones too: a module of types is used by whoever names them) and
 * files loaded by URL (worker boot files).
 */
export function reachableFrom(root: string, entries: readonly string[], graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const edgesOf = (file: string): string[] => {
    const text = readFileSync(join(root, file), "utf8");
    const specs = [
      ...(graph.has(file) ? [] : importsOf(file, text).map((i) => i.spec)),
      ...urlReferencesOf(file, text),
    ];
    const fromSpecs = specs.map((spec) =>
      relative(root, resolve(root, dirname(file), spec))
        .split(sep)
        .join("/"),
    );
    return [
      ...(graph.get(file) ?? []).map((e) => e.to),
      ...fromSpecs.filter((t) => existsSync(join(root, t))),
    ];
  };
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !CODE.test(file)) continue;
    seen.add(file);
    queue.push(...edgesOf(file));
  }
  return seen;
}
