// The install phase: registry config checked first (A28), then the detected install steps in the
// sandbox with network, install scripts off unless the repository config allows them (A26).
import { checkRegistryConfig, defaultRegistryHosts } from "./check-registry-config.ts";
import { detectInstall, type PackageManager } from "./detect-install.ts";
import { runPhase, type PhaseOutcome } from "./run-phase.ts";
import type { Sandbox, SandboxRunOptions } from "./sandbox.ts";

export type InstallOutcome =
  | { status: "skipped"; reason: string }
  | { status: "refused"; code: "untrusted_registry"; reason: string }
  | { status: "ran"; manager: PackageManager | "configured"; outcome: PhaseOutcome };

export interface InstallPhaseOptions {
  allowScripts: boolean;
  /** `commands.install` from the repository config; overrides detection. */
  configured?: readonly string[];
  allowedRegistryHosts?: readonly string[];
  run?: Omit<SandboxRunOptions, "network" | "env">;
}

export async function runInstallPhase(
  sandbox: Sandbox,
  options: InstallPhaseOptions,
): Promise<InstallOutcome> {
  const registry = checkRegistryConfig(sandbox.root, options.allowedRegistryHosts ?? defaultRegistryHosts);
  if (!registry.ok) return { status: "refused", code: registry.code, reason: registry.reason };
  if (options.configured !== undefined && options.configured.length > 0)
    return {
      status: "ran",
      manager: "configured",
      outcome: await runPhase(sandbox, "install", options.configured, options.run),
    };
  const plan = detectInstall(sandbox.root, { allowScripts: options.allowScripts });
  if (plan === null)
    return { status: "skipped", reason: "no lockfile or manifest found; nothing to install" };
  const outcome = await runPhase(sandbox, "install", plan.steps, { ...options.run, env: plan.env });
  return { status: "ran", manager: plan.manager, outcome };
}
