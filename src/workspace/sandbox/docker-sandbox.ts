// Production runner: each command in a fresh container (see docker-argv.ts). Killing the docker
// client does not stop the container, so a timed-out or aborted run also removes it by name.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { buildDockerArgv } from "./docker-argv.ts";
import { redactText } from "../../redact.ts";
import { resolveWorkspacePath } from "../resolve-workspace-path.ts";
import { runContained } from "./run-contained.ts";
import type { Sandbox, SandboxResult, SandboxRunOptions } from "./sandbox.ts";
import { buildSandboxEnv } from "./sandbox-env.ts";
import { resolveLimits, type SandboxLimits } from "./sandbox-limits.ts";

export interface DockerSandboxDeps {
  root: string;
  dockerPath: string;
  image: string;
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
  return {
    kind: "docker",
    root,
    async run(argv: readonly string[], options: SandboxRunOptions = {}): Promise<SandboxResult> {
      const limits = resolveLimits(options, deps.defaults);
      const cwd = resolveWorkspacePath(root, options.cwd ?? ".");
      const containerName = `xihe-${deps.newId()}`;
      const dockerArgv = buildDockerArgv(
        {
          dockerPath: deps.dockerPath,
          image: deps.image,
          containerName,
          root,
          cwdInWorkspace: relative(root, cwd),
          network: options.network ?? "none",
          env: buildSandboxEnv(options.env, { home: "/tmp", tmpDir: "/tmp" }),
          memoryMb: limits.memoryMb,
          maxPids: limits.maxPids,
          cpus: deps.cpus ?? 1,
          fileSizeMb: limits.fileSizeMb,
          gitDirReadOnly: existsSync(join(root, ".git")),
          readOnlyDirs: deps.readOnlyDirs ?? [],
        },
        argv,
      );
      const result = await runContained({
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
      if (result.timedOut || result.limitHit === "output" || options.signal?.aborted) {
        await new Promise((resolve) =>
          execFile(deps.dockerPath, ["rm", "-f", containerName], () => resolve(null)),
        );
      }
      // `docker run` exits 137 when the kernel OOM-killed the container's process.
      return result.limitHit === null && result.exitCode === 137 && !result.timedOut
        ? { ...result, limitHit: "memory" }
        : result;
    },
  };
}
