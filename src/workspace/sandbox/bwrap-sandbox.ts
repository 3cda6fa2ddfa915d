// The default runner: bubblewrap around every command, inside a per-run cgroup when the machine has
// one, under prlimit for CPU time and file size, as an unprivileged host uid when Xihe is root
// (sandbox-identity.ts). See bwrap-argv.ts for the isolation itself.
import { buildBwrapArgv } from "./bwrap-argv.ts";
import { handOverWorkspace } from "./hand-over-workspace.ts";
import { createResourceCgroup } from "./resource-cgroup.ts";
import { redactText } from "../../redact.ts";
import { resolveWorkspacePath } from "../resolve-workspace-path.ts";
import { runContained } from "./run-contained.ts";
import type { Sandbox, SandboxResult, SandboxRunOptions } from "./sandbox.ts";
import { buildSandboxEnv } from "./sandbox-env.ts";
import { prlimitPrefix, resolveLimits, type SandboxLimits } from "./sandbox-limits.ts";
import { stageForIdentity } from "./sandbox-identity.ts";
import type { SandboxSupport } from "./sandbox-support.ts";
import type { SandboxToolchains } from "./detect-toolchains.ts";

export interface BwrapSandboxDeps {
  root: string;
  support: SandboxSupport;
  newId: () => string;
  now: () => number;
  /** Scrubs output before it reaches the caller; default: redactText's built-in patterns. */
  redact?: (text: string) => string;
  defaults?: SandboxLimits;
  readOnlyDirs?: readonly string[];
  /** Host toolchains: bound read-only like readOnlyDirs, their bin dirs first on PATH. */
  toolchains?: SandboxToolchains;
}

export function createBwrapSandbox(deps: BwrapSandboxDeps): Sandbox {
  const bwrapPath = deps.support.bwrap;
  if (bwrapPath === null)
    throw new Error("createBwrapSandbox needs a working bwrap (see detectSandboxSupport)");
  const root = resolveWorkspacePath(deps.root, ".");
  return {
    kind: "bwrap",
    root,
    async run(argv: readonly string[], options: SandboxRunOptions = {}): Promise<SandboxResult> {
      const limits = resolveLimits(options, deps.defaults);
      const cwd = resolveWorkspacePath(root, options.cwd ?? ".");
      const pathDirs = deps.toolchains?.pathDirs ?? [];
      const env = buildSandboxEnv(options.env, { home: "/tmp", tmpDir: "/tmp", pathDirs });
      const readOnlyDirs = [...(deps.readOnlyDirs ?? []), ...(deps.toolchains?.dirs ?? [])];
      const identity = deps.support.identity;
      // Files host git and the tools wrote as root since the last command become the sandbox user's.
      if (identity !== null) handOverWorkspace(root, identity);
      const parents = deps.support.cgroupParents;
      const cgroup = parents ? createResourceCgroup(parents, `xihe-${deps.newId()}`, limits) : undefined;
      const staged = identity === null ? null : stageForIdentity(identity, [root, ...readOnlyDirs]);
      const wrapped = [
        ...prlimitPrefix(deps.support.prlimit, limits, cgroup !== undefined),
        ...(staged?.prefix ?? []),
        ...buildBwrapArgv(
          {
            bwrapPath,
            root,
            cwd,
            network: options.network ?? "none",
            env,
            readOnlyDirs,
            sourceOf: staged?.sourceOf,
            setHostname: deps.support.bwrapSetsHostname !== false,
          },
          argv,
        ),
      ];
      try {
        return await runContained({
          argv: wrapped,
          env: { PATH: "/usr/bin:/bin" },
          cwd: root,
          timeoutMs: limits.timeoutMs,
          maxOutputBytes: limits.maxOutputBytes,
          stdin: options.stdin,
          signal: options.signal,
          onOutput: options.onOutput,
          cgroup,
          now: deps.now,
          redact: deps.redact ?? ((text) => redactText(text)),
        });
      } finally {
        await cgroup?.remove();
      }
    },
  };
}
