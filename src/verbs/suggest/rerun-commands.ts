// Re-verification's sandbox half: install the new head's dependencies and re-run the commands that
// failed before, exactly as a fix run's verification does (same sandbox choice, install phase and
// command runner). No model, no change to the checkout.
import type { RepoConfig } from "../../config.ts";
import { runChecks } from "../../agent/loop/run-checks.ts";
import { installDependencies } from "../../runs/install-dependencies.ts";
import { chooseDependencyCacheDir } from "../../workspace/install/dependency-cache-dir.ts";
import { sandboxChooser, type FixInWorkspaceDeps } from "../fix/fix-in-workspace.ts";
import type { Env } from "../../config.ts";

export interface RerunResult {
  installed: boolean;
  reason: string;
  commands: { command: string; exitCode: number | null; passed: boolean }[];
}

export async function rerunCommands(
  deps: FixInWorkspaceDeps,
  req: {
    runId: string;
    root: string;
    config: RepoConfig;
    env: Env;
    readOnlyDirs: readonly string[];
    commands: readonly string[];
    redact: (t: string) => string;
  },
): Promise<RerunResult> {
  const request = {
    ...req,
    commands: [...req.commands],
    useModel: false,
    source: "github" as const,
    trustLocal: false,
  };
  const sandboxWith = sandboxChooser(deps, request);
  const install = await installDependencies(
    {
      sandboxWith,
      hostEnv: deps.hostEnv,
      log: deps.log,
      cache: chooseDependencyCacheDir(req.env.XIHE_WORK_DIR, req.root, deps.hostEnv),
    },
    req.config,
  );
  if (install.status === "failed" || install.status === "refused")
    return { installed: false, reason: `install failed (${install.code}): ${install.reason}`, commands: [] };
  const runs = await runChecks(
    { sandbox: sandboxWith([]), timeoutMs: () => req.config.sandbox.command_timeout_seconds * 1000 },
    req.commands,
  );
  return {
    installed: true,
    reason: install.reason,
    commands: runs.map((r) => ({
      command: r.command,
      exitCode: r.exitCode,
      passed: r.exitCode === 0 && !r.timedOut,
    })),
  };
}
