// What the workflow tools (ds-query-workflow.ts, ds-trigger-workflow.ts) work with instead of a
// workspace: the App's DolphinScheduler project, the repository's green list, and the run's own way
// of starting and following a workflow as persisted steps (verbs/workflow/).
import type { DsProjectHandle } from "../integrations/dolphinscheduler/connect-dolphinscheduler.ts";

export interface FollowedWorkflow {
  status: "succeeded" | "failed" | "timeout";
  /** One line. */
  summary: string;
  /** Markdown: attempts, instances, the deciding log line. */
  detail: string;
}

export interface WorkflowToolContext {
  project: DsProjectHandle;
  greenList: readonly string[];
  follow: (name: string, params: Record<string, string>) => Promise<FollowedWorkflow>;
}
