// The contexts of `/xihe apply` and `/xihe undo` runs: what their PR trigger recorded, plus the fix
// run an apply brought in (remembered, so a later undo finds it).
import { z } from "zod";
import { prRunContext } from "../../runs/pr-run-context.ts";

export const applyRunContext = prRunContext.extend({
  fixRunId: z.string().optional(),
});

export const undoRunContext = prRunContext;
