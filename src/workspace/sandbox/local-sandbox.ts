// `--trust-local`: the user's own checkout on their own machine, so no isolation, but the same
// timeouts, output caps, environment allow-list and (where available) cgroup limits as a real run.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createResourceCgroup } from "./resource-cgroup.ts";
import { redactText } from "../../redact.ts";
import { resolveWorkspacePath } from "../resolve-workspace-path.ts";
import { runContained } from "./run-contained.ts";
import type { Sandbox, SandboxResult, SandboxRunOptions } from "./sandbox.ts";
import { buildSandboxEnv } from "./sandbox-env.ts";
import { prlimitPrefix, resolveLimits, type SandboxLimits } from "./sandbox-limits.ts";
import type { SandboxSupport } from "./sandbox-support.ts";
import type { SandboxToolchains } from "./detect-toolchains.ts";

export interface LocalSandboxDeps {
  root: string;
  support: SandboxSupport;
  newId: () => string;
  now: () => number;
  /** Scrubs output before it reaches the caller; default: redactText's built-in patterns. */
  redact?: (text: string) => string;
  defaults?: SandboxLimits;
  /** Only the PATH order matters here: nothing is hidden from an unisolated command anyway. */
  toolchains?: SandboxToolchains;
}

export function createLocalSandbox(deps: LocalSandboxDeps): Sandbox {
  const root = resolveWorkspacePath(deps.root, ".");
  return {
    kind: "local",
    root,
    async run(argv: readonly string[], options: SandboxRunOptions = {}): Promise<SandboxResult> {
      const limits = resolveLimits(options, deps.defaults);
      const cwd = resolveWorkspacePath(root, options.cwd ?? ".");
      // A fresh HOME per command: the user's dotfiles and credentials stay out of reach of the env.
      const home = mkdtempSync(join(tmpdir(), "xihe-home-"));
      const parents = deps.support.cgroupParents;
      const cgroup = parents ? createResourceCgroup(parents, `xihe-${deps.newId()}`, limits) : undefined;
      try {
        return await runContained({
          argv: [...prlimitPrefix(deps.support.prlimit, limits, cgroup !== undefined), ...argv],
          env: buildSandboxEnv(options.env, { home, tmpDir: home, pathDirs: deps.toolchains?.pathDirs }),
          cwd,
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
        rmSync(home, { recursive: true, force: true });
      }
    },
  };
}
