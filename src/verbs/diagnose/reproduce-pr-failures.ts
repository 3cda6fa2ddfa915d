// The reproduction half of a diagnosis (`on_failure: diagnose`): the PR head checked out, its
// dependencies installed through the registry proxy, the failing commands run in the sandbox and
// compared with what CI reported. The same install phase, sandbox and comparison as a fix run, so a
// diagnosis says what `/xihe fix` would find; nothing is changed or pushed.
import type { FailureBrief } from "../../agent/loop/check-run.ts";
import { compareReproduction, type Reproduction } from "../../agent/loop/compare-reproduction.ts";
import { perceiveFailures } from "../../agent/loop/perceive-failures.ts";
import type { Env, RepoConfig } from "../../config.ts";
import type { RunTokenSource } from "../../github/mint-run-token.ts";
import type { Logger } from "../../logger.ts";
import { redactText } from "../../redact.ts";
import { installDependencies } from "../../runs/install-dependencies.ts";
import type { RunRecord } from "../../store/store.ts";
import { chooseDependencyCacheDir } from "../../workspace/install/dependency-cache-dir.ts";
import type { InstallEvidence } from "../../workspace/install/run-install-phase.ts";
import type { WorkspaceFactory } from "../../workspace/workspace-factory.ts";
import { declaredDependencies } from "../fix/declared-dependencies.ts";
import { fixCommands, sandboxChooser } from "../fix/fix-in-workspace.ts";
import { prepareRunWorkspace } from "../prepare-run-workspace.ts";
import { notePrLocalConfig } from "../read-trusted-config.ts";

export interface ReproduceDeps {
  env: Env;
  /** The environment Xihe was started with: the host's package-manager config for installs. */
  hostEnv: Readonly<Record<string, string | undefined>>;
  runTokens: RunTokenSource;
  workspaces: WorkspaceFactory;
  now: () => Date;
  newId: () => string;
}

/** What the sandbox showed; `skipped` says why it could not be asked (no checkout, no commands). */
export type SandboxEvidence =
  | { install: InstallEvidence; reproduction: Reproduction | null; skipped: null }
  | { install: InstallEvidence | null; reproduction: null; skipped: string };

export async function reproducePrFailures(
  deps: ReproduceDeps,
  input: {
    run: RunRecord;
    config: RepoConfig;
    policyHash: string;
    ciFailures: FailureBrief[];
    log: Logger;
    signal: AbortSignal;
  },
): Promise<SandboxEvidence> {
  const prepared = await prepareRunWorkspace(deps, input.run);
  if ("error" in prepared) return { install: null, reproduction: null, skipped: prepared.error };
  const { workspace, token } = prepared;
  try {
    notePrLocalConfig(input.log, workspace.dir, input.policyHash);
    const sandboxWith = sandboxChooser(
      { hostEnv: deps.hostEnv, now: deps.now, newId: () => `${input.run.id}-${deps.newId()}` },
      {
        runId: input.run.id,
        root: workspace.dir,
        config: input.config,
        env: deps.env,
        source: "github",
        trustLocal: false,
        readOnlyDirs: workspace.readOnlyDirs,
        redact: (t) => redactText(t, [token]),
      },
    );
    const install = await installDependencies(
      {
        sandboxWith,
        hostEnv: deps.hostEnv,
        log: input.log,
        cache: chooseDependencyCacheDir(deps.env.XIHE_WORK_DIR, workspace.dir, deps.hostEnv),
      },
      input.config,
    );
    if (install.status === "failed" || install.status === "refused")
      return { install, reproduction: null, skipped: "the dependencies did not install" };
    const { commands } = fixCommands(workspace.dir, input.config);
    if (commands.length === 0)
      return {
        install,
        reproduction: null,
        skipped: "no test or lint command is configured (commands.test, commands.lint) or detected",
      };
    const timeoutMs = input.config.sandbox.command_timeout_seconds * 1000;
    const sandboxRun = await perceiveFailures(
      { sandbox: sandboxWith([]), timeoutMs: () => timeoutMs, signal: input.signal },
      commands,
    );
    const reproduction = compareReproduction(
      input.ciFailures,
      sandboxRun,
      declaredDependencies(workspace.dir),
    );
    return { install, reproduction, skipped: null };
  } finally {
    await workspace.dispose();
  }
}
