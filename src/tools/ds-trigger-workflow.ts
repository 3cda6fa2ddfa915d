// Starts one DolphinScheduler workflow and follows it to its end, as steps of the current run: at
// most one start per attempt, retries only for green-listed workflows with transient failures.
import { z } from "zod";
import { defineTool } from "./define-tool.ts";
import type { WorkflowToolContext } from "./workflow-tool-context.ts";

const input = z.strictObject({
  name: z.string().min(1).describe("Workflow (process definition) name, exactly as in DolphinScheduler"),
  params: z
    .record(z.string().regex(/^[A-Za-z_][\w.-]{0,63}$/), z.string().max(1000))
    .default({})
    .describe("Start parameters (the workflow's global parameters), name to value"),
});

export const dsTriggerWorkflow = defineTool<typeof input, WorkflowToolContext>({
  name: "ds_trigger_workflow",
  permission: "remote_write",
  idempotent: false,
  input,
  description:
    "Start a DolphinScheduler workflow with parameters and wait for its result (success, failure with its class, or timeout).",
  async run({ name, params }, ctx) {
    const followed = await ctx.follow(name, params);
    return { forModel: `${followed.summary}\n\n${followed.detail}`, summary: followed.summary };
  },
});
