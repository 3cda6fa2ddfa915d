// The risks of one changed symbol, each a sentence a reviewer can act on: a public API change (by
// the language's export rules), a breaking signature change with the call sites that break, a
// behaviour change (regex, default, condition, raised exception), a security-relevant line, a
// removed name still called, and "no test reaches it" (never for test code itself; only when the
// static walk followed everything, else "no test found statically" with what it could not follow).
import type { ApiVisibility } from "./api-visibility.ts";
import type { ChangedSymbol } from "./changed-symbols.ts";
import type { SignatureChange } from "./signature-compatibility.ts";
import type { SymbolImpact } from "./symbol-impact.ts";
import { maxHops } from "./reach-gaps.ts";

const shownSites = 5;

export function symbolRisks(
  c: ChangedSymbol,
  impact: SymbolImpact,
  facts: {
    api: ApiVisibility;
    signature: SignatureChange | null;
    behaviour: readonly string[];
    security: readonly string[];
    isTest: boolean;
    /** How many test files ran with coverage, when per-test coverage decided the reaching tests. */
    coveredBy?: number | null;
  },
): string[] {
  const out: string[] = [];
  const { api, signature } = facts;
  if (api.public && c.change === "removed") out.push(`public API removed (${api.reason})`);
  if (api.public && c.change === "renamed")
    out.push(`public API renamed from ${c.renamedFrom?.qualifiedName ?? "?"} (${api.reason})`);
  if (signature?.compatibility === "breaking") {
    const total = impact.callerTotal + impact.testTotal;
    const sites = [...impact.callers, ...impact.tests].slice(0, shownSites).map((s) => `${s.path}:${s.line}`);
    const more = total > sites.length ? ` and ${total - sites.length} more` : "";
    out.push(
      `breaking signature change${api.public ? " of a public API" : ""}: ${signature.reasons.join("; ")}` +
        (total > 0 ? `; ${total} call site(s) may break: ${sites.join(", ")}${more}` : ""),
    );
  }
  for (const d of signature?.defaults ?? []) out.push(`behaviour change: ${d}`);
  for (const b of facts.behaviour) out.push(`behaviour change: ${b}`);
  out.push(...facts.security);
  if (c.change === "removed" && impact.stillCalled.length > 0) {
    const at = impact.stillCalled
      .slice(0, shownSites)
      .map((s) => `${s.path}:${s.line}`)
      .join(", ");
    out.push(`removed but its name is still called at ${at}`);
  }
  if (c.change !== "removed" && !facts.isTest && impact.testsReachingTotal === 0)
    out.push(
      typeof facts.coveredBy === "number"
        ? `no test reaches it (none of the ${facts.coveredBy} test file(s) run with coverage executed it)`
        : impact.reachGaps?.length
          ? // The walk met what it cannot follow: say what it knows, not that the code is untested.
            `no test found statically (${(impact.reachGaps ?? []).join("; ")}; run with --coverage to know)`
          : `no test reaches it (through up to ${maxHops} calls)`,
    );
  return out;
}
