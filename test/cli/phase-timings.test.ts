import { describe, expect, it } from "vitest";
import { createPhaseTimings, renderTimings } from "../../src/cli/phase-timings.ts";

describe("phase timings", () => {
  it("records each phase on the given clock, in order, even when the phase throws", async () => {
    let clock = 0;
    const timings = createPhaseTimings(() => clock);
    await timings.time("index", async () => {
      clock += 250;
    });
    expect(() =>
      timings.timeSync("ranking", () => {
        clock += 40;
        throw new Error("boom");
      }),
    ).toThrow("boom");
    timings.add("failing run", 1200);
    expect(timings.entries()).toEqual([
      { phase: "index", ms: 250 },
      { phase: "ranking", ms: 40 },
      { phase: "failing run", ms: 1200 },
    ]);
  });

  it("renders one aligned line per phase in seconds", () => {
    expect(
      renderTimings([
        { phase: "index", ms: 250 },
        { phase: "runs with coverage", ms: 1234 },
      ]),
    ).toBe("timings: index              0.25 s\ntimings: runs with coverage 1.23 s\n");
  });
});
