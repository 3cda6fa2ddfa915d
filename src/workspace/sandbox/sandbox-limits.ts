// Resolved per-command limits and the prlimit(1) prefix that applies the ones rlimits can enforce.
// Memory and process counts are enforced by the cgroup when there is one: RLIMIT_NPROC does not
// bind uid 0, and RLIMIT_AS breaks runtimes that reserve large virtual ranges (V8, the JVM).
import type { SandboxRunOptions } from "./sandbox.ts";

export interface SandboxLimits {
  timeoutMs: number;
  memoryMb: number;
  maxPids: number;
  maxOutputBytes: number;
  fileSizeMb: number;
}

export const defaultSandboxLimits: SandboxLimits = {
  timeoutMs: 600_000,
  memoryMb: 2048,
  maxPids: 512,
  maxOutputBytes: 512 * 1024,
  fileSizeMb: 1024,
};

export function resolveLimits(
  options: SandboxRunOptions,
  defaults: SandboxLimits = defaultSandboxLimits,
): SandboxLimits {
  return {
    timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
    memoryMb: options.memoryMb ?? defaults.memoryMb,
    maxPids: options.maxPids ?? defaults.maxPids,
    maxOutputBytes: options.maxOutputBytes ?? defaults.maxOutputBytes,
    fileSizeMb: defaults.fileSizeMb,
  };
}

export function prlimitPrefix(
  prlimitPath: string | null,
  limits: SandboxLimits,
  hasCgroup: boolean,
): string[] {
  if (prlimitPath === null) return [];
  const cpuSeconds = Math.max(1, Math.ceil(limits.timeoutMs / 1000));
  const prefix = [
    prlimitPath,
    `--cpu=${cpuSeconds}`,
    `--fsize=${limits.fileSizeMb * 1024 * 1024}`,
    "--core=0",
  ];
  if (!hasCgroup) prefix.push(`--nproc=${limits.maxPids}`, `--as=${limits.memoryMb * 1024 * 1024}`);
  return [...prefix, "--"];
}
