// Adapts the workspace command policy to the tools' CommandCheck, bound to one repository's root and
// configured commands.
import { checkCommand } from "../workspace/command-policy.ts";
import type { CommandCheck } from "./define-tool.ts";

export function bindCommandPolicy(
  root: string,
  configured: readonly string[],
): (line: string) => CommandCheck {
  return (line) => {
    const decision = checkCommand(line, { root, configured });
    return decision.allowed ? { ok: true, argv: decision.argv } : { ok: false, reason: decision.reason };
  };
}
