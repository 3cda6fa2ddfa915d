// One sandboxed pytest run that, when pytest stops with a usage error because its configuration
// needs plugins that are not installed, runs again with those config options overridden
// (pytest-missing-plugins.ts): twice at most, required_plugins first, then addopts. The overrides
// learned are returned, so a caller running several files passes them on and pays the error once.
import type { SandboxResult } from "../../../workspace/sandbox/sandbox.ts";
import { overrideArgs, pluginOptionsRetry, type IniOverrides } from "./pytest-missing-plugins.ts";

export interface PluginRetryRun {
  argv: string[];
  result: SandboxResult;
  /** Every run's time together. */
  durationMs: number;
  overrides: IniOverrides;
  /** What each retry left out. */
  notes: string[];
}

export async function runWithoutMissingPlugins(
  run: (argv: readonly string[], timeoutMs: number) => Promise<SandboxResult>,
  options: {
    isPytest: boolean;
    argv: readonly string[];
    timeoutMs: number;
    root: string;
    readText: (file: string) => string | null;
    overrides?: IniOverrides;
  },
): Promise<PluginRetryRun> {
  let overrides = options.overrides ?? {};
  let argv = [...options.argv, ...overrideArgs(overrides)];
  let result = await run(argv, options.timeoutMs);
  let durationMs = result.durationMs;
  const notes: string[] = [];
  for (let retry = 0; options.isPytest && result.exitCode === 4 && retry < 2; retry++) {
    const output = `${result.stdout}\n${result.stderr}`;
    const next = pluginOptionsRetry(output, options.root, options.readText, overrides);
    if (next === null || options.timeoutMs - durationMs <= 0) break;
    overrides = next.overrides;
    notes.push(next.note);
    argv = [...options.argv, ...overrideArgs(overrides)];
    result = await run(argv, options.timeoutMs - durationMs);
    durationMs += result.durationMs;
  }
  return { argv, result, durationMs, overrides, notes };
}
