import { describe, expect, it } from "vitest";
import { buildContextBrief, defaultBriefShares } from "../../../src/understanding/localize/context-brief.ts";
import type { CodeExcerpt } from "../../../src/understanding/ask/summarise-function.ts";

const countTokens = (text: string) => text.length; // one token per character keeps the arithmetic visible

function excerpt(symbol: string, startLine: number, bodyLines: number): CodeExcerpt {
  const lines = [
    `function ${symbol}(a, b) {`,
    ...Array.from({ length: bodyLines }, (_, i) => `  step${i}(a, b);`),
    "}",
  ];
  return { file: "src/x.js", symbol, startLine, endLine: startLine + lines.length - 1, lines };
}

const base = {
  system: "You fix code.",
  overview: null,
  goal: "Make the failing test pass.",
  relations: [],
  retrieval: [],
  history: [],
  countTokens,
};

describe("buildContextBrief", () => {
  it("uses the default shares of 5/10/45/25/15 percent", () => {
    const brief = buildContextBrief({ ...base, totalTokens: 1000, currentCode: [] });
    const budgets = Object.fromEntries(brief.sections.map((s) => [s.name, s.budget]));
    expect(defaultBriefShares).toEqual({
      system: 0.05,
      goal: 0.1,
      currentCode: 0.45,
      retrieval: 0.25,
      history: 0.15,
    });
    expect(budgets["system"]).toBe(50);
    expect(budgets["goal"]).toBe(100);
    expect(budgets["history"]).toBe(150);
  });

  it("keeps a function whole when it fits and never cuts one mid-body", () => {
    const small = excerpt("small", 1, 3);
    const brief = buildContextBrief({ ...base, totalTokens: 2000, currentCode: [small] });
    const code = brief.sections.find((s) => s.name === "currentCode")!;
    expect(code.text).toContain("function small(a, b) {");
    expect(code.text).toContain("     5| }");
  });

  it("summarises a long function as signature, head and tail with the gap marked", () => {
    const long = excerpt("long", 10, 60);
    const brief = buildContextBrief({ ...base, totalTokens: 2400, currentCode: [long] });
    const code = brief.sections.find((s) => s.name === "currentCode")!;
    expect(code.text).toContain("(summarised)");
    expect(code.text).toContain("    10| function long(a, b) {");
    expect(code.text).toMatch(/\.\.\. 50 lines omitted \(18-67\) \.\.\./);
    expect(code.text).toContain("    71| }");
    expect(code.tokens).toBeLessThanOrEqual(code.budget);
  });

  it("omits a function that does not fit even summarised, and says which", () => {
    const brief = buildContextBrief({ ...base, totalTokens: 300, currentCode: [excerpt("huge", 1, 200)] });
    const code = brief.sections.find((s) => s.name === "currentCode")!;
    expect(code.text).toBe("");
    expect(code.omitted).toEqual(["src/x.js:1-202"]);
  });

  it("honours configured shares and keeps the newest history first when space runs out", () => {
    const history = [
      "attempt 1: " + "x".repeat(80),
      "attempt 2: " + "y".repeat(80),
      "attempt 3: tests still fail",
    ];
    const brief = buildContextBrief({
      ...base,
      totalTokens: 1000,
      shares: { history: 0.2, currentCode: 0.4 },
      currentCode: [],
      history,
    });
    const section = brief.sections.find((s) => s.name === "history")!;
    expect(section.text).toContain("attempt 3: tests still fail");
    expect(section.tokens).toBeLessThanOrEqual(section.budget);
  });
});
