// Maps a PR fix run (perception of its checks, the loop's outcome, the delivery) onto the
// delivery layer's FixReport and renders the run comment body.
import type { FixRunOutcome } from "./verify-with-workflows.ts";
import type { FixReport } from "../../delivery/fix-report.ts";
import { renderFixComment } from "../../delivery/render-fix-comment.ts";
import { parseRunContext } from "../../runs/run-context.ts";
import { fixRunContext } from "./fix-run-context.ts";
import type { RunRecord } from "../../store/store.ts";
import type { DeliveryResult } from "./deliver-fix-types.ts";
import type { PrChecksPerception } from "../diagnose/perceive-pr-checks.ts";
import type { InstallEvidence } from "../../workspace/install/run-install-phase.ts";

export interface FixBodyInput {
  run: RunRecord;
  perception: PrChecksPerception;
  outcome: FixRunOutcome | null;
  delivery: DeliveryResult | null;
  change?: FixReport["change"];
}

export function renderFixBody(input: FixBodyInput): string {
  return renderFixComment(toFixReport(input));
}

export function toFixReport({ run, perception, outcome, delivery, change = null }: FixBodyInput): FixReport {
  const verdict = outcome?.verdict ?? null;
  const classification = perception.classification;
  return {
    runId: run.id,
    status: statusOf(outcome, delivery),
    reason:
      delivery?.refused?.message ?? outcome?.reason ?? `${classification.verdict}: ${classification.reason}`,
    question: outcome?.question ?? null,
    pr: { number: run.pr ?? 0, headRef: parseRunContext(run, fixRunContext).headRef, headSha: run.headSha },
    stages: [
      { name: "read failing checks", status: "done", detail: `${perception.jobs.length} failed job(s)` },
      outcome
        ? {
            name: "fix and verify",
            status: outcome.status === "done" ? "done" : "failed",
            detail: outcome.reason,
          }
        : {
            name: "fix and verify",
            status: "skipped",
            detail: `not a code failure (${classification.verdict})`,
          },
      delivery
        ? {
            name: "deliver",
            status: delivery.refused ? "failed" : "done",
            detail: delivery.refused?.code ?? delivery.branch,
          }
        : { name: "deliver", status: "skipped", detail: "nothing verified to deliver" },
    ],
    failures: perception.failures.map((f) => ({
      tool: f.tool,
      kind: f.kind,
      file: f.file,
      line: f.line,
      test: f.test,
      message: f.message,
      classification: classification.verdict,
      classificationReason: classification.reason,
    })),
    change,
    install: installReport(outcome?.install),
    reproduction: outcome?.reproduction ?? null,
    evidence: verdict ? [...verdict.commands, ...verdict.lint] : [],
    workflows: outcome?.workflows,
    testsFixed: verdict?.testsFixed ?? [],
    testsBroken: verdict?.testsBroken ?? [],
    diffCheckOk: verdict ? verdict.diffCheck.ok : null,
    cost: {
      inputTokens: outcome?.spend.inputTokens ?? 0,
      outputTokens: outcome?.spend.outputTokens ?? 0,
      costUsd: outcome?.spend.costUsd ?? 0,
      elapsedMs: outcome?.spend.elapsedMs ?? 0,
      modelCalls: outcome?.spend.modelCalls ?? 0,
    },
    trace: outcome?.trace ?? [],
    commits: delivery?.commits.length
      ? delivery.commits
      : (outcome?.commits.map((c) => ({ sha: c.sha, summary: c.summary })) ?? []),
    delivery: deliveryOf(delivery),
    autoApply: delivery?.autoApply ?? null,
    suggestions: delivery?.suggestions ?? null,
  };
}

/** The install evidence as the comment shows it (shared with the diagnosis comment). */
export function installReport(install: InstallEvidence | null | undefined): FixReport["install"] {
  if (!install) return null;
  return {
    status: install.status,
    manager: install.manager,
    reason: install.reason,
    steps: install.steps.map(({ command, exitCode, durationMs }) => ({ command, exitCode, durationMs })),
    allowed: install.proxy.allowed,
    blocked: install.proxy.blocked,
    errorTail: install.errorTail,
  };
}

function statusOf(outcome: FixRunOutcome | null, delivery: DeliveryResult | null): FixReport["status"] {
  if (delivery?.refused) return "refused";
  if (!outcome) return "not_fixed";
  if (outcome.status === "done") return "fixed";
  return outcome.status === "needs_input" ? "needs_input" : "not_fixed";
}

function deliveryOf(d: DeliveryResult | null): FixReport["delivery"] {
  if (!d || d.refused || d.pushedSha === null) return null;
  if (d.fixPr)
    return { kind: "pull_request", sideBranch: d.branch, number: d.fixPr.number, url: d.fixPr.url };
  if (d.compareUrl)
    return {
      kind: "compare",
      sideBranch: d.branch,
      compareUrl: d.compareUrl,
      patch: { text: d.patch ?? "", truncated: false },
    };
  return { kind: "side_branch", sideBranch: d.branch };
}
