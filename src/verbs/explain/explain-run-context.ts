// The context an `/xihe explain` run reads: where to clone, whether the head is a fork's, and the
// base branch to diff against (read from the PR again when an older run did not record it).
import { prRunContext } from "../../runs/pr-run-context.ts";

export const explainRunContext = prRunContext.pick({ cloneUrl: true, isFork: true, baseRef: true });
