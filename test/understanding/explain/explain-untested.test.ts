// "No test reaches it" is said only when the static walk followed every use: a function picked from
// a table at run time, or a method whose name other classes share, is "not found statically", with
// why; a function nothing uses is untested; test code is never flagged. Real git, real tree-sitter.
import { afterEach, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { explainDiff } from "../../../src/understanding/explain/explain-diff.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

let repo: TestRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

const money = (factor: string) =>
  lines(
    "function floorCents(v) {",
    `  return Math.floor(v * ${factor}) / ${factor};`,
    "}",
    "function roundCents(v) {",
    `  return Math.round(v * ${factor}) / ${factor};`,
    "}",
    "function unused(v) {",
    `  return v * ${factor};`,
    "}",
    "class Euro {",
    "  format(v) {",
    `    return v * ${factor};`,
    "  }",
    "}",
    "class Dollar {",
    "  format(v) {",
    "    return v;",
    "  }",
    "}",
    "const rounders = { down: floorCents, nearest: roundCents };",
    "function price(v, mode, currency) {",
    "  return currency.format(rounders[mode](v));",
    "}",
    "module.exports = { price, Euro, Dollar };",
  );

describe("explain: untested only when the walk knows", () => {
  it("says 'not found statically' with the reason for dynamic uses, 'no test reaches it' otherwise", async () => {
    repo = makeRepo({
      "package.json": '{ "name": "money", "main": "index.js" }\n',
      "index.js": money("100"),
      "test/price.test.js": lines(
        "const { test } = require('node:test');",
        "const { price } = require('..');",
        "test('prices', () => price(1, 'down', { format: (v) => v }));",
      ),
    });
    const base = repo.git("rev-parse", "HEAD").trim();
    repo.write("index.js", money("1000"));
    repo.write(
      "test/price.test.js",
      lines(
        "const { test } = require('node:test');",
        "const { price } = require('..');",
        "test('prices', () => price(1, 'nearest', { format: (v) => v }));",
      ),
    );
    repo.commitAll("change");
    const index = await buildIndex(repo.root, { cache: null });
    const result = await explainDiff({ root: repo.root, base, index });
    const risk = (name: string) =>
      result.symbols.find((s) => s.qualifiedName === name)?.risks.find((r) => r.startsWith("no test"));
    expect(risk("roundCents")).toBe(
      "no test found statically (it is passed as a value and called where it is passed; run with --coverage to know)",
    );
    expect(risk("Euro.format")).toBe(
      "no test found statically (it is reached through a method call on an object of unknown type; run with --coverage to know)",
    );
    expect(risk("unused")).toBe("no test reaches it (through up to 6 calls)");
    expect(result.symbols.find((s) => s.qualifiedName === "unused")?.reachGaps).toEqual([]);
    const testBlock = result.symbols.find((s) => s.file === "test/price.test.js");
    expect(testBlock?.isTest).toBe(true);
    expect(testBlock?.risks.some((r) => r.startsWith("no test"))).toBe(false);
  });
});
