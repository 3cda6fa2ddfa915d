// The deterministic tier: formatters and --fix linters chosen from the failures, run in the sandbox,
// each committed as its own step, then verified like any other change. No model involved.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { Step } from "../step.ts";
import type { WorkspaceGit } from "../../tools/workspace-git.ts";
import type { Sandbox } from "../../workspace/sandbox/sandbox.ts";
import type { CheckRun } from "./check-run.ts";
import { chooseFixers } from "../choose-fixers.ts";
import { traceEntry, traceEntrySchema } from "./reasoning-trace.ts";

const fixerRun = z.object({
  name: z.string(),
  argv: z.array(z.string()),
  exitCode: z.number().nullable(),
  commit: z.string().nullable(),
  trace: traceEntrySchema,
});
export type FixerRun = z.infer<typeof fixerRun>;

export interface TierDeps {
  step: Step;
  sandbox: Sandbox;
  git: WorkspaceGit;
  runId: string;
  timeoutMs: () => number;
}

export async function runDeterministicTier(
  deps: TierDeps,
  failing: readonly CheckRun[],
): Promise<FixerRun[]> {
  const fixers = chooseFixers({ failing, exists: (path) => existsInWorkspace(deps.sandbox.root, path) });
  const runs: FixerRun[] = [];
  for (const [index, fixer] of fixers.entries()) {
    const stepId = `fixer-${index + 1}`;
    const output = await deps.step(
      stepId,
      { kind: "fixer", input: { ...fixer }, output: fixerRun },
      async () => {
        const result = await deps.sandbox.run(fixer.argv, {
          timeoutMs: deps.timeoutMs(),
          // Fixers are chosen from log text and command lines: never network (A42).
          network: "none",
        });
        const commit = await deps.git.commitAll(
          `xihe: ${fixer.name} (deterministic fixer)\n\nXihe-Run: ${deps.runId}\nXihe-Step: ${stepId}\n`,
        );
        const decision = commit ? `applied ${fixer.name}` : `${fixer.name} changed nothing`;
        return {
          name: fixer.name,
          argv: fixer.argv,
          exitCode: result.exitCode,
          commit,
          trace: traceEntry(
            stepId,
            decision,
            [fixer.reason, `$ ${fixer.argv.join(" ")} → exit ${result.exitCode}`],
            1,
          ),
        };
      },
    );
    runs.push(output);
  }
  return runs;
}

// Only an existence probe for choosing fixers (node_modules may be a link out of the checkout); the
// fixer itself runs in the sandbox.
function existsInWorkspace(root: string, path: string): boolean {
  return existsSync(join(root, path));
}
