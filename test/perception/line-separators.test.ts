// U+2028/U+2029 end a line for JavaScript's `.` and `$`, not for a terminal: a pytest summary line
// that ended in one made the summary regexes backtrack over the whole line (seconds per line).
import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { diagnose } from "../../src/perception/diagnose.ts";
import { normaliseLine } from "../../src/perception/normalise-line.ts";

const header = "============================= test session starts ==============================";
const summary = "=========================== short test summary info ============================";
const footer = "========================= 2 failed in 0.10s =========================";

async function timedDiagnose(line: string) {
  const log = [header, summary, line, line, footer].join("\n");
  const start = performance.now();
  const result = await diagnose(log, {});
  return { ms: performance.now() - start, failures: result.failures.length };
}

describe("line separators in log lines", () => {
  it("reads U+2028 and U+2029 as spaces", () => {
    expect(normaliseLine("FAILED a.py::t - boom\u2028more\u2029")).toBe("FAILED a.py::t - boom more ");
  });

  it("A45: a pytest summary line ending in U+2028 parses in time linear in its length", async () => {
    const body = "FAILED a" + " -".repeat(30_000);
    const ordinary = await timedDiagnose(`${body} x`);
    const crafted = await timedDiagnose(`${body}\u2028`);
    expect(crafted.failures).toBe(ordinary.failures);
    expect(crafted.ms).toBeLessThan(Math.max(20 * ordinary.ms, 1000));
  });
});
