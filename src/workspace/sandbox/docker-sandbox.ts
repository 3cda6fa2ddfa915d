// The container runner: each command in a fresh container of a Docker-compatible engine (docker or
// podman; see docker-argv.ts for the isolation). Killing the client does not stop a container, so a
// timed-out, flooded or aborted command's container is removed by name, and containers a crashed
// Xihe left behind are swept (by label) before this runner's first command.
import { lstatSync } from "node:fs";
import { join } from "node:path";
import type { ContainerEngine } from "./container-engine.ts";
import { buildDockerArgv, memoryLimitMarker, pidsLimitMarker } from "./docker-argv.ts";
import { handOverWorkspace } from "./hand-over-workspace.ts";
import { redactText } from "../../redact.ts";
import { resolveWorkspacePath } from "../resolve-workspace-path.ts";
import { runContained } from "./run-contained.ts";
import type { Sandbox, SandboxResult, SandboxRunOptions } from "./sandbox.ts";
import { buildSandboxEnv } from "./sandbox-env.ts";
import { resolveLimits, type SandboxLimits } from "./sandbox-limits.ts";
import type { SandboxIdentity } from "./sandbox-identity.ts";
import {
  ownerLabel,
  removeContainer,
  runLabel,
  sweepLeftoverContainers,
} from "./sweep-leftover-containers.ts";

export interface DockerSandboxDeps {
  root: string;
  engine: ContainerEngine;
  image: string;
  /** The unprivileged uid commands run as when Xihe is root (as for bwrap); null: Xihe's own user. */
  identity: SandboxIdentity | null;
  newId: () => string;
  now: () => number;
  /** Scrubs output before it reaches the caller; default: redactText's built-in patterns. */
  redact?: (text: string) => string;
  cpus?: number;
  defaults?: SandboxLimits;
  readOnlyDirs?: readonly string[];
}

export function createDockerSandbox(deps: DockerSandboxDeps): Sandbox {
  const root = resolveWorkspacePath(deps.root, ".");
  let swept: Promise<unknown> | undefined;
  return {
    kind: "docker",
    root,
    async run(argv: readonly string[], options: SandboxRunOptions = {}): Promise<SandboxResult> {
      const limits = resolveLimits(options, deps.defaults);
      const cwd = resolveWorkspacePath(root, options.cwd ?? ".");
      const env = buildSandboxEnv(options.env, { home: "/tmp", tmpDir: "/tmp" });
      swept ??= sweepLeftoverContainers(deps.engine);
      await swept;
      const user = containerUser(root, deps.identity);
      // Files host git and the tools wrote as root since the last command become the sandbox user's.
      if (deps.identity !== null) handOverWorkspace(root, deps.identity);
      const id = deps.newId();
      const containerName = `xihe-${id}`;
      const dockerArgv = buildDockerArgv(
        {
          engine: deps.engine,
          image: deps.image,
          containerName,
          labels: { [ownerLabel]: String(process.pid), [runLabel]: id },
          root,
          cwd,
          network: options.network ?? "none",
          env,
          user,
          keepId: deps.engine.kind === "podman" && deps.identity === null && user.uid !== 0,
          memoryMb: limits.memoryMb,
          maxPids: limits.maxPids,
          cpus: deps.cpus ?? 1,
          cpuSeconds: Math.max(1, Math.ceil(limits.timeoutMs / 1000)),
          fileSizeMb: limits.fileSizeMb,
          gitDirReadOnly: isRealDirectory(join(root, ".git")),
          readOnlyDirs: deps.readOnlyDirs ?? [],
        },
        argv,
      );
      let result: SandboxResult | undefined;
      try {
        result = await runContained({
          argv: dockerArgv,
          env: { PATH: "/usr/local/bin:/usr/bin:/bin" },
          cwd: root,
          timeoutMs: limits.timeoutMs,
          maxOutputBytes: limits.maxOutputBytes,
          stdin: options.stdin,
          signal: options.signal,
          onOutput: options.onOutput,
          now: deps.now,
          redact: deps.redact ?? ((text) => redactText(text)),
        });
      } finally {
        // We killed the client (timeout, flood, abort) or it failed: the container may live on.
        if (
          result === undefined ||
          result.timedOut ||
          result.limitHit === "output" ||
          options.signal?.aborted
        )
          await removeContainer(deps.engine, containerName);
      }
      return classifyLimit(result);
    },
  };
}

function classifyLimit(result: SandboxResult): SandboxResult {
  if (result.stderr.includes(pidsLimitMarker)) {
    const stderr = result.stderr.replace(`${pidsLimitMarker}\n`, "");
    return { ...result, stderr, limitHit: result.limitHit ?? "pids" };
  }
  if (result.stderr.includes(memoryLimitMarker)) {
    const stderr = result.stderr.replace(`${memoryLimitMarker}\n`, "");
    return { ...result, stderr, limitHit: result.limitHit ?? "memory" };
  }
  // The kernel's OOM kill reaches us as exit 137 (128 + SIGKILL) through the in-container shell.
  if (result.limitHit === null && result.exitCode === 137 && !result.timedOut)
    return { ...result, limitHit: "memory" };
  return result;
}

// Xihe root: the dedicated sandbox uid owns the workspace (handOverWorkspace). Otherwise Xihe's own
// uid, which owns the workspace already (rootless podman maps it to itself with keep-id).
function containerUser(root: string, identity: SandboxIdentity | null): { uid: number; gid: number } {
  if (identity !== null) return { uid: identity.uid, gid: identity.gid };
  const stat = lstatSync(root);
  return { uid: stat.uid, gid: stat.gid };
}

function isRealDirectory(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch (err) {
    if (err instanceof Error && "code" in err && err.code === "ENOENT") return false;
    throw err;
  }
}
