// The context of a `/xihe fix` run: what its PR trigger recorded, plus what delivery remembers once
// the fix is on a side branch (deliver-fix.ts), which `/xihe apply` later reads from the fix run.
import { z } from "zod";
import { prRunContext } from "../../runs/pr-run-context.ts";

export const fixRunContext = prRunContext.extend({
  sideBranch: z.string().optional(),
  fixSha: z.string().optional(),
  fixPrNumber: z.number().int().nullable().default(null),
  /** Set when the run applied its own fix to the PR branch (`fix.auto_apply_low_risk`), for `/xihe undo`. */
  fixRunId: z.string().optional(),
});
