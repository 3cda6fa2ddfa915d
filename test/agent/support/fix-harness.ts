// Wires the real fix loop for tests: a real git repo, the bubblewrap sandbox, the SQLite store, the
// real model client against the scripted HTTP model, and the workspace command policy.
import { rmSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import { pino } from "pino";
import { createModelClient } from "../../../src/agent/model/model-client.ts";
import { createStep } from "../../../src/runs/run-step.ts";
import { runFixLoop, type FixRequest } from "../../../src/agent/loop/fix-loop.ts";
import type { FixOutcome } from "../../../src/agent/loop/fix-outcome.ts";
import { defaultRepoConfig } from "../../../src/config.ts";
import { budgetLimitsFrom, type BudgetLimits } from "../../../src/agent/loop/budget.ts";
import { openSqliteStore } from "../../../src/store/sqlite-store.ts";
import type { Store } from "../../../src/store/store.ts";
import { bindCommandPolicy } from "../../../src/tools/bind-command-policy.ts";
import { openWorkspaceGit } from "../../../src/tools/open-workspace-git.ts";
import { toolRegistry } from "../../../src/tools/registry.ts";
import { chooseSandbox } from "../../../src/workspace/sandbox/choose-sandbox.ts";
import { detectSandboxSupport } from "../../../src/workspace/sandbox/sandbox-support.ts";
import type { Sandbox } from "../../../src/workspace/sandbox/sandbox.ts";
import { makeGitRepo, type TempRepo } from "../../tools/support/make-git-repo.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

export const projectNodeModules = resolve(import.meta.dirname, "../../../node_modules");

export interface Harness {
  repo: TempRepo;
  store: Store;
  sandbox: Sandbox;
  run: (
    request: Partial<FixRequest> & { commands: string[] },
    /** `store`: another harness's store, so this checkout resumes that run (a fresh clone). */
    options?: { baseURL?: string; now?: () => Date; sleeps?: number[]; store?: Store },
  ) => Promise<FixOutcome>;
  cleanup: () => Promise<void>;
}

let counter = 0;

export function fixHarness(
  files: Record<string, string>,
  options: { linkNodeModules?: boolean } = {},
): Harness {
  const repo = makeGitRepo({ ".gitignore": "node_modules\n", ...files });
  if (options.linkNodeModules) symlinkSync(projectNodeModules, join(repo.root, "node_modules"));
  const dbDir = scratchDir("xihe-store-");
  const store = openSqliteStore(join(dbDir, "xihe.db"));
  const support = detectSandboxSupport(`test-${process.pid}`);
  // The runner a real run gets (chooseSandbox), so its wrapping (nested-repository cleanup) is tested.
  const sandbox = chooseSandbox({
    requested: "bwrap",
    source: "github",
    trustLocal: false,
    root: repo.root,
    support,
    newId: () => `t${process.pid}-${++counter}`,
    now: () => Date.now(),
    readOnlyDirs: options.linkNodeModules ? [projectNodeModules] : [],
  });
  const limits: BudgetLimits = budgetLimitsFrom(defaultRepoConfig.budget);
  return {
    repo,
    store,
    sandbox,
    async run(request, runOptions = {}) {
      const runId = request.runId ?? `run${++counter}`;
      const now = runOptions.now ?? (() => new Date());
      const runStore = runOptions.store ?? store;
      if (!(await runStore.getRun(runId)))
        await runStore.createRun(
          {
            installationId: null,
            repo: "local/test",
            pr: null,
            headSha: repo.git("rev-parse", "HEAD").trim(),
            verb: "fix",
            args: "",
            trigger: "cli",
            requester: "test",
            budget: {},
            context: {},
          },
          { id: runId, now: now().toISOString() },
        );
      const model = runOptions.baseURL
        ? createModelClient({
            baseURL: runOptions.baseURL,
            apiKey: "test-key",
            models: { perception: "m", planning: "m-plan", execution: "m" },
            prices: { m: { input: 1, output: 4 }, "m-plan": { input: 1, output: 4 } },
            toolMode: "native",
            fetch: globalThis.fetch,
            sleep: async (ms) => {
              runOptions.sleeps?.push(ms);
            },
            random: () => 0.5,
            now,
            timeoutMs: 10_000,
          })
        : null;
      return runFixLoop(
        {
          step: createStep({ store: runStore, now }, runId),
          now,
          sandbox,
          git: openWorkspaceGit(repo.root),
          model,
          tools: toolRegistry,
          checkCommand: bindCommandPolicy(repo.root, request.commands),
          index: null,
          log: pino({ level: "silent" }),
        },
        {
          runId,
          lint: [],
          useModel: model !== null,
          limits,
          instructions: "",
          commandTimeoutMs: 60_000,
          maxOutputTokens: 1024,
          approvals: [],
          ...request,
        },
      );
    },
    async cleanup() {
      await store.close();
      repo.cleanup();
      rmSync(dbDir, { recursive: true, force: true });
    },
  };
}
