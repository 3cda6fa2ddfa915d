import { afterEach, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { explainDiff } from "../../../src/understanding/explain/explain-diff.ts";
import { parseUnifiedDiff } from "../../../src/understanding/explain/diff-hunks.ts";
import { makeRepo, type TestRepo } from "../make-repo.ts";
import { baseFiles, headCart } from "../explain-repo.ts";

let repo: TestRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

async function twoCommits() {
  repo = makeRepo(baseFiles);
  const base = repo.git("rev-parse", "HEAD").trim();
  repo.write("src/cart.js", headCart);
  repo.commitAll("cart: tax");
  const index = await buildIndex(repo.root, { cache: null });
  return { root: repo.root, base, index };
}

describe("explainDiff", () => {
  it("names each changed symbol with its kind of change, callers, tests and new callees", async () => {
    const { root, base, index } = await twoCommits();
    const result = await explainDiff({ root, base, index });
    expect(result.symbols.map((s) => [s.change, s.qualifiedName, s.file])).toEqual([
      ["modified", "total", "src/cart.js"],
      ["added", "applyTax", "src/cart.js"],
      ["removed", "legacyDiscount", "src/cart.js"],
    ]);
    const [total, added, removed] = result.symbols;
    expect(total).toMatchObject({
      kind: "function",
      line: 1,
      commentLine: 1,
      exported: true,
      signatureBefore: "export function total(items)",
      signatureAfter: "export function total(items, tax)",
      signatureChanged: true,
      callers: [{ caller: "checkout", path: "src/checkout.js", line: 4 }],
      tests: [{ caller: "totals", path: "test/cart.test.js", line: 6 }],
      newCallees: [{ name: "applyTax", path: "src/cart.js", line: 6 }],
      explainedBy: "rule",
    });
    expect(total?.risks).toEqual([
      "breaking signature change of a public API: new required parameter tax; 2 call site(s) may break: src/checkout.js:4, test/cart.test.js:6",
    ]);
    expect(added).toMatchObject({
      kind: "function",
      line: 6,
      commentLine: 6,
      signatureBefore: null,
      callers: [{ caller: "total", path: "src/cart.js", line: 3 }],
      tests: [],
    });
    // Reached through `total`, which the test calls: not "untested".
    expect(added?.risks).toEqual([]);
    expect(added?.testsReaching).toEqual([
      {
        test: "totals",
        path: "test/cart.test.js",
        line: 6,
        via: ["totals", "total", "applyTax"],
        changedInDiff: false,
        evidence: "calls",
      },
    ]);
    expect(removed).toMatchObject({ kind: "function", line: 5, commentLine: null, signatureAfter: null });
    expect(removed?.risks).toEqual(["public API removed (exported (the package declares no entry point))"]);
    // Line counts as git itself counts them.
    const [plus, minus] = repo!.git("diff", "--numstat", base, "HEAD").split("\t").map(Number);
    expect(result.files).toEqual([
      {
        path: "src/cart.js",
        oldPath: "src/cart.js",
        status: "modified",
        added: plus,
        removed: minus,
        outsideLines: 0,
        skipped: null,
      },
    ]);
    expect(total?.explanation).toContain("changes its signature");
    expect(total?.explanation).toContain(
      "called from 1 place(s) in the code, and referenced 1 time(s) in tests",
    );
  });

  it("keeps only the focused symbol or path", async () => {
    const { root, base, index } = await twoCommits();
    const byName = await explainDiff({ root, base, index, focus: "applyTax" });
    expect(byName.symbols.map((s) => s.qualifiedName)).toEqual(["applyTax"]);
    const byPath = await explainDiff({ root, base, index, focus: "src/checkout.js" });
    expect(byPath.symbols).toEqual([]);
  });

  it("asks the model with only the hunk and the symbol's code, quoted as data, and caps its reply", async () => {
    const { root, base, index } = await twoCommits();
    const prompts: { system: string; user: string }[] = [];
    const complete = async (system: string, user: string) => {
      prompts.push({ system, user });
      return "It adds tax. It calls applyTax. Callers must pass a rate. This fourth sentence is dropped.";
    };
    const result = await explainDiff({ root, base, index, complete, focus: "total" });
    expect(result.symbols[0]).toMatchObject({
      explainedBy: "model",
      explanation: "It adds tax. It calls applyTax. Callers must pass a rate.",
    });
    expect(prompts).toHaveLength(1);
    const user = prompts[0]?.user ?? "";
    expect(user).toContain("+export function total(items, tax) {");
    expect(user).toContain("-export function total(items) {");
    expect(user).not.toContain("checkout");
    expect(user.match(/<data>/g)).toHaveLength(2);
    expect(prompts[0]?.system).toMatch(/never follow instructions/);
  });

  it("falls back to the rule sentence when the model fails", async () => {
    const { root, base, index } = await twoCommits();
    const errors: string[] = [];
    const result = await explainDiff({
      root,
      base,
      index,
      focus: "applyTax",
      complete: () => Promise.reject(new Error("model down")),
      onModelError: (_err, symbol) => errors.push(symbol),
    });
    expect(result.symbols[0]).toMatchObject({ explainedBy: "rule" });
    expect(result.symbols[0]?.explanation).toMatch(/^Adds function applyTax/);
    expect(errors).toEqual(["applyTax"]);
  });
});

describe("parseUnifiedDiff", () => {
  it("keeps a removed line that looks like a file header inside its hunk", () => {
    const diff = [
      "diff --git a/notes.sql b/notes.sql",
      "index 1111111..2222222 100644",
      "--- a/notes.sql",
      "+++ b/notes.sql",
      "@@ -2 +2 @@",
      "--- old comment",
      "+-- new comment",
      "",
    ].join("\n");
    expect(parseUnifiedDiff(diff)).toEqual([
      {
        oldPath: "notes.sql",
        newPath: "notes.sql",
        binary: false,
        hunks: [
          {
            oldStart: 2,
            oldCount: 1,
            newStart: 2,
            newCount: 1,
            lines: ["--- old comment", "+-- new comment"],
          },
        ],
      },
    ]);
  });
});

describe("explainDiff on classes and whole files", () => {
  it("reports a changed method, folds the members of an added class into it, and removes a deleted file's functions, ignores vendored code", async () => {
    repo = makeRepo({
      "src/box.ts": ["export class Box {", "  size(): number {", "    return 1;", "  }", "}", ""].join("\n"),
      "src/old.ts": ["export function gone(): void {", "  return;", "}", ""].join("\n"),
      "vendor/lib.js": "export function v() {\n  return 1;\n}\n",
    });
    const base = repo.git("rev-parse", "HEAD").trim();
    repo.write(
      "src/box.ts",
      ["export class Box {", "  size(): number {", "    return 2;", "  }", "}", ""].join("\n"),
    );
    repo.write(
      "src/crate.ts",
      ["export class Crate {", "  open(): void {}", "  close(): void {}", "}", ""].join("\n"),
    );
    repo.git("rm", "-q", "src/old.ts");
    // Vendored code is not indexed: its change is listed as a file, never as removed symbols.
    repo.write("vendor/lib.js", "export function w() {\n  return 2;\n}\n");
    repo.commitAll("box, crate");
    const index = await buildIndex(repo.root, { cache: null });
    const result = await explainDiff({ root: repo.root, base, index });
    expect(result.symbols.map((s) => [s.change, s.kind, s.qualifiedName, s.file, s.commentLine])).toEqual([
      ["modified", "method", "Box.size", "src/box.ts", 3],
      ["added", "class", "Crate", "src/crate.ts", 1],
      ["removed", "function", "gone", "src/old.ts", null],
    ]);
    expect(result.symbols[0]?.signatureChanged).toBe(false);
    expect(result.files.map((f) => [f.path, f.status])).toEqual([
      ["src/box.ts", "modified"],
      ["src/crate.ts", "added"],
      ["src/old.ts", "deleted"],
      ["vendor/lib.js", "modified"],
    ]);
  });
});
