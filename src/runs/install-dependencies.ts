// The install phase of a run that executes PR code: a sandbox like the test phase's, plus a private
// directory for the registry proxy's socket bound in read-only, and the registries the App trusts.
// Not a persisted step on purpose: a resumed run may get a fresh checkout, which needs the install
// again (and a checkout that still has its dependencies skips it as fresh).
import { chmodSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RepoConfig } from "../config.ts";
import type { Logger } from "../logger.ts";
import { runGitForExit } from "../workspace/git/run-git.ts";
import { discoverRegistries } from "../workspace/install/discover-registries.ts";
import { runInstallPhase, type InstallEvidence } from "../workspace/install/run-install-phase.ts";
import type { CacheDirChoice } from "../workspace/install/dependency-cache-dir.ts";
import type { DiscoverRegistries } from "../workspace/install/registries-ahead.ts";
import type { Sandbox } from "../workspace/sandbox/sandbox.ts";

export interface InstallDependenciesDeps {
  /** Builds the install sandbox with these extra read-only directories. */
  sandboxWith: (readOnlyDirs: readonly string[]) => Sandbox;
  hostEnv: Readonly<Record<string, string | undefined>>;
  log: Pick<Logger, "warn">;
  /** Where the dependency cache is (outside every workspace) and why there; none: no cache. */
  cache?: CacheDirChoice;
  /** Which runs share cache entries; default: the checkout's origin URL, else its path. */
  scope?: string;
  /** The registries the install may reach, per manager; default: discovered when the phase asks. */
  registries?: DiscoverRegistries;
}

/** Discovers the registries an install may reach from the host's trusted configuration. */
export function hostRegistries(
  deps: Pick<InstallDependenciesDeps, "hostEnv" | "log">,
  config: RepoConfig,
): DiscoverRegistries {
  return (manager) =>
    discoverRegistries(manager, {
      hostEnv: deps.hostEnv,
      configured: config.sandbox.registries,
      log: deps.log,
    });
}

export async function installDependencies(
  deps: InstallDependenciesDeps,
  config: RepoConfig,
): Promise<InstallEvidence> {
  const proxyDir = mkdtempSync(join(tmpdir(), "xihe-proxy-"));
  // The sandbox user must reach the socket; nothing else is ever in this directory.
  chmodSync(proxyDir, 0o755);
  try {
    const sandbox = deps.sandboxWith([proxyDir]);
    const cacheDir = deps.cache?.dir;
    // The scope runs git: asked for only when an install is due, not for a fresh checkout.
    const cache =
      cacheDir === undefined
        ? undefined
        : async () => ({ dir: cacheDir, scope: deps.scope ?? (await repositoryScope(sandbox.root)) });
    const evidence = await runInstallPhase(
      {
        sandbox,
        proxyDir,
        cache,
        log: deps.log,
        registries: deps.registries ?? hostRegistries(deps, config),
      },
      {
        allowScripts: config.sandbox.allow_install_scripts,
        configured: config.commands.install,
        timeoutMs: config.sandbox.command_timeout_seconds * 1000,
      },
    );
    return withCacheNote(evidence, deps.cache?.note ?? null);
  } finally {
    rmSync(proxyDir, { recursive: true, force: true });
  }
}

// Why the cache is where it is (or off) belongs in the evidence, not only in a log line.
function withCacheNote(evidence: InstallEvidence, note: string | null): InstallEvidence {
  if (note === null || (evidence.steps.length === 0 && evidence.cache.status === "off")) return evidence;
  return { ...evidence, cache: { ...evidence.cache, reason: `${evidence.cache.reason} (${note})` } };
}

// Runs of one repository share entries: the App's workspaces are clones of one mirror per clone URL
// (their origin), a local checkout is its own origin URL or, without one, its own path. Host git reads
// .git/config, which sandboxed code can't write.
async function repositoryScope(root: string): Promise<string> {
  const { stdout, exitCode } = await runGitForExit(["config", "--get", "remote.origin.url"], {
    cwd: root,
    allowFileProtocol: false,
    okExitCodes: [0, 1, 128], // 1: no origin; 128: not a git repository
  });
  return exitCode === 0 && stdout.trim() !== "" ? `origin ${stdout.trim()}` : `path ${realpathSync(root)}`;
}
