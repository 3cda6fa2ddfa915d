import { describe, expect, it } from "vitest";
import { renderBenchHtml } from "../../src/bench/render-bench-html.ts";
import { renderBenchComparison } from "../../src/bench/compare-bench.ts";
import { benchRecordWith } from "./bench-record-fixture.ts";

describe("bench reports", () => {
  it("escapes every string from the records and loads nothing from elsewhere", () => {
    const hostile = '<script>alert("x")</script>';
    const html = renderBenchHtml([
      {
        label: `run ${hostile}`,
        records: [
          benchRecordWith({
            taskId: "t-1",
            model: hostile,
            because: `failed: ${hostile}`,
            outcome: "not_solved",
            solved: false,
          }),
        ],
      },
    ]);
    expect(html).not.toContain("<script>");
    expect(html).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;");
    expect(html).not.toMatch(/\b(src|href)=/);
    expect(html.match(/<svg /g)).toHaveLength(3);
  });

  it("draws one solve-rate bar per run, scaled to 100%", () => {
    const html = renderBenchHtml([
      { label: "a", records: [benchRecordWith({ taskId: "x" })] },
      {
        label: "b",
        records: [
          benchRecordWith({ taskId: "x", outcome: "not_solved", solved: false, solvedFirstAttempt: false }),
          benchRecordWith({ taskId: "y" }),
        ],
      },
    ]);
    const solveRate = html.slice(
      html.indexOf('aria-label="solve rate"'),
      html.indexOf('aria-label="cost (USD)"'),
    );
    const widths = [...solveRate.matchAll(/<rect x="120" y="\d+" width="(\d+)"/g)].map((m) => Number(m[1]));
    expect(widths).toEqual([170, 85]);
    expect(solveRate).toContain(">100.0%<");
    expect(solveRate).toContain(">50.0%<");
    expect(html).toContain("<td>a</td>");
  });

  it("compares two runs: totals side by side and the tasks whose result differs", () => {
    const text = renderBenchComparison(
      { label: "gpt", records: [benchRecordWith({ taskId: "x" }), benchRecordWith({ taskId: "y" })] },
      {
        label: "qwen",
        records: [
          benchRecordWith({ taskId: "x", model: "qwen" }),
          benchRecordWith({
            taskId: "y",
            model: "qwen",
            outcome: "not_solved",
            solved: false,
            solvedFirstAttempt: false,
          }),
          benchRecordWith({ taskId: "z", model: "qwen" }),
        ],
      },
    );
    expect(text).toMatch(/^solved\s+2\/2 \(100\.0%\)\s+2\/3 \(66\.7%\)$/m);
    expect(text).toMatch(/^y\s+solved\s+not_solved$/m);
    expect(text).not.toMatch(/^x\s/m);
    expect(text).toContain("only in qwen: z");
  });
});
