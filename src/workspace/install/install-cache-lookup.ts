// The install phase's use of the dependency cache: compute the key (with the runtime as the sandbox
// sees it), restore a hit, and after a successful install store the fresh result. A cache that fails
// only costs speed: the install then runs (or its result stays unstored) and the evidence says why.
import type { Logger } from "../../logger.ts";
import type { Sandbox } from "../sandbox/sandbox.ts";
import { dependencyCacheKey, type CacheKeyInput } from "./dependency-cache-key.ts";
import { restoreFromCache, storeInCache, type DependencyCacheLocation } from "./dependency-cache.ts";

export type CacheEvidence = {
  status: "hit" | "stored" | "miss" | "off";
  key: string | null;
  reason: string;
};

export interface CacheLookup {
  evidence: CacheEvidence;
  /** After the install step succeeded (and before anything else ran): store its result. */
  store: () => CacheEvidence;
}

// The programs an install resolves in the sandbox, by real path, size and mtime: an upgraded node,
// npm or python is another platform. Run in the sandbox so the toolchain PATH is the one installs see.
const runtimeProbe =
  'for p in node npm python3; do r=$(command -v "$p") || continue; ' +
  'stat -L -c "$p %n %s %Y" "$(readlink -f "$r")"; done; uname -sm';

type CacheDeps = { sandbox: Sandbox; cache?: DependencyCacheLocation; log?: Pick<Logger, "warn"> };

/** Why the cache cannot serve this install, decided without running anything; null when it may. */
export function installCacheOff(
  deps: CacheDeps,
  input: Omit<CacheKeyInput, "runtime" | "root">,
): string | null {
  if (deps.cache === undefined) return "no dependency cache configured";
  const root = deps.sandbox.root;
  if (`${deps.cache.dir}/`.startsWith(`${root}/`))
    return "the cache directory is inside the workspace, where the repository's code could write it";
  const precheck = dependencyCacheKey({ ...input, root, runtime: "" });
  return precheck.ok ? null : precheck.reason;
}

export async function lookUpInstallCache(
  deps: CacheDeps,
  input: Omit<CacheKeyInput, "runtime" | "root">,
): Promise<CacheLookup> {
  const off = (reason: string): CacheLookup => {
    const evidence: CacheEvidence = { status: "off", key: null, reason };
    return { evidence, store: () => evidence };
  };
  const offReason = installCacheOff(deps, input);
  if (offReason !== null) return off(offReason);
  const cache = deps.cache!;
  const root = deps.sandbox.root;
  const probe = await deps.sandbox.run(["/bin/sh", "-c", runtimeProbe], {
    network: "none",
    timeoutMs: 30_000,
  });
  if (probe.exitCode !== 0) return off(`could not identify the sandbox's runtime (exit ${probe.exitCode})`);
  const key = dependencyCacheKey({ ...input, root, runtime: probe.stdout });
  if (!key.ok) return off(key.reason);
  const short = key.key.slice(0, 12);
  try {
    if (restoreFromCache(cache, key.key, root))
      return hit({
        status: "hit",
        key: key.key,
        reason: `restored ${key.dir} from the dependency cache (${short})`,
      });
  } catch (err) {
    deps.log?.warn({ err, key: short }, "dependency cache entry could not be restored; installing");
  }
  const miss: CacheEvidence = { status: "miss", key: key.key, reason: `no cache entry for ${short}` };
  return {
    evidence: miss,
    store: () => {
      try {
        storeInCache(cache, key.key, root, input.manager, key.dir);
        return {
          status: "stored",
          key: key.key,
          reason: `stored ${key.dir} in the dependency cache (${short})`,
        };
      } catch (err) {
        deps.log?.warn({ err, key: short }, "dependency cache entry could not be stored");
        return { ...miss, reason: `${miss.reason}; storing failed: ${String(err)}` };
      }
    },
  };
}

function hit(evidence: CacheEvidence): CacheLookup {
  return { evidence, store: () => evidence };
}
