// `fix.auto_apply_low_risk`: after the side branch is pushed, bring it into the PR branch through the
// same code as `/xihe apply`, as the run's own approval. The lease is the head the run fixed: if the
// PR moved, applyFix refuses (head_moved) and the fix stays on its side branch with that reason. A
// persisted step, and applyFix recognises a fix already on the branch, so a resumed run never pushes
// twice (threat model A34).
import { applyFix } from "../../delivery/apply-fix.ts";
import { chooseApplyTarget } from "../../delivery/choose-apply-target.ts";
import type { AutoApplyDecision } from "../../delivery/decide-auto-apply.ts";
import { DeliveryRefusal } from "../../delivery/delivery-refusal.ts";
import { parseRunContext } from "../../runs/run-context.ts";
import type { RunContext } from "../../runs/run-executor.ts";
import type { Store } from "../../store/store.ts";
import { autoApplyResult, type AutoApplyResult } from "./deliver-fix-types.ts";
import { fixRunContext } from "./fix-run-context.ts";

export interface AutoApplyFixInput {
  decision: AutoApplyDecision;
  workspaceDir: string;
  hooksDir: string;
  token: string;
  cloneUrl: string;
  headRef: string;
  sideBranch: string;
  sideSha: string;
  author: { name: string; email: string };
  now: () => Date;
  /** Where the push to the PR branch is recorded, like a `/xihe apply`. */
  store: Pick<Store, "addAudit">;
}

export async function autoApplyFix(ctx: RunContext, input: AutoApplyFixInput): Promise<AutoApplyResult> {
  const { decision } = input;
  if (!decision.apply) return { applied: false, why: decision.why, before: null, after: null };
  const { run } = ctx;
  // Forks are excluded by decideAutoApply; the target is still chosen by the apply path's own rule.
  const target = chooseApplyTarget(
    {
      isFork: parseRunContext(run, fixRunContext).isFork,
      maintainerCanModify: false,
      headCloneUrl: "",
      baseCloneUrl: input.cloneUrl,
    },
    { allowForkPush: false },
  );
  if (!target.allowed) return { applied: false, why: target.message, before: null, after: null };
  return ctx.step(
    "deliver:auto-apply",
    { kind: "push", input: { branch: input.sideBranch }, output: autoApplyResult },
    async () => {
      await ctx.progress(`Applying the fix to \`${input.headRef}\`…`);
      try {
        const result = await applyFix({
          dir: input.workspaceDir,
          hooksDir: input.hooksDir,
          token: input.token,
          headRemoteUrl: target.headRemoteUrl,
          sideRemoteUrl: input.cloneUrl,
          headRef: input.headRef,
          sideBranch: input.sideBranch,
          sideSha: input.sideSha,
          // No person approved a head: the head the run fixed is the lease (else head_moved).
          fixBaseSha: run.headSha,
          fixRunId: run.id,
          applyRunId: run.id,
          author: input.author,
          now: input.now,
        });
        const applied: AutoApplyResult = result.applied
          ? { applied: true, why: decision.because, before: result.before, after: result.after }
          : { applied: true, why: decision.because, before: null, after: result.head };
        await input.store.addAudit({
          at: input.now().toISOString(),
          actor: run.requester,
          action: "auto_apply",
          repo: run.repo,
          runId: run.id,
          params: { fixRunId: run.id, sideBranch: input.sideBranch },
          result: applied,
        });
        return applied;
      } catch (err) {
        if (!(err instanceof DeliveryRefusal)) throw err;
        return { applied: false, why: err.message, before: null, after: null };
      }
    },
  );
}
