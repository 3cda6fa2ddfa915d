// Runs one phase (install/test/lint/build/format) in the sandbox: the command lines are parsed to
// argv (never a shell), run in order, and the phase stops at the first failing step. No phase gets the
// host's network: the install phase reaches registries only through the proxy that `wrap` puts in
// front of each step (run-install-phase.ts).
import { XiheError } from "../../errors.ts";
import { parseCommandLine } from "../parse-command-line.ts";
import type { Sandbox, SandboxResult, SandboxRunOptions } from "../sandbox/sandbox.ts";

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
  wrap: (argv: string[]) => string[] = (argv) => argv,
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
    const result = await sandbox.run(wrap(argv), { ...options, network: "none" });
    steps.push({ argv, result });
    if (result.exitCode !== 0) return { phase, ok: false, steps };
  }
  return { phase, ok: true, steps };
}
