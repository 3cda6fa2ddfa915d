import { describe, expect, it } from "vitest";
import { innermostCallers } from "../../../src/understanding/index/innermost-caller.ts";

describe("innermostCallers", () => {
  const spans = [
    { start: 0, end: 100, symbol: 0 },
    { start: 10, end: 40, symbol: 1 },
    { start: 10, end: 40, symbol: 2 },
    { start: 50, end: 60, symbol: 3 },
    { start: 200, end: 300, symbol: 4 },
  ];

  it("takes the narrowest span holding the site's start, the first given of one range", () => {
    const sites = [
      { start: 55, end: 58 },
      { start: 12, end: 14 },
      { start: 45, end: 46 },
      { start: 150, end: 151 },
      { start: 40, end: 41 },
    ];
    expect(innermostCallers(spans, sites)).toEqual([3, 1, 0, null, 0]);
  });

  it("does not take the site's own span (a test block's call) but the one around it", () => {
    expect(
      innermostCallers(spans, [
        { start: 50, end: 60 },
        { start: 200, end: 300 },
      ]),
    ).toEqual([0, null]);
  });

  it("sweeps a file of many nested spans and sites in time linear in their number", () => {
    const n = 50_000;
    const many = Array.from({ length: n }, (_, i) => ({ start: i, end: 2 * n - i, symbol: i }));
    const sites = Array.from({ length: n }, (_, i) => ({ start: n + i, end: n + i + 1 }));
    const started = performance.now();
    const out = innermostCallers(many, sites);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(out[0]).toBe(n - 1);
    expect(out[n - 1]).toBe(0);
  });
});
