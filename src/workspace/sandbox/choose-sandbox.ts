// Picks the runner from config and what the machine supports. PR code from GitHub never runs
// without a real sandbox: the local runner needs a local checkout and an explicit --trust-local.
import { XiheError } from "../../errors.ts";
import { createBwrapSandbox } from "./bwrap-sandbox.ts";
import { detectContainerEngine } from "./container-engine.ts";
import { assertPinnedImage } from "./docker-argv.ts";
import { createDockerSandbox } from "./docker-sandbox.ts";
import { createLocalSandbox } from "./local-sandbox.ts";
import type { Sandbox } from "./sandbox.ts";
import type { SandboxLimits } from "./sandbox-limits.ts";
import type { SandboxSupport } from "./sandbox-support.ts";
import type { SandboxToolchains } from "./detect-toolchains.ts";
import { withNestedGitCleanup } from "./with-nested-git-cleanup.ts";

export class SandboxUnavailableError extends XiheError {
  readonly code = "sandbox_unavailable";
}

export interface ChooseSandboxOptions {
  requested: "auto" | "bwrap" | "docker" | "local";
  /** Where the code comes from: a PR fetched from GitHub, or the user's own checkout. */
  source: "github" | "local_checkout";
  trustLocal: boolean;
  root: string;
  support: SandboxSupport;
  dockerImage?: string;
  /** XIHE_CONTAINER_CLI: "docker", "podman" or a path; default: the first that reaches its engine. */
  containerCli?: string;
  newId: () => string;
  now: () => number;
  defaults?: SandboxLimits;
  /** Read-only extras, e.g. PreparedWorkspace.readOnlyDirs (the mirror objects a shared clone reads). */
  readOnlyDirs?: readonly string[];
  /** Host interpreters and compilers the sandbox sees (detectToolchains); docker images bring their own. */
  toolchains?: SandboxToolchains;
  /** Output scrubber, e.g. (t) => redactText(t, [token, modelKey, ...secretValuesFromEnv(env)]). */
  redact?: (text: string) => string;
}

const installHelp =
  "install bubblewrap (Debian/Ubuntu: `apt-get install bubblewrap`; Fedora: `dnf install bubblewrap`), " +
  "or set XIHE_SANDBOX=docker with XIHE_DOCKER_IMAGE=<image id from `npm run sandbox:image`, or name@sha256:<digest>> " +
  "on a host with podman or a Docker engine";

/** Every runner a run gets removes the nested repositories its commands leave (threat model A39). */
export function chooseSandbox(o: ChooseSandboxOptions): Sandbox {
  return withNestedGitCleanup(chooseRunner(o));
}

function chooseRunner(o: ChooseSandboxOptions): Sandbox {
  const base = { root: o.root, newId: o.newId, now: o.now, defaults: o.defaults, redact: o.redact };
  const bwrap = (): Sandbox =>
    createBwrapSandbox({
      ...base,
      support: o.support,
      readOnlyDirs: o.readOnlyDirs,
      toolchains: o.toolchains,
    });
  const docker = (): Sandbox => {
    if (o.dockerImage === undefined)
      throw new SandboxUnavailableError(
        "the container runner needs XIHE_DOCKER_IMAGE: the image id `npm run sandbox:image` prints, or name@sha256:<digest>",
      );
    assertPinnedImage(o.dockerImage);
    const clis = { docker: o.support.docker, podman: o.support.podman ?? null, runc: o.support.runc ?? null };
    const engine = detectContainerEngine(clis, o.containerCli);
    if ("unavailable" in engine)
      throw new SandboxUnavailableError(`the container runner has no engine: ${engine.unavailable}`);
    return createDockerSandbox({
      ...base,
      engine,
      identity: o.support.identity,
      image: o.dockerImage,
      readOnlyDirs: o.readOnlyDirs,
    });
  };
  if (o.requested === "local") {
    if (o.source === "github" || !o.trustLocal)
      throw new SandboxUnavailableError(
        o.source === "github"
          ? "refusing to run pull-request code from GitHub without isolation: the local runner is only for your own checkout with --trust-local"
          : "the local runner runs commands without isolation; pass --trust-local to confirm this is your own code",
      );
    return createLocalSandbox({ ...base, support: o.support, toolchains: o.toolchains });
  }
  if (o.requested === "bwrap") {
    if (o.support.bwrap === null)
      throw new SandboxUnavailableError(
        `bubblewrap is not usable here (${bwrapNote(o.support)}); ${installHelp}`,
      );
    return bwrap();
  }
  if (o.requested === "docker") return docker();
  if (o.support.bwrap !== null) return bwrap();
  if ((o.support.docker !== null || (o.support.podman ?? null) !== null) && o.dockerImage !== undefined)
    return docker();
  if (o.source === "local_checkout" && o.trustLocal)
    return createLocalSandbox({ ...base, support: o.support, toolchains: o.toolchains });
  throw new SandboxUnavailableError(
    `no sandbox available to run ${o.source === "github" ? "pull-request code" : "these commands"}: ${installHelp}` +
      (o.source === "local_checkout"
        ? "; or pass --trust-local to run your own checkout without isolation"
        : ""),
  );
}

function bwrapNote(support: SandboxSupport): string {
  return support.notes.find((n) => n.startsWith("bwrap:")) ?? "bwrap: unknown";
}
