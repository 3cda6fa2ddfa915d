import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGrammars, type Grammars } from "../../../src/understanding/index/grammars.ts";
import { mutationCandidates } from "../../../src/bench/make/mutation-candidates.ts";
import { applyBreakage, brokenLine } from "../../../src/bench/make/breakage.ts";
import { styleBreakages } from "../../../src/bench/make/style-breakages.ts";
import { orderBreakages } from "../../../src/bench/make/order-breakages.ts";
import { seededRandom } from "../../../src/bench/make/seeded-random.ts";

let grammars: Grammars;
beforeAll(async () => {
  grammars = await createGrammars();
});
afterAll(() => grammars.close());

const js = [
  "const LIMIT = 10;",
  "export function clamp(value, low) {",
  '  if (!Number.isFinite(value)) throw new TypeError("value: " + value);',
  "  return value < low ? low : Math.min(value, LIMIT) - 1;",
  "}",
  "export const isOn = (flag) => flag === true && LIMIT > 0;",
  "",
].join("\n");

describe("mutation candidates", () => {
  it("finds operator, boundary, negation, constant and boolean mutations inside functions only", async () => {
    const found = mutationCandidates(await grammars.load("javascript"), "src/clamp.js", js);
    const described = found.map((b) => `${b.line}:${b.op}:${js.slice(b.start, b.end)}->${b.replacement}`);
    // Module-level code (const LIMIT = 10) is never mutated; string concatenation is not flipped.
    expect(found.some((b) => b.line === 1)).toBe(false);
    expect(described).not.toContain("3:arith-flip:+->-");
    // Off-by-one goes up on even rows (0-based) and down on odd ones, never below 0.
    expect(described).toEqual([
      "3:negation-removed:!Number.isFinite(value)->Number.isFinite(value)",
      "4:boundary:<-><=",
      "4:arith-flip:-->+",
      "4:off-by-one:1->0",
      "6:logic-flip:&&->||",
      "6:eq-flip:===->!==",
      "6:bool-flip:true->false",
      "6:boundary:>->>=",
      "6:off-by-one:0->1",
    ]);
    // Candidates in one function share a scope, so a pack takes one task per function.
    expect(new Set(found.filter((b) => b.line === 3 || b.line === 4).map((b) => b.scope))).toEqual(
      new Set(["src/clamp.js:2"]),
    );
  });

  it("mutates Python too", async () => {
    const py =
      "def total(items):\n    if not items:\n        return 0\n    return sum(items) + 1 if len(items) > 2 else sum(items)\n";
    const found = mutationCandidates(await grammars.load("python"), "shop/cart.py", py);
    const ops = found.map((b) => `${b.op}:${py.slice(b.start, b.end)}->${b.replacement}`);
    expect(ops).toEqual(
      expect.arrayContaining([
        "negation-removed:not items->items",
        "boundary:>->>=",
        "arith-flip:+->-",
        "off-by-one:0->1",
      ]),
    );
  });

  it("applies a breakage as one changed line and reports that line before and after", async () => {
    const [b] = mutationCandidates(
      await grammars.load("javascript"),
      "a.js",
      "function f(a) {\n  return a === 1;\n}\n",
    ).filter((c) => c.op === "eq-flip");
    expect(applyBreakage("function f(a) {\n  return a === 1;\n}\n", b!)).toBe(
      "function f(a) {\n  return a !== 1;\n}\n",
    );
    expect(brokenLine("function f(a) {\n  return a === 1;\n}\n", b!)).toEqual({
      original: "  return a === 1;",
      broken: "  return a !== 1;",
    });
  });
});

describe("style breakages", () => {
  it("offers loose equality, let/var for const, re-indentation and trailing blanks", () => {
    const text = "export function f(a) {\n  const b = a === 1;\n  return b;\n}\n";
    const ops = styleBreakages("src/f.js", text).map(
      (b) => `${b.kind}:${b.op}:${applyBreakage(text, b).split("\n")[1]}`,
    );
    expect(ops).toEqual(
      expect.arrayContaining([
        "lint:loose-equality:  const b = a == 1;",
        "lint:const-to-let:  let b = a === 1;",
        "lint:to-var:  var b = a === 1;",
        "format:reindent:     const b = a === 1;",
        "format:trailing-blanks:  const b = a === 1;   ",
      ]),
    );
  });
});

describe("candidate order", () => {
  it("is the same for the same seed and gives every file its first candidate before any second", async () => {
    const a = mutationCandidates(await grammars.load("javascript"), "a.js", js);
    const b = mutationCandidates(await grammars.load("javascript"), "b.js", js);
    const order = orderBreakages(seededRandom("s"), [...a, ...b]);
    expect(order.map((x) => `${x.file}${x.start}`)).toEqual(
      orderBreakages(seededRandom("s"), [...a, ...b]).map((x) => `${x.file}${x.start}`),
    );
    expect(new Set(order.slice(0, 2).map((x) => x.file))).toEqual(new Set(["a.js", "b.js"]));
    expect(orderBreakages(seededRandom("t"), [...a, ...b]).map((x) => x.start)).not.toEqual(
      order.map((x) => x.start),
    );
  });
});
