// End to end: `xihe diagnose --json` over every fixture recorded for the non-JavaScript tools
// (scripts/fixtures/perception-native-*.sh), scored like the shared corpus, per tool.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectedCase, scoreCase, sumScores, type CaseScore } from "../score-extraction.ts";
import { runDiagnoseJson } from "../run-diagnose-json.ts";
import { fixtureRoot } from "./parse-fixture.ts";

const NATIVE_PREFIXES = [
  "pytest-inventory",
  "unittest-",
  "mypy-",
  "flake8-",
  "pylint-",
  "cargo-test-",
  "rustc-",
  "go-",
  "shellcheck-",
  "maven-",
  "javac-",
  "generic-",
];
const cases = readdirSync(fixtureRoot).filter(
  (c) => NATIVE_PREFIXES.some((p) => c.startsWith(p)) && existsSync(join(fixtureRoot, c, "expected.json")),
);

describe("diagnose on the native-tool fixtures", () => {
  it("finds every fixture family", () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it("reaches recall, precision and test-name recall >= 0.98 per tool and names every tool", async () => {
    const byTool = new Map<string, (CaseScore & { id: string })[]>();
    for (const id of cases) {
      const expected = expectedCase.parse(
        JSON.parse(readFileSync(join(fixtureRoot, id, "expected.json"), "utf8")),
      );
      const { output, exitCode } = await runDiagnoseJson(join(fixtureRoot, id, "log.txt"));
      expect(exitCode, id).toBe(1);
      const list = byTool.get(expected.tool) ?? [];
      list.push({ id, ...scoreCase(expected, output.failures) });
      byTool.set(expected.tool, list);
    }
    const report = [...byTool].map(([tool, scores]) => ({ tool, ...sumScores(scores) }));
    console.log(
      report
        .map(
          (r) =>
            `${r.tool}: cases ${r.cases} recall ${r.recall.toFixed(3)} precision ${r.precision.toFixed(3)} tests ${r.testRecall.toFixed(3)} tool ${r.toolAccuracy.toFixed(3)} kind ${r.kindAccuracy.toFixed(3)}`,
        )
        .join("\n"),
    );
    const weak = [...byTool.values()]
      .flat()
      .filter((s) => s.matched < s.expected || s.matched < s.extracted || !s.toolOk || !s.kindOk)
      .map((s) => s.id);
    expect(weak).toEqual([]);
    for (const r of report) {
      expect(r.recall, r.tool).toBeGreaterThanOrEqual(0.98);
      expect(r.precision, r.tool).toBeGreaterThanOrEqual(0.98);
      expect(r.testRecall, r.tool).toBeGreaterThanOrEqual(0.98);
      expect(r.toolAccuracy, r.tool).toBe(1);
    }
  });
});
