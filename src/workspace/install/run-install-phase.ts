// The install phase: the detected (or configured) install steps run in the sandbox with no network
// of their own; each reaches the allowed registries only through a proxy Xihe starts for the phase
// (registry-proxy.ts), with install scripts off unless the repository config allows them (A26).
// Repo-local registry settings are checked first (A28). The outcome is the run's install evidence.
import { join } from "node:path";
import { checkRegistryConfig } from "./check-registry-config.ts";
import { classifyInstallFailure, type InstallFailureCode } from "./classify-install-failure.ts";
import { detectInstall, type InstallPlan } from "./detect-install.ts";
import { installErrorTail } from "./install-error-tail.ts";
import { installEnv, type InstallRegistries } from "./install-env.ts";
import { makeInstallScratch } from "./install-scratch.ts";
import { isInstallFresh } from "./install-freshness.ts";
import { writeInstallStamp } from "./install-stamp.ts";
import { proxiedArgv } from "./proxied-argv.ts";
import { endpointAnswers } from "./endpoint-answers.ts";
import { pipInstallNeedsIndex } from "./pip-needs-index.ts";
import { endpointOf, startRegistryProxy, type ProxyEvidence } from "./registry-proxy.ts";
import { runPhase } from "./run-phase.ts";
import { sandboxPipRunner } from "./sandbox-pip.ts";
import type { DependencyCacheLocation } from "./dependency-cache.ts";
import { installCacheOff, lookUpInstallCache, type CacheEvidence } from "./install-cache-lookup.ts";
import type { Logger } from "../../logger.ts";
import type { Sandbox } from "../sandbox/sandbox.ts";

export type InstallEvidence = {
  status: "skipped" | "installed" | "failed" | "refused";
  manager: string | null;
  reason: string;
  code: InstallFailureCode | "untrusted_registry" | "registry_unreachable" | null;
  steps: Array<{ command: string; exitCode: number | null; durationMs: number; tail: string }>;
  /** The proxy's allow-list, as host:port. */
  registries: string[];
  proxy: ProxyEvidence;
  /** Whether the dependency cache supplied or took this install. */
  cache: CacheEvidence;
  /** The last lines the failed step printed (stderr first), redacted; null unless a step failed. */
  errorTail: string | null;
};

export interface InstallPhaseDeps {
  /** A sandbox that has `proxyDir` bound in read-only (the proxy's socket is created there). */
  sandbox: Sandbox;
  proxyDir: string;
  /** The registries the App trusts for this manager (host config + sandbox.registries). */
  registries: (manager: string) => Promise<InstallRegistries>;
  /**
   * Where finished installs are kept for this repository's next runs; none: every run installs. A
   * function is asked only once an install is due (working out the location may run git, which a
   * checkout whose dependencies are fresh should not wait for).
   */
  cache?: DependencyCacheLocation | (() => Promise<DependencyCacheLocation | undefined>);
  log?: Pick<Logger, "warn">;
}

export interface InstallPhaseOptions {
  allowScripts: boolean;
  /** `commands.install` from the trusted repository config; overrides detection. */
  configured?: readonly string[];
  timeoutMs?: number;
}

const tailChars = 2000;
const noProxy: ProxyEvidence = { allowed: [], blocked: [] };
const noCache: CacheEvidence = { status: "off", key: null, reason: "no install ran" };

export async function runInstallPhase(
  deps: InstallPhaseDeps,
  options: InstallPhaseOptions,
): Promise<InstallEvidence> {
  const root = deps.sandbox.root;
  let plan: InstallPlan | { manager: "configured"; steps: readonly string[] } | null =
    options.configured && options.configured.length > 0
      ? { manager: "configured", steps: options.configured }
      : detectInstall(root, { allowScripts: options.allowScripts });
  const evidence = (e: Partial<InstallEvidence> & Pick<InstallEvidence, "status" | "reason">) => ({
    manager: plan?.manager ?? null,
    code: null,
    steps: [],
    registries: [],
    proxy: noProxy,
    cache: noCache,
    errorTail: null,
    ...e,
  });
  if (plan === null)
    return evidence({ status: "skipped", reason: "no lockfile or manifest found; nothing to install" });
  if (plan.manager !== "configured" && isInstallFresh(root, plan.manager))
    return evidence({
      status: "skipped",
      reason: `dependencies already installed from the current lockfile (${plan.manager})`,
    });
  const cacheLocation = typeof deps.cache === "function" ? deps.cache() : Promise.resolve(deps.cache);
  // Worked out while the registries are discovered; awaited (and any error thrown) below.
  cacheLocation.catch(() => {});
  const registries = await deps.registries(plan.manager);
  const cacheDeps = { sandbox: deps.sandbox, log: deps.log, cache: await cacheLocation };
  const endpoints = registries.allowedUrls.flatMap((url) => endpointOf(url) ?? []);
  const allowList = [...new Set(endpoints.map((e) => `${e.host}:${e.port}`))];
  const check = checkRegistryConfig(root, [...new Set(endpoints.map((e) => e.host))]);
  if (!check.ok)
    return evidence({ status: "refused", reason: check.reason, code: check.code, registries: allowList });
  // Offline, a pip install that needs its index ends here, before the sandbox is asked anything,
  // unless the dependency cache may hold its result (a hit needs no index).
  const baseEnv = installEnv(registries, options.allowScripts);
  const unreachable = plan.manager === "pip" ? await unreachableIndex(root, registries, baseEnv) : null;
  const offline = (reason: string, cache: CacheEvidence) =>
    evidence({
      status: "failed",
      reason,
      code: "registry_unreachable",
      registries: allowList,
      cache,
    });
  const cacheOff =
    unreachable === null
      ? null
      : installCacheOff(cacheDeps, {
          manager: plan.manager,
          steps: plan.steps,
          allowScripts: options.allowScripts,
          env: baseEnv,
        });
  if (unreachable !== null && cacheOff !== null)
    return offline(unreachable, { status: "off", key: null, reason: cacheOff });
  // Asked only once an install is going to run: a fresh one needs no sandbox at all.
  const pipRunner = plan.manager === "pip" ? await sandboxPipRunner(deps.sandbox) : null;
  if (pipRunner !== null)
    plan = detectInstall(root, { allowScripts: options.allowScripts, pipRunner }) ?? plan;
  const env = { ...baseEnv, ...("env" in plan ? plan.env : {}) };
  const cache = await lookUpInstallCache(cacheDeps, {
    manager: plan.manager,
    steps: plan.steps,
    allowScripts: options.allowScripts,
    env,
  });
  if (cache.evidence.status === "hit")
    return evidence({
      status: "installed",
      reason: cache.evidence.reason,
      registries: allowList,
      cache: cache.evidence,
    });
  if (unreachable !== null) return offline(unreachable, cache.evidence);
  const proxy = await startRegistryProxy({
    socketPath: join(deps.proxyDir, "proxy.sock"),
    allowed: endpoints,
  });
  try {
    // Not in the cache key's env: the folder's name differs every run, the installed result does not.
    const scratch = makeInstallScratch(root);
    const phase = await runPhase(
      deps.sandbox,
      "install",
      plan.steps,
      { timeoutMs: options.timeoutMs },
      (argv) => proxiedArgv(proxy.socketPath, { ...env, ...scratch.env }, argv),
    ).finally(() => scratch.remove());
    const steps = phase.steps.map((s) => {
      const output = `${s.result.stdout}${s.result.stderr ? `\n${s.result.stderr}` : ""}`;
      return {
        command: s.argv.join(" "),
        exitCode: s.result.exitCode,
        durationMs: s.result.durationMs,
        tail: output.length > tailChars ? output.slice(-tailChars) : output,
        timedOut: s.result.timedOut,
        output,
        errorTail: installErrorTail(s.result),
      };
    });
    const trimmed = steps.map(({ command, exitCode, durationMs, tail }) => ({
      command,
      exitCode,
      durationMs,
      tail,
    }));
    const base = {
      steps: trimmed,
      registries: allowList,
      proxy: await proxy.evidence(),
      cache: cache.evidence,
    };
    const last = steps.at(-1);
    // Stored before anything else runs in the workspace: only the install step has touched it (A48).
    if (phase.ok || last === undefined) {
      if (plan.manager !== "configured") writeInstallStamp(root, plan.manager);
      return evidence({
        ...base,
        status: "installed",
        reason: `installed with ${plan.manager} through the registry proxy`,
        cache: cache.store(),
      });
    }
    const failure = classifyInstallFailure({ ...last, blocked: base.proxy.blocked });
    return evidence({
      ...base,
      status: "failed",
      reason: failure.reason,
      code: failure.code,
      errorTail: last.errorTail,
    });
  } finally {
    await proxy.close();
  }
}

// A pip install that can only succeed with packages from its index (pip-needs-index.ts) is not
// started when the host cannot connect to that index: offline, pip would spend its start-up, a
// fresh venv and a build-isolation pip of its own on requests that cannot succeed (seconds a run,
// every run: a failed install leaves no record to skip the next one). Waits as long as pip's own
// timeout; an index that is not an http(s) URL is pip's to try.
async function unreachableIndex(
  root: string,
  registries: InstallRegistries,
  env: Readonly<Record<string, string>>,
): Promise<string | null> {
  const index = registries.pipIndexUrl === undefined ? null : endpointOf(registries.pipIndexUrl);
  if (index === null || !pipInstallNeedsIndex(root)) return null;
  const answer = await endpointAnswers(index, Number(env.PIP_TIMEOUT ?? "10") * 1000);
  if (answer.ok) return null;
  return `the package index ${index.host}:${index.port} cannot be reached from this host (${answer.reason}), and everything this pip install needs comes from it (its requirements, or the build backend of \`pip install -e .\`), so pip was not started; run again once the index is reachable`;
}
