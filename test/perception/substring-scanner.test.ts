// The one-pass substring scanner must agree with `includes` on every word and line: a miss would
// silently skip a parser (markers) or a run signal.
import { describe, expect, it } from "vitest";
import { createSubstringScanner } from "../../src/perception/substring-scanner.ts";

describe("createSubstringScanner", () => {
  it("finds overlapping words, words inside words, and non-ASCII words", () => {
    const words = ["he", "she", "his", "hers", "⎯", "  ● ", " TS", " error TS"];
    const scanner = createSubstringScanner(words, (w) => w === "hers" || w === " TS");
    const lines = ["ushers", "x", "a.ts(1,2): error TS2322: no", "⎯⎯ Failed", "  ● suite › test", "his"];
    const result = scanner.scan(lines, 1);
    expect([...result.present]).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(result.lines).toEqual([2]); // "hers" is on line 0, before `from`
    expect([...scanner.scan(["xyz 123"], 0).present]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("numbers lines right across the blocks it joins them in", () => {
    const lines = Array.from({ length: 10_000 }, (_, i) =>
      [4095, 4096, 8192, 9999].includes(i) ? `line ${i}: ECONNRESET` : `line ${i}`,
    );
    const scanner = createSubstringScanner(["ECONNRESET"], () => true);
    expect(scanner.scan(lines, 4096).lines).toEqual([4096, 8192, 9999]);
  });

  it("refuses words it cannot find (empty, or spanning lines)", () => {
    expect(() => createSubstringScanner(["a\nb"])).toThrow(/newline/);
    expect(() => createSubstringScanner([""])).toThrow(/non-empty/);
  });

  it("treats an empty word list as matching nothing", () => {
    expect(createSubstringScanner([]).scan(["anything"], 0)).toEqual({
      present: new Uint8Array(0),
      lines: [],
    });
  });
});
