// Decides whose fault a failing run is. Transient and flaky runs are rerun or reported, never "fixed";
// config runs need a person (a secret, a script); only `code` goes to the fixer.
import type { Classification, Failure } from "./failure.ts";
import type { RunSignal } from "./run-signals.ts";

/** The failures a rerun of the same commands on the same commit found (empty = it passed). */
export interface RerunResult {
  failures: readonly Failure[];
}

export interface ClassifyInput {
  failures: readonly Failure[];
  signals: readonly RunSignal[];
  reruns?: readonly RerunResult[] | undefined;
}

const CODE_KINDS = new Set(["test", "lint", "type", "build"]);

export function classifyRun({ failures, signals, reruns = [] }: ClassifyInput): Classification {
  const flaky = findFlaky(failures, reruns);
  if (flaky) return flaky;
  // The package manager's own reports (a missing script) are not the project's code failing.
  const hasCodeFailure = failures.some((f) => CODE_KINDS.has(f.kind) && f.tool !== "npm");
  const infra = signals.find((s) => s.kind === "infra");
  if (infra) return { verdict: "transient", evidence: infra.evidence, reason: infra.reason };
  const network = signals.find((s) => s.kind === "network");
  // A test that itself fails on ECONNREFUSED is the code's business; an install that does is not.
  if (network && !hasCodeFailure)
    return { verdict: "transient", evidence: network.evidence, reason: network.reason };
  const config = signals.find((s) => s.kind === "config");
  if (config && !hasCodeFailure)
    return { verdict: "config", evidence: config.evidence, reason: config.reason };
  const first = failures[0];
  if (!first) return { verdict: "code", evidence: "", reason: "no failure was recognised in the log" };
  const where = first.file ? `${first.file}${first.line ? `:${first.line}` : ""}: ` : "";
  return {
    verdict: "code",
    evidence: `${where}${first.message.split("\n")[0] ?? ""}`.slice(0, 500),
    reason: `${failures.length} ${first.kind} failure(s) reported by ${first.tool}`,
  };
}

function findFlaky(failures: readonly Failure[], reruns: readonly RerunResult[]): Classification | null {
  if (failures.length === 0 || reruns.length === 0) return null;
  for (const [index, rerun] of reruns.entries()) {
    const stillFailing = new Set(rerun.failures.map(identity));
    const passed = failures.filter((f) => !stillFailing.has(identity(f)));
    if (passed.length === failures.length) {
      const name = failures[0]?.test ?? failures[0]?.file ?? "the failing step";
      return {
        verdict: "flaky",
        evidence: `rerun ${index + 1}: ${name} passed`,
        reason: `every failure of the first run passed on rerun ${index + 1} of the same commit`,
      };
    }
  }
  return null;
}

function identity(f: Failure): string {
  return f.test !== null
    ? `${f.tool}\u0000${f.test}`
    : `${f.tool}\u0000${f.file}\u0000${f.line}\u0000${f.rule}`;
}
