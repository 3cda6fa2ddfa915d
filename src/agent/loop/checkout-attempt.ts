// A run resumed in a fresh checkout (the App clones anew for each attempt) does not have the commits
// an earlier attempt's loop made in its own checkout: replaying those steps would return commit
// SHAs and a branch this checkout lacks, and verification or the push would then fail. So the loop
// runs again under new step ids ("again-1:", "again-2:", ...), once per checkout that lost its work.
import type { z } from "zod";
import type { WorkspaceGit } from "../../tools/workspace-git.ts";
import type { Step, StepSpec } from "../step.ts";

/**
 * The step-id prefix of this checkout's attempt. Only the newest attempt can be this checkout's
 * (each began in the checkout that came last): it is, when this checkout is on the branch its
 * `branch` step opened or it opened none (nothing committed); otherwise a new attempt begins.
 */
export async function checkoutAttempt<S extends z.ZodType<{ branch: string | null }>>(
  step: Step,
  git: Pick<WorkspaceGit, "currentBranch">,
  branchStart: S,
): Promise<string> {
  let newest: { n: number; branch: string | null } | null = null;
  for (let n = 0; ; n++) {
    const start = await step.replayed(`${prefixOf(n)}branch`, branchStart);
    if (!start) break;
    newest = { n, branch: start.branch };
  }
  if (!newest) return "";
  const current = await git.currentBranch();
  if (newest.branch === null || newest.branch === current) return prefixOf(newest.n);
  return prefixOf(newest.n + 1);
}

const prefixOf = (n: number) => (n === 0 ? "" : `again-${n}:`);

/** The same persisted steps with every id under `prefix`. */
export function prefixSteps(step: Step, prefix: string): Step {
  if (prefix === "") return step;
  const prefixed = <T>(stepId: string, spec: StepSpec<T>, fn: () => Promise<T>) =>
    step(`${prefix}${stepId}`, spec, fn);
  return Object.assign(prefixed, {
    replayed: <T>(stepId: string, output: z.ZodType<T>) => step.replayed(`${prefix}${stepId}`, output),
  });
}
