// Acceptance: `xihe diagnose --json` over every case of the shared development corpus.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { expectedCase, scoreCase, sumScores, type CaseScore } from "./score-extraction.ts";
import { runDiagnoseJson } from "./run-diagnose-json.ts";

const corpus = resolve(dirname(fileURLToPath(import.meta.url)), "../../../shared/corpus/perception");
const cases = existsSync(corpus)
  ? readdirSync(corpus).filter((c) => existsSync(join(corpus, c, "expected.json")))
  : [];

describe("perception on the development corpus", () => {
  it("finds the corpus", () => {
    expect(
      cases.length,
      `the shared development corpus must be next to the checkout: nothing at ${corpus}`,
    ).toBeGreaterThan(0);
  });

  it("reaches recall, precision and test-name recall >= 0.98 and names the tool of every case", async () => {
    const scores: (CaseScore & { id: string; exitOk: boolean })[] = [];
    for (const id of cases) {
      const expected = expectedCase.parse(
        JSON.parse(readFileSync(join(corpus, id, "expected.json"), "utf8")),
      );
      const { output, exitCode } = await runDiagnoseJson(join(corpus, id, "log.txt"));
      const exitOk = exitCode === (expected.failures.length > 0 ? 1 : 0);
      scores.push({ id, exitOk, ...scoreCase(expected, output.failures) });
    }
    const total = sumScores(scores);
    const weak = scores
      .filter((s) => s.matched < s.expected || s.matched < s.extracted || !s.exitOk)
      .map((s) => `${s.id} (${s.matched}/${s.expected} matched, ${s.extracted} extracted)`);
    const why = `cases below target: ${weak.join(", ")}`;
    expect(scores.filter((s) => !s.toolOk).map((s) => `${s.id}: ${s.predictedTool}`)).toEqual([]);
    expect(total.recall, why).toBeGreaterThanOrEqual(0.98);
    expect(total.precision, why).toBeGreaterThanOrEqual(0.98);
    expect(total.testRecall, why).toBeGreaterThanOrEqual(0.98);
    expect(scores.filter((s) => !s.exitOk).map((s) => s.id)).toEqual([]);
  });
});
