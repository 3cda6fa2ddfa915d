// `xihe locate --run CMD`: the sandbox wiring for dynamic localization (the CLI builds adapters).
// The checkout's own runner config decides the sandbox; the install phase runs first (a fresh clone
// has no dependencies); the install line and any fallback reason go to stderr.
import { randomBytes, randomUUID } from "node:crypto";
import { resolve } from "node:path";
import type { Failure } from "../perception/failure.ts";
import type { RepoIndex } from "../understanding/index/open-repo-index.ts";
import {
  dynamicEvidence,
  dynamicLocalize,
  type DynamicOutcome,
} from "../understanding/localize/dynamic/dynamic-localize.ts";
import { chooseSandbox, SandboxUnavailableError } from "../workspace/sandbox/choose-sandbox.ts";
import type { Sandbox } from "../workspace/sandbox/sandbox.ts";
import { lazySandbox } from "../workspace/sandbox/lazy-sandbox.ts";
import { limitsFromConfig } from "../workspace/sandbox/limits-from-config.ts";
import { detectToolchains } from "../workspace/sandbox/detect-toolchains.ts";
import { hostRegistries, installDependencies } from "../runs/install-dependencies.ts";
import { registriesAhead, type DiscoverRegistries } from "../workspace/install/registries-ahead.ts";
import type { RepoConfig } from "../config.ts";
import { pythonImportRoots } from "../understanding/localize/dynamic/python-import-roots.ts";
import type { InstallEvidence } from "../workspace/install/run-install-phase.ts";
import { quotedErrorTail } from "../workspace/install/install-error-tail.ts";
import { chooseDependencyCacheDir } from "../workspace/install/dependency-cache-dir.ts";
import { loadEnv } from "../config.ts";
import { createLogger, type Logger } from "../logger.ts";
import { detectSandboxSupport } from "../workspace/sandbox/sandbox-support.ts";
import type { CliIo } from "./cli-io.ts";
import { createPhaseTimings, type PhaseTimings } from "./phase-timings.ts";

const runners = ["auto", "bwrap", "docker", "local"] as const;

const installLog = (io: CliIo) =>
  createLogger({ level: loadEnv(io.env).LOG_LEVEL ?? "warn", destination: { write: io.stderr } });

/**
 * The registries the install phase will ask for, with pip's discovery (python3 importing pip's
 * configuration, 0.5-1 s) already started when that install is due: call it before the index is
 * built, so the two overlap (registries-ahead.ts). Reads only the checkout's manifests and config.
 */
export function registriesFor(
  io: CliIo,
  root: string,
  config: RepoConfig,
  log: Logger = installLog(io),
): DiscoverRegistries {
  return registriesAhead(
    root,
    { allowScripts: config.sandbox.allow_install_scripts, configured: config.commands.install },
    hostRegistries({ hostEnv: io.env, log }, config),
  );
}

export async function locateDynamic(
  io: CliIo,
  repo: RepoIndex,
  perceived: { failures: readonly Failure[]; logText: string },
  run: {
    command: string;
    budgetSeconds: number;
    /** From registriesFor, started before the index was built; default: started here. */
    registries?: DiscoverRegistries;
  },
  timings: PhaseTimings = createPhaseTimings(),
): Promise<{
  outcome: DynamicOutcome;
  install: InstallEvidence | null;
  /** What the ranking takes from the runs (the spectrum, or which functions ran); none on fallback. */
  evidence?: ReturnType<typeof dynamicEvidence>;
}> {
  const config = repo.config.sandbox;
  const env = loadEnv(io.env);
  const fromEnv = runners.find((r) => r === io.env.XIHE_SANDBOX) ?? "auto";
  const log = createLogger({ level: env.LOG_LEVEL ?? "warn", destination: { write: io.stderr } });
  // Started now at the latest, so pip's registry probe runs while the sandbox is probed below.
  const registries = run.registries ?? registriesFor(io, repo.root, repo.config, log);
  const support = timings.timeSync("sandbox support", () => detectSandboxSupport(randomUUID()));
  const toolchains = timings.timeSync("toolchains", () =>
    detectToolchains({ hostEnv: io.env, configured: config.toolchains }),
  );
  const sandboxWith = (readOnlyDirs: readonly string[]): Sandbox =>
    chooseSandbox({
      requested: config.runner !== "auto" ? config.runner : fromEnv,
      source: "local_checkout",
      trustLocal: false,
      root: repo.root,
      support,
      dockerImage: io.env.XIHE_DOCKER_IMAGE,
      newId: randomUUID,
      now: Date.now,
      readOnlyDirs,
      defaults: limitsFromConfig(config),
      toolchains,
    });
  let sandbox: Sandbox;
  try {
    sandbox = sandboxWith([]);
  } catch (err) {
    if (!(err instanceof SandboxUnavailableError)) throw err;
    return fellBack(io, { kind: "fallback", reason: err.message, runs: [], elapsedMs: 0 }, null);
  }
  // The failing tests can only run with the checkout's dependencies in place: the same install
  // phase as `xihe fix` (detected or commands.install, registry proxy, dependency cache).
  const install = await timings.time("install", () =>
    installDependencies(
      {
        // The runner and root of `sandbox`; made only when an install step runs (none when fresh).
        sandboxWith: (dirs) => lazySandbox(sandbox.kind, sandbox.root, () => sandboxWith(dirs)),
        hostEnv: io.env,
        log,
        registries,
        cache: chooseDependencyCacheDir(resolve(io.cwd, env.XIHE_WORK_DIR), repo.root, io.env),
      },
      repo.config,
    ),
  );
  if (install.status !== "skipped") io.stderr(installLine(install));
  // A failed install need not stop the runs: the checkout may already hold what its tests need (a
  // src layout run by the system's pytest). The sampled passing tests must then pass, or nothing
  // the runs show can be told apart from the missing dependencies.
  if (install.status === "refused")
    return fellBack(
      io,
      {
        kind: "fallback",
        reason: `install refused (${install.code}): ${install.reason}`,
        runs: [],
        elapsedMs: 0,
      },
      install,
    );
  const installFailed =
    install.status === "failed" ? `install failed (${install.code}): ${install.reason}` : null;
  const outcome = await timings.time("runs with coverage", () =>
    dynamicLocalize({
      sandbox,
      index: repo.index,
      ...perceived,
      command: run.command,
      budgetMs: run.budgetSeconds * 1000,
      now: Date.now,
      newHexId: () => randomBytes(6).toString("hex"),
      readText: repo.readText,
      // What an install would have made importable: the project's own packages (root or src/).
      ...(installFailed
        ? {
            passingRequired: installFailed,
            importRoots: pythonImportRoots({ root: repo.root, readText: repo.readText }),
          }
        : {}),
    }),
  );
  const notes = [...new Set(outcome.runs.flatMap((r) => (r.note ? [r.note] : [])))];
  for (const note of notes) io.stderr(`dynamic run: ${note}\n`);
  for (const r of outcome.runs)
    timings.add(`  ${r.expected === "fail" ? "failing" : "passing"} run (${r.tests})`, r.durationMs);
  if (outcome.kind === "fallback") return fellBack(io, outcome, install);
  return { outcome, install, evidence: dynamicEvidence(outcome) };
}

function installLine(install: InstallEvidence): string {
  const steps = install.steps.map((s) => `; $ ${s.command} → exit ${s.exitCode}`).join("");
  const blocked = install.proxy.blocked.map((b) => `; blocked: ${b}`).join("");
  // A failed install's own last words say why (a lockfile out of date, a missing version); the exit
  // code alone sends the user to re-run it by hand.
  const tail =
    install.status === "failed" && install.errorTail
      ? `\n${quotedErrorTail(install.errorTail).join("\n")}`
      : "";
  return `install (${install.manager ?? "none"}): ${install.status} — ${install.reason}${steps}${blocked}; dependency cache: ${install.cache.status}${tail}\n`;
}

function fellBack(
  io: CliIo,
  outcome: DynamicOutcome & { kind: "fallback" },
  install: InstallEvidence | null,
) {
  io.stderr(`dynamic localization fell back to static ranking: ${outcome.reason}\n`);
  return { outcome, install };
}

/** What `--json` reports about the dynamic pass: how it ended, its runs and its time. */
export function dynamicSummary(outcome: DynamicOutcome, install: InstallEvidence | null) {
  return {
    status: outcome.kind,
    install:
      install === null
        ? null
        : {
            status: install.status,
            manager: install.manager,
            reason: install.reason,
            code: install.code,
            steps: install.steps.map(({ command, exitCode }) => ({ command, exitCode })),
            blocked: install.proxy.blocked,
            cache: install.cache.status,
            errorTail: install.errorTail ?? null,
          },
    reason: outcome.kind === "fallback" ? outcome.reason : null,
    elapsedMs: Math.round(outcome.elapsedMs),
    // failedBatch repeats the run's note
    runs: outcome.runs.map(({ failedBatch: _, ...r }) => ({ ...r, argv: r.argv.join(" ") })),
  };
}
