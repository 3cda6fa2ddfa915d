// Read-only look at DolphinScheduler: the project's workflows, one workflow's definition and recent
// instances, or one instance's state with its tasks and the log tail of the failed ones.
import { z } from "zod";
import { classifyWorkflowFailure } from "../integrations/dolphinscheduler/classify-workflow-failure.ts";
import { findWorkflow } from "../integrations/dolphinscheduler/connect-dolphinscheduler.ts";
import { UnknownWorkflow } from "../integrations/dolphinscheduler/ds-errors.ts";
import { ToolFailure } from "../errors.ts";
import { defineTool } from "./define-tool.ts";
import type { WorkflowToolContext } from "./workflow-tool-context.ts";

const input = z.strictObject({
  name: z
    .string()
    .min(1)
    .optional()
    .describe("Workflow (process definition) name; omit it and instance_id to list the project's workflows"),
  instance_id: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("A workflow instance id: its state, its tasks, and the log tail of failed tasks"),
  recent: z.number().int().min(1).max(20).default(5).describe("How many recent instances to show for a name"),
});

const logTailLines = 30;
const failedTask = new Set(["FAILURE", "KILL", "NEED_FAULT_TOLERANCE"]);

export const dsQueryWorkflow = defineTool<typeof input, WorkflowToolContext>({
  name: "ds_query_workflow",
  permission: "read",
  idempotent: true,
  input,
  description:
    "Look up DolphinScheduler workflows: list them, show one by name with its recent instances, or show one instance's tasks and failed-task logs.",
  async run({ name, instance_id: instanceId, recent }, ctx) {
    if (instanceId !== undefined) return showInstance(ctx, instanceId);
    if (name !== undefined) return showWorkflow(ctx, name, recent);
    const all = await ctx.project.client.listWorkflows(ctx.project.projectCode);
    const lines = all.map(
      (d) => `- ${d.name} (code ${d.code}, ${d.releaseState ?? "?"})${greenMark(ctx, d.name)}`,
    );
    return {
      forModel: `${all.length} workflow(s) in project ${ctx.project.projectName}:\n${lines.join("\n")}`,
      summary: `listed ${all.length} workflow(s)`,
    };
  },
});

async function showWorkflow(ctx: WorkflowToolContext, name: string, recent: number) {
  const { client, projectCode } = ctx.project;
  const definition = await findWorkflow(ctx.project, name).catch((err: unknown) => {
    throw err instanceof UnknownWorkflow ? new ToolFailure(err.message, { cause: err }) : err;
  });
  const instances = await client.listInstances(projectCode, definition.code, recent);
  const lines = [
    `workflow ${definition.name} (code ${definition.code}, version ${definition.version ?? "?"}, ${definition.releaseState ?? "?"})${greenMark(ctx, name)}`,
    ...(definition.description ? [`description: ${definition.description}`] : []),
    instances.length > 0 ? "recent instances:" : "no instances yet",
    ...instances.map(
      (i) => `- ${i.id}: ${i.state} (started ${i.startTime ?? "?"}, ended ${i.endTime ?? "-"})`,
    ),
  ];
  return { forModel: lines.join("\n"), summary: `workflow ${name}: ${instances[0]?.state ?? "never run"}` };
}

async function showInstance(ctx: WorkflowToolContext, id: number) {
  const { client, projectCode } = ctx.project;
  const instance = await client.getInstance(projectCode, id);
  const tasks = await client.listTasks(projectCode, id);
  const lines = [`instance ${id} (${instance.name ?? "?"}): ${instance.state}`];
  for (const task of tasks) {
    lines.push(`- task ${task.name}: ${task.state}`);
    if (!failedTask.has(task.state)) continue;
    const log = await client.taskLog(task.id, 2000);
    const failure = classifyWorkflowFailure(log);
    lines.push(`  failure: ${failure.kind} (${failure.cause})`, "  log tail:");
    lines.push(
      ...log
        .split(/\r?\n/)
        .slice(-logTailLines)
        .map((l) => `    ${l}`),
    );
  }
  return { forModel: lines.join("\n"), summary: `instance ${id}: ${instance.state}` };
}

function greenMark(ctx: WorkflowToolContext, name: string): string {
  return ctx.greenList.includes(name) ? " [green list: retried on transient failures]" : "";
}
