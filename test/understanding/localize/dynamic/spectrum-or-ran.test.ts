// The rule `xihe locate --run` and the offline re-score (bench/locate-dynamic-rerank.ts) share: when a
// spectrum is added, and when only "it ran" is evidence. Real-sandbox runs of it are in
// lab-runner.test.ts (flat beside a failed passing batch) and unknown-runner.test.ts.
import { describe, expect, it } from "vitest";
import { ranOnlyEvidence } from "../../../../src/understanding/localize/dynamic/spectrum-or-ran.ts";
import {
  spectrumSignal,
  type Execution,
} from "../../../../src/understanding/localize/dynamic/spectrum-signal.ts";
import { fn, ran } from "./support/spectrum-fixtures.ts";

const symbols = [fn("entry", 1, 5), fn("helper", 6, 9), fn("other", 10, 13)];
const decide = (executions: Execution[], runnerKnown = true) =>
  ranOnlyEvidence(spectrumSignal(executions, symbols), executions, runnerKnown, []);

describe("ranOnlyEvidence", () => {
  it("keeps the static order when one failing run alone scores everything it ran the same", () => {
    // A suite that fails while loading: one failing execution, nothing passing.
    const evidence = decide([ran(true, [2, 7])]);
    expect(evidence?.label).toBe("spectrum flat, static order kept: no passing run to compare with");
    expect([...(evidence?.ran ?? [])].sort()).toEqual(["src/a.js#entry", "src/a.js#helper"]);
  });

  it("keeps it when everything the failing run reached also ran in a passing one (flat below 1)", () => {
    const evidence = decide([ran(true, [2, 7]), ran(false, [2, 7]), ran(false, [11])]);
    expect(evidence?.label).toBe(
      "spectrum flat, static order kept: every function it ran scored the same in the spectrum",
    );
  });

  it("adds the spectrum when all scored 1 beside passing runs that reached none of them", () => {
    expect(decide([ran(true, [2, 7]), ran(false, [11])])).toBeNull();
  });

  it("adds the spectrum when the scores differ", () => {
    expect(decide([ran(true, [2, 7]), ran(false, [2])])).toBeNull();
    // Two failing executions with nothing passing still order what ran (one ran in both).
    expect(decide([ran(true, [2, 7]), ran(true, [2])])).toBeNull();
  });

  it("keeps the static order for an unknown runner's failing run alone, whatever the scores", () => {
    const evidence = decide([ran(true, [2, 7]), ran(true, [2])], false);
    expect(evidence?.label).toBe("runner unknown: whole command");
  });
});
