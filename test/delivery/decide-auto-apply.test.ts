// Every condition of `fix.auto_apply_low_risk`, each alone failing, names itself as the reason.
import { describe, expect, it } from "vitest";
import { decideAutoApply, type AutoApplyFacts } from "../../src/delivery/decide-auto-apply.ts";

const lowRisk: NonNullable<AutoApplyFacts["change"]> = {
  files: [{ path: "src/sum.js", added: 1, removed: 1 }],
  riskScore: 0,
  riskLevel: "low",
  riskReasons: [],
  testWeakening: [],
};
const facts = (over: Partial<AutoApplyFacts> = {}): AutoApplyFacts => ({
  enabled: true,
  isFork: false,
  heldStep: null,
  verified: true,
  change: lowRisk,
  ...over,
});

describe("decideAutoApply", () => {
  it("is silent when the key is off, whatever the change", () => {
    expect(decideAutoApply(facts({ enabled: false }))).toBeNull();
  });

  it("applies a verified low-risk same-repo change with nothing held, and says every reason", () => {
    const d = decideAutoApply(facts());
    expect(d).toMatchObject({ apply: true });
    expect(d?.apply && d.because).toContain("risk is low (score 0)");
    expect(d?.apply && d.because).toContain("no test weakening was flagged");
  });

  it.each([
    ["a fork PR", { isFork: true }, "comes from a fork"],
    ["a held change", { heldStep: "exec:3" }, "a change (exec:3) is held for a person's approval"],
    ["a failed verification", { verified: false }, "the verification did not pass"],
    ["no change", { change: null }, "the fix changed no file"],
    [
      "test weakening",
      {
        change: {
          ...lowRisk,
          testWeakening: [{ path: "test/sum.test.js", kind: "removed_assertion", detail: "assert removed" }],
        },
      },
      "test weakening was flagged (removed_assertion in test/sum.test.js)",
    ],
    [
      "high risk",
      {
        change: {
          ...lowRisk,
          riskScore: 85,
          riskLevel: "high" as const,
          riskReasons: [
            "touches 240 lines: too large for one atomic step",
            "changes configuration package.json",
          ],
        },
      },
      "the change's risk is high (score 85: touches 240 lines: too large for one atomic step; changes configuration package.json), not low",
    ],
  ])("keeps %s on the side branch with the reason", (_name, over: Partial<AutoApplyFacts>, why) => {
    const d = decideAutoApply(facts(over));
    expect(d).toMatchObject({ apply: false });
    expect(d?.apply === false && d.why).toContain(why);
  });
});
