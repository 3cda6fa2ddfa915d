import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { localize, type SuspectLocation } from "../../../src/understanding/localize/localize.ts";
import { createModelRerank } from "../../../src/understanding/localize/rerank-with-model.ts";
import { createFailingJsRepo, type FailingRepo } from "../failing-repos.ts";

const made: FailingRepo[] = [];
const track = (repo: FailingRepo): FailingRepo => (made.push(repo), repo);
afterAll(() => made.forEach((repo) => repo.remove()));

describe("createModelRerank", () => {
  let repo: FailingRepo;
  let ranked: SuspectLocation[];
  let readLines: (p: string) => string[];
  beforeAll(async () => {
    repo = track(await createFailingJsRepo());
    const index = await buildIndex(repo.dir, { cache: null });
    readLines = (p) => readFileSync(join(repo.dir, p), "utf8").split("\n");
    const { failures } = await diagnose(repo.log, { repoRoot: repo.dir });
    ranked = localize({ index, failures, logText: repo.log, readLines });
  });

  it("puts the candidates in the order the model names, keeping the ones it left out after them", async () => {
    const prompts: string[] = [];
    const rerank = createModelRerank(async (_system, user) => {
      prompts.push(user);
      return "Most likely: [2, 1]";
    }, readLines);
    const out = await rerank("cart total is 8.5, expected 8", ranked);
    expect(prompts[0]).toContain("Candidate 1:\n// src/cart.js:");
    expect(out.map((r) => r.symbol)).toEqual([
      ranked[1]!.symbol,
      ranked[0]!.symbol,
      ...ranked.slice(2).map((r) => r.symbol),
    ]);
    expect(out[0]!.why.at(-1)).toBe(`model_rerank: placed 1 of ${Math.min(10, ranked.length)}`);
  });

  it("keeps the structural order when the reply has no usable ranking", async () => {
    for (const reply of ["I think the cart.", "[99, 0]", "[1, 2"]) {
      const out = await createModelRerank(async () => reply, readLines)("failure", ranked);
      expect(out.map((r) => r.symbol)).toEqual(ranked.map((r) => r.symbol));
    }
  });
});
