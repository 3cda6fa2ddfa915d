// Runs one phase (install/test/lint/build/format) in the sandbox: the command lines are parsed to
// argv (never a shell), run in order, and the phase stops at the first failing step. Only the install
// phase gets network.
import { XiheError } from "../errors.ts";
import { parseCommandLine } from "./parse-command-line.ts";
import type { Sandbox, SandboxResult, SandboxRunOptions } from "./sandbox.ts";

export type PhaseName = "install" | "test" | "lint" | "build" | "format";

export class CommandLineError extends XiheError {
  readonly code = "command_invalid";
}

export interface PhaseStep {
  argv: string[];
  result: SandboxResult;
}

export interface PhaseOutcome {
  phase: PhaseName;
  ok: boolean;
  steps: PhaseStep[];
}

export async function runPhase(
  sandbox: Sandbox,
  phase: PhaseName,
  commands: readonly (string | readonly string[])[],
  options: Omit<SandboxRunOptions, "network"> = {},
): Promise<PhaseOutcome> {
  const argvs = commands.map((command) => {
    if (typeof command !== "string") return [...command];
    const parsed = parseCommandLine(command);
    if (!parsed.ok)
      throw new CommandLineError(`${phase} command ${JSON.stringify(command)}: ${parsed.reason}`);
    return parsed.argv;
  });
  const steps: PhaseStep[] = [];
  for (const argv of argvs) {
    const result = await sandbox.run(argv, { ...options, network: phase === "install" ? "install" : "none" });
    steps.push({ argv, result });
    if (result.exitCode !== 0) return { phase, ok: false, steps };
  }
  return { phase, ok: true, steps };
}
