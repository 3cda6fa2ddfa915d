import { describe, expect, it } from "vitest";
import { fitPairwise } from "../../bench/pairwise-logistic.ts";

// Rows are answer − other differences. Feature 0 separates most pairs, feature 1 is noise (as often
// for the answer as against it), feature 2 helps only in the rows of one "repository".
const common: number[][] = [
  [1, 0.5, 0],
  [1, -0.5, 0],
  [0.5, 0.3, 0],
  [0.5, -0.3, 0],
  [-0.2, 0, 0],
];
const oneRepository: number[][] = [
  [0, 0, 1],
  [0.1, 0, 0.9],
];

describe("fitPairwise", () => {
  it("converges from zero: the separating feature gets the weight, the noise almost none", () => {
    const fit = fitPairwise(common, 3, { l2: 0.01 });
    expect(fit.converged).toBe(true);
    expect(fit.weights[0]).toBeGreaterThan(1);
    expect(Math.abs(fit.weights[1] ?? 0)).toBeLessThan(0.2 * (fit.weights[0] ?? 0));
    expect(fit.weights[2]).toBe(0);
  });

  it("learns nothing about a feature whose rows were left out, as a leave-one-out fold must", () => {
    const all = fitPairwise([...common, ...oneRepository], 3, { l2: 0.01 });
    const fold = fitPairwise(common, 3, { l2: 0.01 });
    expect(all.weights[2]).toBeGreaterThan(0.5);
    expect(fold.weights[2]).toBe(0);
  });

  it("reports a fit stopped before its gradient vanished", () => {
    expect(fitPairwise(common, 3, { l2: 0.01, maxEpochs: 3 }).converged).toBe(false);
  });
});
