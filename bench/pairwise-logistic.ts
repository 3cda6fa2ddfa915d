// Pairwise logistic regression for learn-ask-weights.ts: weights w that make w·(answer − other) large
// for every (answer, other) pair, with an L2 penalty. Full-batch gradient descent run until the
// gradient vanishes rather than for a fixed number of epochs: stopped early, the fit kept the mark of
// its starting point, and when that start was the committed weights (chosen by reading every seen
// repository) a leave-one-repository-out fold inherited what was chosen with the left-out repository.

export interface FitOptions {
  l2: number;
  /** Stop when the gradient's norm falls below this. */
  tolerance?: number;
  maxEpochs?: number;
  rate?: number;
}

export interface Fit {
  weights: number[];
  epochs: number;
  converged: boolean;
}

/** Fits w on the differences answer − other (one row per pair), starting from zero. */
export function fitPairwise(diffs: readonly (readonly number[])[], dims: number, o: FitOptions): Fit {
  const tolerance = o.tolerance ?? 1e-6;
  const maxEpochs = o.maxEpochs ?? 20_000;
  const rate = o.rate ?? 0.5;
  const w = new Array<number>(dims).fill(0);
  if (diffs.length === 0) return { weights: w, epochs: 0, converged: true };
  for (let epoch = 1; epoch <= maxEpochs; epoch++) {
    const grad = w.map((v) => o.l2 * v);
    for (const d of diffs) {
      let margin = 0;
      for (let k = 0; k < dims; k++) margin += (w[k] ?? 0) * (d[k] ?? 0);
      const p = 1 / (1 + Math.exp(margin));
      for (let k = 0; k < dims; k++) grad[k] = (grad[k] ?? 0) - (p * (d[k] ?? 0)) / diffs.length;
    }
    if (Math.hypot(...grad) < tolerance) return { weights: w, epochs: epoch, converged: true };
    for (let k = 0; k < dims; k++) w[k] = (w[k] ?? 0) - rate * (grad[k] ?? 0);
  }
  return { weights: w, epochs: maxEpochs, converged: false };
}
