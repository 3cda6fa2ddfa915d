import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGrammars, type Grammars } from "../../../src/understanding/index/grammars.ts";
import { languageSpecs, languageOf, type LanguageId } from "../../../src/understanding/index/languages.ts";

const samples: Record<LanguageId, string> = {
  typescript: "export function f(a: number): number { return g(a); }",
  tsx: "export const C = () => <Box />;",
  javascript: "function f() { return g(); }",
  python: "def f():\n    return g()\n",
  go: "package p\nfunc f() { g() }\n",
  rust: "fn f() { g(); }",
  java: "class A { void f() { g(); } }",
};

describe("pinned tree-sitter runtime and grammar bundle", () => {
  let grammars: Grammars;
  beforeAll(async () => {
    grammars = await createGrammars();
  });
  afterAll(() => grammars.close());

  it("pins web-tree-sitter 0.25.10 with @repomix/tree-sitter-wasms 0.1.17", () => {
    const require = createRequire(import.meta.url);
    const version = (packageJson: string) =>
      (JSON.parse(readFileSync(packageJson, "utf8")) as { version: string }).version;
    // web-tree-sitter does not export its package.json; it sits next to the CommonJS entry.
    expect(version(join(dirname(require.resolve("web-tree-sitter")), "package.json"))).toBe("0.25.10");
    expect(version(require.resolve("@repomix/tree-sitter-wasms/package.json"))).toBe("0.1.17");
  });

  it.each(Object.keys(languageSpecs) as LanguageId[])(
    "loads the %s grammar, compiles our query and finds a call",
    async (id) => {
      const lang = await grammars.load(id);
      const tree = lang.parser.parse(samples[id]);
      expect(tree?.rootNode.hasError).toBe(false);
      const captures = tree ? lang.query.captures(tree.rootNode).map((c) => c.name) : [];
      expect(captures).toContain("reference.call");
      tree?.delete();
    },
  );

  it("maps file extensions to languages", () => {
    expect(
      ["a.ts", "a.mts", "b.tsx", "c.cjs", "d.jsx", "e.py", "f.go", "g.rs", "H.java", "README.md", ".env"].map(
        languageOf,
      ),
    ).toEqual([
      "typescript",
      "typescript",
      "tsx",
      "javascript",
      "javascript",
      "python",
      "go",
      "rust",
      "java",
      null,
      null,
    ]);
  });
});
