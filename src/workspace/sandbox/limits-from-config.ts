// The per-command sandbox limits a run gets from the repository's `sandbox.*` keys, so `xihe fix`,
// the App's fix run and `xihe sandbox` bound commands the same way.
import { defaultSandboxLimits, type SandboxLimits } from "./sandbox-limits.ts";

export interface SandboxLimitKeys {
  command_timeout_seconds: number;
  memory_mb: number;
  max_pids: number;
}

export function limitsFromConfig(keys: SandboxLimitKeys): SandboxLimits {
  return {
    ...defaultSandboxLimits,
    timeoutMs: keys.command_timeout_seconds * 1000,
    memoryMb: keys.memory_mb,
    maxPids: keys.max_pids,
  };
}
