// What a fix run would do on a checkout, computed without doing any of it: perception of the failing
// log, the commands it would run (install, then those that must pass) and in which sandbox, the code
// the static localizer suspects (`xihe locate`'s machinery), the model and the budget. It runs none
// of the project's code and writes nothing: the index is built without a persistent cache.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { briefFailure } from "../../agent/loop/check-run.ts";
import { budgetLimitsFrom } from "../../agent/loop/budget.ts";
import type { Plan } from "../../api/project-schemas.ts";
import { diagnose } from "../../perception/diagnose.ts";
import { localize } from "../../understanding/localize/localize.ts";
import { isInstallFresh } from "../../workspace/install/install-freshness.ts";
import { detectInstall } from "../../workspace/install/detect-install.ts";
import { configView, indexProject, type ProjectCheckout } from "./project-checkout.ts";
import { plannedCommands } from "./planned-commands.ts";

export interface PlanSettings {
  /** XIHE_SANDBOX: the runner `sandbox.runner: auto` resolves to. */
  sandbox: string;
  modelConfigured: boolean;
}

const shownFailures = 50;

export async function planFix(
  checkout: ProjectCheckout,
  logText: string | null,
  settings: PlanSettings,
  limit: number,
): Promise<Plan> {
  const { root, config } = checkout;
  const notes: string[] = [];
  const repo = await indexProject(checkout);
  const diagnosis =
    logText === null
      ? null
      : await diagnose(logText, { repoRoot: root, fileExists: (rel) => existsSync(join(root, rel)) });
  if (diagnosis === null)
    notes.push("no failing log was given: nothing was perceived or localized (send the log in `log`)");
  else if (diagnosis.failures.length === 0) notes.push("the log names no failure that perception can read");
  const suspects = diagnosis
    ? localize({
        index: repo.index,
        failures: diagnosis.failures,
        logText: logText!,
        readLines: repo.readLines,
        aliases: config.understanding.aliases,
        callDepth: config.understanding.call_depth,
        limit,
      })
    : [];
  const install = detectInstall(root, { allowScripts: config.sandbox.allow_install_scripts });
  if (!config.commands.install && install && isInstallFresh(root, install.manager))
    notes.push(
      `the dependencies are installed from the current lockfile (${install.manager}): the install would be skipped`,
    );
  const budget = budgetLimitsFrom(config.budget);
  return {
    repo: checkout.repo,
    headSha: checkout.headSha,
    config: configView(checkout),
    perception: diagnosis && {
      failureCount: diagnosis.failures.length,
      failures: diagnosis.failures.slice(0, shownFailures).map(briefFailure),
      classification: diagnosis.classification,
      tools: diagnosis.tools,
    },
    reproduction: {
      sandbox: {
        runner: config.sandbox.runner === "auto" ? settings.sandbox : config.sandbox.runner,
        commandTimeoutSeconds: config.sandbox.command_timeout_seconds,
        memoryMb: config.sandbox.memory_mb,
        maxPids: config.sandbox.max_pids,
      },
      commands: plannedCommands(root, config),
    },
    localization: { indexedFiles: repo.index.files.length, symbols: repo.index.symbols.length, suspects },
    budget: {
      maxCostUsd: budget.maxCostUsd,
      maxTokens: budget.maxTokens,
      maxWallSeconds: Math.round(budget.maxWallMs / 1000),
      maxToolCalls: budget.maxToolCalls,
      maxRepairRounds: budget.maxRepairRounds,
    },
    model: {
      configured: settings.modelConfigured,
      used: settings.modelConfigured && !config.fix.deterministic_only,
    },
    notes,
  };
}
