// Crashes inside test runners, recorded from the real tools (scripts/fixtures/perception-crash.sh):
// each is reported under the runner (not `node` or the process), at the test file and line where the
// process died when the dump shows it, and scored like the corpus.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { crashFixtureCases } from "./crash-fixture-cases.ts";
import { perceptionFixtures as fixtures } from "./js-fixture-cases.ts";
import { runDiagnoseJson } from "./run-diagnose-json.ts";
import { expectedCase, scoreCase } from "./score-extraction.ts";

async function diagnoseCase(id: string) {
  const expected = expectedCase.parse(JSON.parse(readFileSync(join(fixtures, id, "expected.json"), "utf8")));
  const { output } = await runDiagnoseJson(join(fixtures, id, "log.txt"));
  return { expected, output, score: scoreCase(expected, output.failures) };
}

describe("diagnose on crashes inside real test runners", () => {
  it.each(crashFixtureCases)("%s: the crash is found at its place, under its runner, once", async (id) => {
    const { expected, score } = await diagnoseCase(id);
    expect({ matched: score.matched, extracted: score.extracted }).toEqual({
      matched: expected.failures.length,
      extracted: expected.failures.length,
    });
    expect(score.testsMatched).toBe(score.testsExpected);
    expect(score.messagesMatched).toBe(score.messagesExpected);
    expect({ tool: score.predictedTool, kind: score.kindOk }).toEqual({ tool: expected.tool, kind: true });
  });

  it("a pytest segfault dumped by faulthandler is pytest's crash in the test that was running", async () => {
    const { output } = await diagnoseCase("pytest-segfault-verbose");
    expect(output.failures).toEqual([
      expect.objectContaining({
        tool: "pytest",
        kind: "crash",
        file: "tests/test_buffer.py",
        line: 9,
        test: "test_reads_raw_pointer",
      }),
    ]);
  });

  it("a jest worker killed at the V8 heap limit is jest's crash in the suite it ran, not node's", async () => {
    const { output } = await diagnoseCase("jest-worker-heap-oom");
    expect(output.failures).toEqual([
      expect.objectContaining({ tool: "jest", kind: "crash", file: "test/cache.test.js" }),
    ]);
  });

  it("go vet's checks failing inside go test are go test's build failure, not go vet's lint", async () => {
    const { output } = await diagnoseCase("go-test-vet-printf");
    expect(output.failures).toEqual([
      expect.objectContaining({ tool: "go test", kind: "build", file: "report/report_test.go", line: 11 }),
    ]);
  });

  it("an ava run that outlived --timeout names the pending test and its file", async () => {
    const { output } = await diagnoseCase("ava-timeout");
    expect(output.failures).toEqual([
      expect.objectContaining({
        tool: "ava",
        kind: "timeout",
        file: "test/fetch.test.js",
        test: "fetch › waits for the reply",
      }),
    ]);
  });

  it("an ava worker stuck loading a test file is a timeout in that file, with no test named", async () => {
    const { output } = await diagnoseCase("ava-failed-to-exit");
    expect(output.failures).toEqual([
      expect.objectContaining({
        tool: "ava",
        kind: "timeout",
        file: "test/parse.test.js",
        line: null,
        test: null,
      }),
    ]);
  });
});
