// FixReport: everything the run comment of a `/xihe fix` shows, as plain data. The executor maps the
// loop's FixOutcome (src/agent/loop/fix-outcome.ts), perception's failures and the delivery results onto
// it; renderFixComment turns it into Markdown. All strings may be untrusted (PR, log, model text):
// the renderer escapes and caps every one of them, so map values through unchanged.

/**
 * The failure kinds and classes the report shows, declared by delivery (it never imports
 * perception). They equal perception's FailureKind and FailureClass; the verb that maps perception's
 * failures onto a FixReport stops compiling if perception gains a value this report cannot show.
 */
export type ReportedFailureKind = "test" | "lint" | "type" | "build" | "install" | "crash" | "timeout";
export type ReportedFailureClass = "code" | "transient" | "flaky" | "config";

export type FixReportStatus =
  /** Verified green; delivered to a side branch (and a fix PR or compare link). */
  | "fixed"
  /** Ran, but no verified fix (gave up, budget, flaky/transient failures that must not be "fixed"). */
  | "not_fixed"
  /** The run asks the requester a question (`question`). */
  | "needs_input"
  /** Delivery refused to push (workflow_files_not_allowed, secret_in_diff, head_moved, ...). */
  | "refused"
  /** A stage crashed; `stages` says which and why. */
  | "failed";

export interface FixReport {
  runId: string;
  status: FixReportStatus;
  /** One line: why the run ended this way (e.g. the verifier's summary or a refusal message). */
  reason: string;
  question?: string | null;
  /** The pull request; headSha is the commit the fix was computed on. */
  pr: { number: number; headRef: string; headSha: string };
  /** Pipeline stages in order; a missing or failed stage is shown with its reason. */
  stages: { name: string; status: "done" | "skipped" | "failed"; detail?: string }[];
  /** What failed before the fix: perception's failures with their classification. */
  failures: {
    tool: string;
    kind: ReportedFailureKind;
    file: string | null;
    line: number | null;
    test: string | null;
    message: string;
    classification: ReportedFailureClass;
    /** The classifier's reason (e.g. "passed on re-run"). */
    classificationReason?: string;
  }[];
  /** null when nothing was changed. */
  change: {
    files: { path: string; added: number; removed: number }[];
    riskScore: number;
    riskLevel: "low" | "medium" | "high";
    riskReasons: string[];
    /** Test-weakening findings (skip added, assertion removed, ...); any entry flags the change. */
    testWeakening: { path: string; kind: string; detail: string }[];
  } | null;
  /** What the install phase did before anything ran; absent when the run had none to report. */
  install?: {
    status: "skipped" | "installed" | "failed" | "refused";
    manager: string | null;
    reason: string;
    steps: { command: string; exitCode: number | null; durationMs: number }[];
    /** Registry endpoints reached through the proxy, with the number of connections. */
    allowed: { endpoint: string; count: number }[];
    /** Endpoints the proxy refused, as host:port. */
    blocked: string[];
    /** The failed step's last output lines (redacted when captured), so the reader sees why. */
    errorTail?: string | null;
  } | null;
  /**
   * Reproduction before fixing: CI's failures compared with the sandbox's run of the failing commands
   * at the same head; absent when there was no CI evidence to compare (the CLI, runs that stopped first).
   */
  reproduction?: {
    outcome: "reproduced" | "not_reproduced" | "environment" | "sandbox_only";
    reason: string;
    ci: {
      tool: string;
      kind: string;
      file: string | null;
      line: number | null;
      test: string | null;
      reproduced: boolean;
    }[];
    ciTotal: number;
    sandbox: {
      command: string;
      exitCode: number | null;
      timedOut: boolean;
      evidence: string;
      failures: {
        tool: string;
        kind: string;
        file: string | null;
        line: number | null;
        test: string | null;
      }[];
    }[];
  } | null;
  /** Each verification command: exit code on the PR head and on the fix (null: not run). */
  evidence: { command: string; exitBefore: number | null; exitAfter: number | null; passed: boolean }[];
  /**
   * `verify.workflows`: each DolphinScheduler workflow started after the commands passed, with its
   * last instance and state (`error`: it could not be started or followed); absent when none ran.
   */
  workflows?: {
    name: string;
    status: "succeeded" | "failed" | "timeout" | "error";
    instanceId: number | null;
    state: string | null;
    summary: string;
  }[];
  testsFixed: string[];
  testsBroken: string[];
  /** `git diff --check` on the fix; null when not run. */
  diffCheckOk: boolean | null;
  cost: { inputTokens: number; outputTokens: number; costUsd: number; elapsedMs: number; modelCalls: number };
  /** The reasoning trace (src/agent/loop/reasoning-trace.ts TraceEntry records). */
  trace: { step: string; decision: string; evidence: string[]; confidence: number }[];
  /** Commits on the side branch, oldest first. */
  commits: { sha: string; summary: string }[];
  /**
   * `fix.auto_apply_low_risk`: absent or null when the key is off; else whether the fix was pushed to
   * the PR branch (before/after: the PR head's SHAs) and why, or why not.
   */
  autoApply?: { applied: boolean; why: string; before: string | null; after: string | null } | null;
  /** `/xihe suggest`: the review carrying the fix as suggested changes; absent for a fix run. */
  suggestions?: { url: string | null; count: number; leftOut: number } | null;
  /** Where the fix is; null when nothing was pushed. */
  delivery:
    | { kind: "pull_request"; sideBranch: string; number: number; url: string }
    | { kind: "compare"; sideBranch: string; compareUrl: string; patch: { text: string; truncated: boolean } }
    | { kind: "side_branch"; sideBranch: string }
    | null;
}
