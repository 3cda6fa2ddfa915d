// Whether a verified fix may go to the PR branch without a person's `/xihe apply`
// (`fix.auto_apply_low_risk`). Every condition must hold; the first one that does not is the reason
// the comment gives. The lease on the PR head is checked later, at push time (applyFix).
import type { FixReport } from "./fix-report.ts";

export interface AutoApplyFacts {
  /** `fix.auto_apply_low_risk` from the base branch's config. */
  enabled: boolean;
  isFork: boolean;
  /** The exec step holding a high-risk change for approval, if any. */
  heldStep: string | null;
  /** The verifier's verdict on the fix: every failing command passes now. */
  verified: boolean;
  change: FixReport["change"];
}

export type AutoApplyDecision = { apply: true; because: string } | { apply: false; why: string };

/** null when the key is off: the run behaves as if auto-apply did not exist. */
export function decideAutoApply(facts: AutoApplyFacts): AutoApplyDecision | null {
  if (!facts.enabled) return null;
  const no = (why: string): AutoApplyDecision => ({ apply: false, why });
  if (facts.isFork)
    return no("this pull request comes from a fork, and Xihe never pushes to a fork on its own");
  if (facts.heldStep !== null) return no(`a change (${facts.heldStep}) is held for a person's approval`);
  if (!facts.verified) return no("the verification did not pass");
  const change = facts.change;
  if (change === null) return no("the fix changed no file");
  if (change.testWeakening.length > 0)
    return no(
      `test weakening was flagged (${change.testWeakening.map((w) => `${w.kind} in ${w.path}`).join(", ")})`,
    );
  if (change.riskLevel !== "low")
    return no(
      `the change's risk is ${change.riskLevel} (score ${change.riskScore}${
        change.riskReasons.length > 0 ? `: ${change.riskReasons.join("; ")}` : ""
      }), not low`,
    );
  return {
    apply: true,
    because: `fix.auto_apply_low_risk is on, the change's risk is low (score ${change.riskScore}), no test weakening was flagged, the pull request is not from a fork, nothing is held for approval and the verification passed`,
  };
}
