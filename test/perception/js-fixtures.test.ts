// Our own real-tool fixtures (scripts/fixtures/perception-js-*.sh), scored like the corpus.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectedCase, scoreCase } from "./score-extraction.ts";
import { runDiagnoseJson } from "./run-diagnose-json.ts";
import { jsFixtureCases, perceptionFixtures as fixtures } from "./js-fixture-cases.ts";

describe("diagnose on real JS tool output", () => {
  it.each(jsFixtureCases)("%s: every failure found at its location, nothing invented", async (id) => {
    const expected = expectedCase.parse(
      JSON.parse(readFileSync(join(fixtures, id, "expected.json"), "utf8")),
    );
    const { output, exitCode } = await runDiagnoseJson(join(fixtures, id, "log.txt"));
    const score = scoreCase(expected, output.failures);
    expect({ matched: score.matched, extracted: score.extracted }).toEqual({
      matched: expected.failures.length,
      extracted: expected.failures.length,
    });
    expect(score.testsMatched).toBe(score.testsExpected);
    expect(score.messagesMatched).toBe(score.messagesExpected);
    if (expected.failures.length > 0)
      expect({ tool: score.toolOk, kind: score.kindOk }).toEqual({ tool: true, kind: true });
    expect(exitCode).toBe(expected.failures.length > 0 ? 1 : 0);
  });
});
