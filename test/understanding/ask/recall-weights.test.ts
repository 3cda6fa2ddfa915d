// Recall's weights are parameters the weight search (bench/tune-ask-weights.ts) can change, and the
// features it reports are the ones its score is made of: on a small repository indexed with real
// tree-sitter, the bench's offline ranking is recall's own.
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import {
  recallWeights,
  scoreOf,
  type RecallFeatures,
} from "../../../src/understanding/ask/recall-weights.ts";
import type { CodeSymbol } from "../../../src/understanding/index/code-index.ts";
import { useIndexedRepo } from "./indexed-repo.ts";
import { ttlCacheRepo } from "./ttl-cache-repo.ts";

const indexOf = useIndexedRepo();

const question = "how is the time to live left for a cached key computed?";

describe("ask recall: weights and features", () => {
  it("scores every candidate it reports with scoreOf over the reported features", async () => {
    const { index, readLines } = await indexOf(ttlCacheRepo);
    const reported = new Map<CodeSymbol, RecallFeatures>();
    const ranked = recall(index, readLines, question, {
      limit: 100,
      onFeatures: (symbol, features) => reported.set(symbol, features),
    });
    expect(ranked.length).toBeGreaterThan(1);
    for (const r of ranked) {
      const features = reported.get(r.symbol);
      expect(features).toBeDefined();
      if (features) expect(r.score).toBeCloseTo(scoreOf(features, recallWeights), 9);
    }
    const test = [...reported].find(([s]) => s.file === "tests/test_ttl.py")?.[1];
    expect(test).toMatchObject({ test: true, aboutTests: false });
  });

  it("ranks with the weights it is given instead of the committed ones", async () => {
    const { index, readLines } = await indexOf(ttlCacheRepo);
    const scoreOfTest = (r: ReturnType<typeof recall>) =>
      r.find((x) => x.symbol.file === "tests/test_ttl.py")?.score ?? 0;
    const damped = scoreOfTest(recall(index, readLines, question, { limit: 100 }));
    const undamped = scoreOfTest(
      recall(index, readLines, question, { limit: 100, weights: { testDamping: 1 } }),
    );
    expect(damped).toBeGreaterThan(0);
    expect(undamped).toBeCloseTo(damped / recallWeights.testDamping, 9);
  });
});
