// GET /v1/tools: the agent's tool registry as the model sees it, with each tool's permission level.
import { toolsResponse } from "./api-schemas.ts";
import type { ApiRoute } from "./api-route.ts";

/** What the API shows of an agent tool (the registry's tools have this shape). */
export interface ToolDescription {
  name: string;
  description: string;
  permission: "read" | "write" | "command" | "remote_write";
  idempotent: boolean;
  parameters: Record<string, unknown>;
}

export function toolsRoute(tools: readonly ToolDescription[]): ApiRoute {
  return {
    operationId: "listTools",
    method: "GET",
    path: "/v1/tools",
    summary: "The tools the agent may call: JSON Schema of the input, permission level, idempotency",
    scope: "read",
    responses: { 200: { description: "The tool registry", schema: toolsResponse } },
    async handle() {
      return {
        status: 200,
        json: {
          tools: tools.map((t) => ({
            name: t.name,
            description: t.description,
            permission: t.permission,
            idempotent: t.idempotent,
            inputSchema: t.parameters,
          })),
        },
      };
    },
  };
}
