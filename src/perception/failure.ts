// The failure record: what perception extracts from a CI log and what every later stage consumes.
export type FailureKind = "test" | "lint" | "type" | "build" | "install" | "crash" | "timeout";

export interface Frame {
  /** Repository-relative when it could be mapped; otherwise as printed. */
  file: string;
  line: number | null;
  function: string | null;
  /** True for node_modules, site-packages, the standard library, runtime internals. */
  external: boolean;
}

export interface Failure {
  /** e.g. "jest", "pytest", "tsc", "eslint", "go test", "cargo test", "npm". */
  tool: string;
  kind: FailureKind;
  /** Repository-relative, forward slashes; null when the log names no file. */
  file: string | null;
  line: number | null;
  column: number | null;
  /** Full test name in the tool's own form, or null for diagnostics. */
  test: string | null;
  message: string;
  /** Lint rule or compiler error code (e.g. "no-unused-vars", "TS2322", "E501"). */
  rule: string | null;
  frames: Frame[];
}

export type FailureClass = "code" | "transient" | "flaky" | "config";

export interface Classification {
  verdict: FailureClass;
  /** The log line that decided it (empty when the verdict is the default `code`). */
  evidence: string;
  reason: string;
}
