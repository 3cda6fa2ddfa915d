// Every body the HTTP API reads or writes, declared once in zod: requests are parsed with these,
// and the OpenAPI document (openapi-document.ts) is generated from the same objects.
import { z } from "zod";

/** The named schemas of the API: each becomes a component of the OpenAPI document. */
export const apiSchemas = z.registry<{ id: string }>();

export const runnableVerbs = ["fix", "diagnose", "explain", "ask"] as const;

export const repoName = z
  .string()
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/, "owner/name, e.g. octo/app")
  .refine((r) => !r.endsWith("/.") && !r.endsWith("/.."), "owner/name, e.g. octo/app")
  .describe("The repository, owner/name");

export const executeRequest = z
  .strictObject({
    verb: z.enum(runnableVerbs).describe("What to do: the same verbs as the /xihe PR commands"),
    repo: repoName,
    pr: z.number().int().min(1).max(2_147_483_647).describe("The pull request the run works on"),
    args: z
      .string()
      .max(4000)
      .default("")
      .describe("Extra words for the verb: the question of `ask`, a path or symbol for `explain`"),
  })
  .refine((r) => r.verb !== "ask" || r.args.trim().length > 0, {
    path: ["args"],
    message: "ask needs the question in args",
  })
  .register(apiSchemas, { id: "ExecuteRequest" });

export const runView = z
  .object({
    id: z.string(),
    repo: z.string(),
    pr: z.number().int().nullable(),
    verb: z.string(),
    args: z.string(),
    trigger: z.string(),
    requester: z.string(),
    headSha: z.string(),
    status: z.enum(["queued", "running", "succeeded", "failed", "cancelled", "needs_input"]),
    reason: z.string().nullable().describe("Why the run ended, when it did not succeed"),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    steps: z
      .array(
        z.object({
          stepId: z.string(),
          kind: z.string(),
          status: z.enum(["running", "succeeded", "failed"]),
          startedAt: z.string(),
          endedAt: z.string().nullable(),
          error: z.string().nullable(),
        }),
      )
      .describe("Persisted steps in the order they started"),
    links: z.object({ self: z.string(), events: z.string() }),
  })
  .register(apiSchemas, { id: "Run" });

export const approveRequest = z
  .strictObject({
    steps: z
      .array(z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, "a step id, e.g. round-1:exec-1"))
      .min(1)
      .max(10)
      .describe("The held changes to apply: the step ids the run's outcome names (heldStep)"),
  })
  .register(apiSchemas, { id: "ApproveRequest" });
export type ApproveRequest = z.infer<typeof approveRequest>;

export const executeResponse = z
  .object({
    run: runView,
    created: z.boolean().describe("False when an active run of the same verb on the same PR head was reused"),
  })
  .register(apiSchemas, { id: "ExecuteResponse" });

export const toolsResponse = z
  .object({
    tools: z.array(
      z.object({
        name: z.string(),
        description: z.string(),
        permission: z.enum(["read", "write", "command", "remote_write"]),
        idempotent: z.boolean(),
        inputSchema: z.record(z.string(), z.unknown()).describe("JSON Schema of the tool's input"),
      }),
    ),
  })
  .register(apiSchemas, { id: "Tools" });

export const problemDocument = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string(),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe("Which fields of the body were wrong (invalid-request)"),
  })
  .register(apiSchemas, { id: "Problem" });

/** The events of GET /v1/runs/{id}/events, one `data:` JSON per SSE event named by `event`. */
export const runEvent = z
  .discriminatedUnion("event", [
    z.object({ event: z.literal("status"), status: runView.shape.status }),
    z.object({ event: z.literal("step.started"), stepId: z.string(), kind: z.string(), at: z.string() }),
    z.object({
      event: z.literal("step.finished"),
      stepId: z.string(),
      kind: z.string(),
      status: z.enum(["succeeded", "failed"]),
      at: z.string(),
      error: z.string().nullable(),
    }),
    z.object({
      event: z.literal("outcome"),
      status: z.enum(["succeeded", "failed", "cancelled", "needs_input"]),
      reason: z.string().nullable(),
      endedAt: z.string().nullable(),
    }),
  ])
  .register(apiSchemas, { id: "RunEvent" });

export type ExecuteRequest = z.infer<typeof executeRequest>;
export type RunView = z.infer<typeof runView>;
export type RunEvent = z.infer<typeof runEvent>;
