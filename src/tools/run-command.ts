// Runs one command line in the sandbox, only if the workspace command policy allows it. The output
// the model reads is capped to the tail, where test runners print their summary.
import { z } from "zod";
import { ToolFailure } from "../errors.ts";
import { defineTool } from "./define-tool.ts";

const maxOutputChars = 8000;

const input = z.strictObject({
  command: z
    .string()
    .min(1)
    .max(2000)
    .describe('One command line, e.g. "npm test"; no pipes, redirects or shell syntax'),
  cwd: z
    .string()
    .optional()
    .describe("Directory to run in, relative to the repository root (default the root)"),
});

export const runCommand = defineTool({
  name: "run_command",
  permission: "command",
  idempotent: false,
  input,
  description:
    "Run one of the repository's configured commands (tests, lint, build) or a read-only command in the sandbox, without network.",
  async run({ command, cwd }, { sandbox, checkCommand, commandTimeoutMs, signal }) {
    const check = checkCommand(command);
    if (!check.ok) throw new ToolFailure(`command refused: ${check.reason}`);
    const result = await sandbox.run(check.argv, {
      cwd,
      timeoutMs: commandTimeoutMs,
      network: "none",
      signal,
    });
    const output = `${result.stdout}${result.stderr ? `\n[stderr]\n${result.stderr}` : ""}`;
    const tail =
      output.length > maxOutputChars
        ? `… ${output.length - maxOutputChars} chars cut …\n${output.slice(-maxOutputChars)}`
        : output;
    const status = result.timedOut
      ? "timed out"
      : result.limitHit
        ? `hit the ${result.limitHit} limit`
        : `exit ${result.exitCode ?? result.signal}`;
    return {
      forModel: `$ ${command}\n${status}\n${tail}`,
      summary: `ran ${command}: ${status}`,
      timedOut: result.timedOut,
    };
  },
});
