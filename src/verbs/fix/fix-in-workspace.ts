// One fix attempt in a prepared checkout: choose the sandbox, the model (if configured), the code
// index and localizer, and run the fix loop. Shared by `xihe fix` and the App's `/xihe fix` run, so
// both take exactly the same path; only where the checkout comes from differs.
import { randomBytes } from "node:crypto";
import type { Env, RepoConfig } from "../../config.ts";
import { budgetLimitsFrom } from "../../agent/loop/budget.ts";
import { createLocalizer } from "../../agent/loop/create-localizer.ts";
import { prefixSteps } from "../../agent/loop/checkout-attempt.ts";
import { loopAttempt, runFixLoop } from "../../agent/loop/fix-loop.ts";
import type { FixOutcome } from "../../agent/loop/fix-outcome.ts";
import { createModelClient } from "../../agent/model/model-client.ts";
import { modelSettingsFromEnv } from "../../agent/model/model-settings.ts";
import { openRepoIndex } from "../../understanding/index/open-repo-index.ts";
import type { Logger } from "../../logger.ts";
import type { Store } from "../../store/store.ts";
import { bindCommandPolicy } from "../../tools/bind-command-policy.ts";
import { openWorkspaceGit } from "../../tools/open-workspace-git.ts";
import { toolRegistry } from "../../tools/registry.ts";
import { chooseSandbox } from "../../workspace/sandbox/choose-sandbox.ts";
import type { Sandbox } from "../../workspace/sandbox/sandbox.ts";
import { withRunSignal } from "../../workspace/sandbox/with-run-signal.ts";
import { detectCommands } from "../../workspace/detect-commands.ts";
import { detectSandboxSupport } from "../../workspace/sandbox/sandbox-support.ts";
import { limitsFromConfig } from "../../workspace/sandbox/limits-from-config.ts";
import { detectToolchains } from "../../workspace/sandbox/detect-toolchains.ts";
import type { InstallEvidence } from "../../workspace/install/run-install-phase.ts";
import { installDependencies } from "../../runs/install-dependencies.ts";
import { chooseDependencyCacheDir } from "../../workspace/install/dependency-cache-dir.ts";
import { createStep } from "../../runs/run-step.ts";
import type { FailureBrief } from "../../agent/loop/check-run.ts";
import { declaredDependencies } from "./declared-dependencies.ts";
import { withWorkflowVerdict, type FixRunOutcome } from "./verify-with-workflows.ts";

export interface FixInWorkspaceRequest {
  runId: string;
  root: string;
  config: RepoConfig;
  env: Env;
  /** Commands that must pass; default: the configured (or detected) test and lint commands. */
  commands?: string[];
  useModel: boolean;
  maxCostUsd?: number;
  /** "github": PR code, a real sandbox is mandatory. */
  source: "github" | "local_checkout";
  trustLocal: boolean;
  readOnlyDirs?: readonly string[];
  redact?: (text: string) => string;
  extraInstructions?: string;
  /** Held high-risk changes (exec step ids) a person approved. */
  approvals?: string[];
  /** The failures CI reported (App runs): the sandbox must reproduce them before anything is fixed. */
  ciFailures?: FailureBrief[];
  /**
   * The checkout already carries the change under test (an upgrade's bump), so `verify.workflows`
   * run even when the loop commits nothing; otherwise they run only after the loop made a fix.
   */
  changedBefore?: boolean;
  /**
   * Which runs share dependency-cache entries (default: the checkout's origin, else its path). A
   * bench task's checkout is a fresh directory without an origin; its project's tasks share one.
   */
  cacheScope?: string;
  /** A fresh clone of a run whose fix is not pushed yet (App runs): see FixRequest.freshCheckout. */
  freshCheckout?: boolean;
}

export interface FixInWorkspaceDeps {
  store: Store;
  now: () => Date;
  log: Logger;
  fetch: typeof globalThis.fetch;
  /** The environment Xihe was started with: where the host's package-manager config comes from. */
  hostEnv: Readonly<Record<string, string | undefined>>;
  /** Ids for sandboxes (containers, cgroups) and the model client's retry jitter, from the entry point. */
  newId: () => string;
  random: () => number;
  /** Aborted when the run is cancelled: every sandboxed command is killed and no further step starts. */
  signal?: AbortSignal;
}

// Time box for re-running the failing tests with coverage before localizing (as `xihe locate --run`).
const dynamicBudgetMs = 120_000;

/**
 * The commands a run makes pass, from config first, else detected from the repository's manifests.
 * A build is verified only when `commands.build` names it: a detected build script may be slow or
 * need what the sandbox lacks, so it is allowed (policy) but not required.
 */
export function fixCommands(root: string, config: RepoConfig): { commands: string[]; configured: string[] } {
  const detected = detectCommands(root);
  const pick = (kind: "test" | "lint" | "build") => config.commands[kind] ?? detected[kind] ?? [];
  const configured = [...pick("test"), ...pick("lint"), ...pick("build")];
  return { commands: [...pick("test"), ...pick("lint"), ...(config.commands.build ?? [])], configured };
}

export async function fixInWorkspace(
  deps: FixInWorkspaceDeps,
  req: FixInWorkspaceRequest,
): Promise<FixRunOutcome> {
  const { commands: defaults, configured } = fixCommands(req.root, req.config);
  const commands = req.commands ?? defaults;
  const settings = req.useModel && !req.config.fix.deterministic_only ? modelSettingsFromEnv(req.env) : null;
  const sandboxWith = sandboxChooser(deps, req);
  // Before anything runs: the failing commands can only be reproduced with the dependencies in place.
  const install = await installDependencies(
    {
      sandboxWith,
      hostEnv: deps.hostEnv,
      log: deps.log,
      cache: chooseDependencyCacheDir(req.env.XIHE_WORK_DIR, req.root, deps.hostEnv),
      scope: req.cacheScope,
    },
    req.config,
  );
  if (install.status === "failed" || install.status === "refused")
    return installFailed(install, await openWorkspaceGit(req.root).head());
  const repoIndex = settings ? await openRepoIndex(req.root, ".", req.config) : null;
  const model = settings
    ? createModelClient({
        ...settings,
        fetch: deps.fetch,
        sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
        random: deps.random,
        now: deps.now,
      })
    : null;
  const sandbox = sandboxWith([]);
  const lint = (req.config.commands.lint ?? []).filter((c) => !commands.includes(c));
  // The loop's steps persist in the run's store (runs/ implements the agent's Step).
  const step = createStep(
    { store: deps.store, now: deps.now, beforeStep: () => deps.signal?.throwIfAborted() },
    req.runId,
  );
  const git = openWorkspaceGit(req.root);
  // Read before the loop records this attempt's steps: the same prefix the loop then takes.
  const attempt = await loopAttempt(step, git, { freshCheckout: req.freshCheckout });
  const outcome = await runFixLoop(
    {
      step,
      now: deps.now,
      sandbox,
      git,
      model,
      tools: toolRegistry,
      checkCommand: bindCommandPolicy(req.root, [...configured, ...commands]),
      index: repoIndex?.index ?? null,
      localize: repoIndex
        ? localizerFor(repoIndex, req.config, dynamicOptions(deps, sandbox, repoIndex))
        : undefined,
      log: deps.log,
    },
    {
      runId: req.runId,
      commands,
      lint,
      useModel: model !== null,
      limits: budgetLimitsFrom(req.config.budget, { maxCostUsd: req.maxCostUsd }),
      instructions: [req.config.fix.instructions, req.extraInstructions ?? ""].filter(Boolean).join("\n"),
      commandTimeoutMs: req.config.sandbox.command_timeout_seconds * 1000,
      maxOutputTokens: 4096,
      approvals: req.approvals ?? [],
      freshCheckout: req.freshCheckout,
      ci: req.ciFailures
        ? { failures: req.ciFailures, declaredDependencies: declaredDependencies(req.root) }
        : undefined,
    },
  );
  // The change passed the loop's own checks: the repository's verification workflows come next.
  const changed = outcome.commits.length > 0 || req.changedBefore === true;
  if (outcome.status !== "done" || !changed) return { ...outcome, install, attempt };
  // Under the attempt's prefix: an earlier attempt's verdict was about a change this one did not make.
  const verified = await withWorkflowVerdict(
    { ...deps, step: prefixSteps(step, attempt) },
    { runId: req.runId, config: req.config, env: req.env },
    { ...outcome, install },
  );
  return { ...verified, attempt };
}

// The sandbox the run's config asks for (or the host, for a trusted local checkout), with the run's
// limits and the host's toolchains; the install phase asks for one with its proxy directory bound too.
export function sandboxChooser(
  deps: Pick<FixInWorkspaceDeps, "hostEnv" | "newId" | "now" | "signal">,
  req: Pick<
    FixInWorkspaceRequest,
    "runId" | "root" | "config" | "env" | "source" | "trustLocal" | "readOnlyDirs" | "redact"
  >,
) {
  const toolchains = detectToolchains({ hostEnv: deps.hostEnv, configured: req.config.sandbox.toolchains });
  // Probed once per run (it starts bwrap, cgroup and engine probes), not once per sandbox asked for.
  const support = detectSandboxSupport(req.runId);
  return (extraReadOnly: readonly string[]) =>
    withRunSignal(
      chooseSandbox({
        requested: req.trustLocal
          ? "local"
          : req.config.sandbox.runner === "auto"
            ? req.env.XIHE_SANDBOX
            : req.config.sandbox.runner,
        source: req.source,
        trustLocal: req.trustLocal,
        root: req.root,
        support,
        dockerImage: req.env.XIHE_DOCKER_IMAGE,
        newId: deps.newId,
        now: () => deps.now().getTime(),
        readOnlyDirs: [...(req.readOnlyDirs ?? []), ...extraReadOnly],
        redact: req.redact,
        defaults: limitsFromConfig(req.config.sandbox),
        toolchains,
      }),
      deps.signal,
    );
}

type RepoIndex = NonNullable<Awaited<ReturnType<typeof openRepoIndex>>>;
type DynamicOptions = NonNullable<Parameters<typeof createLocalizer>[0]["dynamic"]>;

function localizerFor(repoIndex: RepoIndex, config: RepoConfig, dynamic: DynamicOptions) {
  return createLocalizer({
    index: repoIndex.index,
    readLines: repoIndex.readLines,
    aliases: config.understanding.aliases,
    callDepth: config.understanding.call_depth,
    briefTokens: 6000,
    dynamic,
  });
}

// Dynamic localization re-runs the failing tests with coverage in the run's own sandbox.
function dynamicOptions(deps: FixInWorkspaceDeps, sandbox: Sandbox, repoIndex: RepoIndex): DynamicOptions {
  return {
    sandbox,
    budgetMs: dynamicBudgetMs,
    now: () => deps.now().getTime(),
    // The coverage folder's name must be plain hex (the sandbox env admits only that shape).
    newHexId: () => randomBytes(6).toString("hex"),
    readText: repoIndex.readText,
    log: deps.log,
  };
}

// Nothing was run and nothing changed: the run stops with the install's own reason.
function installFailed(install: InstallEvidence, baseCommit: string): FixOutcome {
  const reason = `install failed (${install.code}): ${install.reason}`;
  return {
    status: "needs_input",
    reason,
    branch: null,
    baseCommit,
    commits: [],
    perception: { state: "config", runs: [], reruns: [], reason },
    verdict: null,
    rounds: 0,
    fixedBy: null,
    question: reason,
    heldStep: null,
    budgetStop: null,
    spend: { modelCalls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, toolCalls: 0, elapsedMs: 0 },
    trace: [],
    install,
  };
}
