// Risks that mean something, on small real projects: public API by each language's export rules,
// compatible vs breaking signatures, renames, whole multi-line signatures, skipped files listed.
import { afterEach, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { explainDiff } from "../../../src/understanding/explain/explain-diff.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

let repo: TestRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

async function explainChange(
  files: Record<string, string | Buffer>,
  head: Record<string, string | Buffer>,
  workingTree = false,
) {
  repo = makeRepo(files);
  const base = repo.git("rev-parse", "HEAD").trim();
  for (const [path, text] of Object.entries(head)) repo.write(path, text);
  if (!workingTree) repo.commitAll("change");
  const index = await buildIndex(repo.root, { cache: null });
  return explainDiff({ root: repo.root, base, index, head: workingTree ? null : "HEAD" });
}

describe("explain risks", () => {
  it("Python: a private module's function outside __all__ is not public API; a public exception's __init__ is", async () => {
    const parser = (extra: string) =>
      lines(
        "class TOMLDecodeError(ValueError):",
        `    def __init__(self, msg${extra}):`,
        "        super().__init__(msg)",
        "",
        "def _helper(x):",
        "    return x",
        "",
        "def skip_ws(src, pos):",
        `    return pos${extra ? " + 1" : ""}`,
      );
    const result = await explainChange(
      {
        "pyproject.toml": '[project]\nname = "tomlish"\n',
        "src/tomlish/__init__.py": lines(
          "from ._parser import TOMLDecodeError",
          '__all__ = ["TOMLDecodeError"]',
        ),
        "src/tomlish/_parser.py": parser(""),
      },
      { "src/tomlish/_parser.py": parser(", doc, pos") },
    );
    const init = result.symbols.find((s) => s.qualifiedName === "TOMLDecodeError.__init__");
    expect(init?.api.public).toBe(true);
    expect(init?.risks[0]).toBe(
      "breaking signature change of a public API: new required parameter doc; new required parameter pos",
    );
    const skip = result.symbols.find((s) => s.qualifiedName === "skip_ws");
    expect(skip?.api).toEqual({
      public: false,
      reason: "defined in a private module (src/tomlish/_parser.py) and not re-exported by its package",
    });
    expect(skip?.risks.some((r) => r.includes("public"))).toBe(false);
  });

  it("JS: an export not reachable from package.json's main is not public API; one re-exported from it is", async () => {
    const result = await explainChange(
      {
        "package.json": '{ "name": "kit", "main": "dist/index.js" }\n',
        "src/index.ts": lines('export { slug } from "./slug.ts";'),
        "src/slug.ts": lines("export function slug(s: string): string {", "  return s.toLowerCase();", "}"),
        "src/internal.ts": lines("export function trim(s: string): string {", "  return s.trim();", "}"),
      },
      {
        "src/slug.ts": lines(
          "export function slug(s: string, sep = '-'): string {",
          "  return s.toLowerCase().replace(/ /g, sep);",
          "}",
        ),
        "src/internal.ts": lines(
          "export function trim(s: string, all: boolean): string {",
          "  return all ? s.trim() : s;",
          "}",
        ),
      },
    );
    const slug = result.symbols.find((s) => s.qualifiedName === "slug");
    expect(slug?.api).toEqual({
      public: true,
      reason: "exported from the package entry point dist/index.js",
    });
    expect(slug?.signatureChange?.compatibility).toBe("compatible");
    expect(slug?.risks.some((r) => r.includes("signature"))).toBe(false);
    const trim = result.symbols.find((s) => s.qualifiedName === "trim");
    expect(trim?.api.public).toBe(false);
    expect(trim?.risks[0]).toBe("breaking signature change: new required parameter all");
  });

  it("a function declared inside the exported function is local, not public API", async () => {
    const result = await explainChange(
      {
        "package.json": '{ "name": "argy", "main": "index.js" }\n',
        "index.js": lines(
          "module.exports = function parse(args) {",
          "  function isLong(key) {",
          "    return key.length > 1;",
          "  }",
          "  return args.filter(isLong);",
          "};",
        ),
      },
      {
        "index.js": lines(
          "module.exports = function parse(args) {",
          "  function isLong(key) {",
          "    return key.length > 2;",
          "  }",
          "  function isFlag(key) {",
          "    return key.startsWith('-');",
          "  }",
          "  return args.filter(isLong).filter(isFlag);",
          "};",
        ),
      },
    );
    const byName = (n: string) => result.symbols.find((s) => s.qualifiedName.split(".").pop() === n);
    expect(byName("isLong")?.api).toEqual({ public: false, reason: "a local function inside parse" });
    expect(byName("isFlag")?.api.public).toBe(false);
    expect(byName("isFlag")?.risks.some((r) => r.includes("public API"))).toBe(false);
  });

  it("detects a rename and keeps a multi-line signature whole, its comment left out", async () => {
    const body = [
      "    total = 0",
      "    for item in items:",
      "        total += item.price * item.count",
      "    return total",
    ];
    const result = await explainChange(
      {
        "shop/cart.py": lines(
          "def cart_sum(",
          "    items,  # the cart lines",
          "    currency=None,",
          "):",
          ...body,
        ),
      },
      {
        "shop/cart.py": lines(
          "def cart_total(",
          "    items,  # the cart lines",
          "    currency=None,",
          "):",
          ...body,
        ),
      },
    );
    expect(result.symbols.map((s) => [s.change, s.qualifiedName, s.renamedFrom?.qualifiedName])).toEqual([
      ["renamed", "cart_total", "cart_sum"],
    ]);
    expect(result.symbols[0]?.signatureAfter).toBe("def cart_total(items, currency=None)");
    expect(result.symbols[0]?.signatureChanged).toBe(false);
    expect(result.symbols[0]?.explanation).toMatch(/^Renames cart_sum to cart_total/);
  });

  it("lists generated and binary files as not read, with the reason", async () => {
    const result = await explainChange(
      {
        "src/api_pb.js": lines(
          "// Code generated by protoc-gen-js. DO NOT EDIT.",
          "export function a() {}",
          "",
        ),
        "logo.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]),
      },
      {
        "src/api_pb.js": lines(
          "// Code generated by protoc-gen-js. DO NOT EDIT.",
          "export function a() { return 1; }",
        ),
        "logo.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 9, 9, 9, 9]),
      },
    );
    expect(result.files.map((f) => [f.path, f.skipped])).toEqual([
      ["logo.png", "binary"],
      ["src/api_pb.js", "generated"],
    ]);
  });

  it("lists a file change over 5,000 lines as too large, not attributed line by line", async () => {
    const table = (n: number) =>
      lines("export const TABLE = [", ...Array.from({ length: n }, (_, i) => `  ${i},`), "];");
    const result = await explainChange(
      { "src/table.js": table(1), "src/a.js": lines("export function a(x) {", "  return x;", "}") },
      {
        "src/table.js": table(5002),
        "src/a.js": lines("export function a(x) {", "  return x + 1;", "}"),
      },
    );
    expect(result.files.map((f) => [f.path, f.skipped, f.added])).toEqual([
      ["src/a.js", null, 1],
      ["src/table.js", "too_large_diff", 5001],
    ]);
    expect(result.symbols.map((s) => s.qualifiedName)).toEqual(["a"]);
  });

  it("explains uncommitted edits with the working tree as the head", async () => {
    const result = await explainChange(
      { "src/a.js": lines("export function a(x) {", "  return x;", "}") },
      { "src/a.js": lines("export function a(x) {", "  return x + 1;", "}") },
      true,
    );
    expect(result.symbols.map((s) => [s.change, s.qualifiedName])).toEqual([["modified", "a"]]);
  });
});
