// `/xihe suggest` and `on_failure: suggest`: the fix run's own pipeline (re-authorise, perceive the
// failing checks, install, reproduce, fix, verify), delivered as suggested changes in one review
// instead of a fix PR. A push that committed suggestions (trigger "push") re-verifies instead.
import { linkTarget } from "../../delivery/markdown-text.ts";
import { suggestReviewKey } from "../../delivery/suggest/suggest-review-key.ts";
import type { RunExecutor } from "../../runs/run-executor.ts";
import { createFixRunExecutor, type FixRunDeps } from "../fix/fix-run-executor.ts";
import { suggestReviews } from "../../delivery/suggest/suggest-review-record.ts";

export function createSuggestRunExecutor(deps: FixRunDeps, reverify: RunExecutor): RunExecutor {
  const suggest = createFixRunExecutor({
    ...deps,
    // Exactly once per (head, failing checks): a second run for them points at the first review.
    alreadyDelivered: async (ctx, perception) => {
      const key = suggestReviewKey(
        ctx.run.headSha,
        perception.jobs.map((j) => j.name),
      );
      const done = (await suggestReviews(deps.store, ctx.run.repo, ctx.run.pr!)).find((r) => r.key === key);
      if (!done) return null;
      const link = done.url ? `[the review](${linkTarget(done.url)})` : "the review";
      return {
        status: "succeeded",
        summary: "suggestions for this head and these failing checks were already posted",
        body: `Suggestions for this head and these failing checks were already posted in ${link}; nothing was posted again.`,
      };
    },
  });
  return (ctx) => (ctx.run.trigger === "push" ? reverify(ctx) : suggest(ctx));
}
