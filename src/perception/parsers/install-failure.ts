// The one shape every package manager's own error takes: an install failure with no place in the
// code, reported under the tool name "npm" (the package-manager family, as the corpus names them).
import type { Failure } from "../failure.ts";

export function installFailure(message: string, rule: string | null): Failure {
  return {
    tool: "npm",
    kind: "install",
    file: null,
    line: null,
    column: null,
    test: null,
    message,
    rule,
    frames: [],
  };
}
