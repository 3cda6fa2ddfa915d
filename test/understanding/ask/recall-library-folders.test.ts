// Two ways recall misread a library laid out like eemeli/yaml's: its `src/doc/` folder (the Document
// class and its anchors) was ranked as documentation, and Porter's plural cut kept "aliases" in a
// question apart from `Alias` in the code (alias → alia, aliases → alias).
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { lines } from "../make-repo.ts";
import { names, useIndexedRepo } from "./indexed-repo.ts";

const indexOf = useIndexedRepo();

describe("ask recall: folders and word forms of a library", () => {
  it("ranks code in a doc/ folder the library imports as library code, and docs/ scripts below it", async () => {
    const { index, readLines } = await indexOf({
      "src/doc/anchors.ts": lines(
        "/** Find a new anchor name with the given prefix and a one-indexed suffix. */",
        "export function findNewAnchor(prefix: string, exclude: Set<string>) {",
        "  for (let i = 1; true; ++i) {",
        "    const name = `${prefix}${i}`",
        "    if (!exclude.has(name)) return name",
        "  }",
        "}",
      ),
      "src/index.ts": lines(
        "import { findNewAnchor } from './doc/anchors.ts'",
        "export function stringifyDocument(values: unknown[]) {",
        "  const taken = new Set<string>()",
        "  return values.map(() => findNewAnchor('a', taken))",
        "}",
      ),
      "src/events.ts": lines(
        "export function anchorExists(anchors: Set<string>, value: string): boolean {",
        "  return anchors.has(value)",
        "}",
      ),
      "docs/prepare-docs.ts": lines(
        "export function anchorNamesOfHeadings(headings: string[]) {",
        "  return headings.map((h) => `new anchor name ${h.toLowerCase()}`)",
        "}",
      ),
    });
    const ranked = recall(index, readLines, "how is a new anchor name picked so it does not clash?");
    expect(names(ranked)[0]).toBe("findNewAnchor");
    expect(ranked[0]?.why.join("; ")).not.toMatch(/example, benchmark or script/);
    const docs = ranked.find((r) => r.symbol.file === "docs/prepare-docs.ts");
    expect(docs?.why.join("; ")).toMatch(/example, benchmark or script code, ranked below the library/);
  });

  it("matches a question's plural that Porter cuts differently from the code's singular", async () => {
    const { index, readLines } = await indexOf({
      "src/alias.ts": lines(
        "export class Alias {",
        "  source = ''",
        "  toJSON(ctx: { maxAliasCount: number; aliasCount: number }) {",
        "    if (ctx.aliasCount > ctx.maxAliasCount) throw new ReferenceError('Excessive alias count')",
        "    return this.source",
        "  }",
        "}",
      ),
      "src/flatten.ts": lines(
        "// nested items come out one level at a time",
        "export function flattenItems(node: { items: unknown[] }, depth: number): unknown[] {",
        "  return depth > 0 ? node.items.flatMap((i) => flattenItems(i as { items: unknown[] }, depth - 1)) : [node]",
        "}",
      ),
    });
    const ranked = recall(index, readLines, "how does it stop many nested aliases from expanding?");
    const order = names(ranked);
    expect(order).toContain("Alias.toJSON");
    expect(order.indexOf("Alias.toJSON")).toBeLessThan(order.indexOf("flattenItems"));
    expect(ranked.find((r) => r.symbol.qualifiedName === "Alias.toJSON")?.why.join("; ")).toMatch(
      /matches the question's words aliases/,
    );
  });
});
