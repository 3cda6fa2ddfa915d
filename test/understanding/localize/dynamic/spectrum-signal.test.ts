import { describe, expect, it } from "vitest";
import type { CodeSymbol } from "../../../../src/understanding/index/code-index.ts";
import { relocateRanges } from "../../../../src/understanding/localize/dynamic/relocate-ranges.ts";
import {
  executionsFromJson,
  executionsToJson,
} from "../../../../src/understanding/localize/dynamic/executions-json.ts";
import {
  spectrumSignal,
  suspiciousness,
  type Execution,
} from "../../../../src/understanding/localize/dynamic/spectrum-signal.ts";
import { fn, ran } from "./support/spectrum-fixtures.ts";

// entry (1-5) runs in every test; helper (6-9) only in the failing ones; shared (10-13) in both
// failing tests and one of four passing tests.
const symbols = [fn("entry", 1, 5), fn("helper", 6, 9), fn("shared", 10, 13)];
const executions = [
  ran(true, [2, 3, 7, 8, 11]),
  ran(true, [2, 7, 11]),
  ran(false, [2, 3], 3),
  ran(false, [2, 11]),
];

describe("spectrumSignal", () => {
  it.each(["ochiai", "dstar"] as const)(
    "%s ranks what only the failing tests ran above shared code",
    (formula) => {
      const scores = spectrumSignal(executions, symbols, formula);
      const strength = (name: string) => scores.get(`src/a.js#${name}`)?.strength ?? 0;
      expect(strength("helper")).toBe(1);
      expect(strength("helper")).toBeGreaterThan(strength("shared"));
      expect(strength("shared")).toBeGreaterThan(strength("entry"));
      expect(scores.get("src/a.js#entry")?.detail).toMatch(
        new RegExp(`^${formula} .*: ran in 2/2 failing and 4/4 passing`),
      );
    },
  );

  it("dstar punishes passing executions harder than ochiai, both scaled into [0, 1]", () => {
    expect(suspiciousness("ochiai", 2, 0, 2)).toBe(1);
    expect(suspiciousness("dstar", 2, 0, 2)).toBe(1);
    expect(suspiciousness("dstar", 2, 4, 2)).toBeLessThan(suspiciousness("ochiai", 2, 4, 2));
    expect(suspiciousness("dstar", 1, 0, 2)).toBeLessThan(suspiciousness("dstar", 2, 0, 2));
  });
});

describe("executions JSON", () => {
  it("round-trips what the runs executed", () => {
    const back = executionsFromJson(executionsToJson(executions));
    expect(back).toHaveLength(4);
    expect(back[2]).toMatchObject({ failed: false, tests: 3 });
    expect([...back[0]!.coverage.get("src/a.js")!.lines]).toEqual([2, 3, 7, 8, 11]);
    expect(spectrumSignal(back, symbols)).toEqual(spectrumSignal(executions, symbols));
  });

  it("rejects a file that is not a saved run, naming the field", () => {
    expect(() => executionsFromJson('{"executions":[{"failed":"yes"}]}')).toThrow(/failed/);
  });
});

describe("accessors in transformed modules", () => {
  it("counts a getter V8 names `get href` as the indexed symbol `href`", () => {
    const href = { ...fn("href", 20, 24), id: "src/a.js#URL.href" } as CodeSymbol;
    const transformed: Execution = {
      failed: true,
      coverage: new Map([["src/a.js", { lines: new Set<number>(), functionNames: new Set(["get href"]) }]]),
    };
    expect(spectrumSignal([transformed], [href]).get("src/a.js#URL.href")?.strength).toBe(1);
  });

  it("moves a getter's ranges back onto its source when its body was copied verbatim", () => {
    const source = "class URL {\n  get href() {\n    return this.x;\n  }\n}\n";
    const body = "get href() {\n    return this.x;\n  }";
    const generated = `// header added by a transform\n${body}`;
    const at = generated.indexOf(body);
    const ranges = relocateRanges(
      [{ functionName: "get href", ranges: [{ startOffset: at, endOffset: at + body.length, count: 1 }] }],
      source,
      [{ name: "href", startLine: 2, endLine: 4 }],
    );
    expect(ranges).toEqual([
      { startOffset: source.indexOf(body), endOffset: source.indexOf(body) + body.length, count: 1 },
    ]);
  });
});
