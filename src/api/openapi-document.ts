// The OpenAPI 3.1 document of the HTTP API, generated from the route table and its zod schemas
// (zod's own JSON Schema output, draft 2020-12, the dialect OpenAPI 3.1 uses): no hand-written
// schema can drift from what the handlers parse.
import { z } from "zod";
import { apiSchemas, problemDocument } from "./api-schemas.ts";
import type { ApiResponseSpec, ApiRoute } from "./api-route.ts";

type JsonObject = Record<string, unknown>;

export function openApiDocument(routes: readonly ApiRoute[], version: string): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation(route) };
  }
  return {
    openapi: "3.1.1",
    info: {
      title: "Xihe HTTP API",
      version,
      description:
        "Start and follow Xihe runs. Errors are RFC 9457 problem details (application/problem+json).",
    },
    paths,
    components: {
      schemas: components(),
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "A token from `xihe token create`" },
      },
    },
  };
}

function operation(route: ApiRoute): JsonObject {
  const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const headerParams = (route.headers ?? []).map((h) => ({
    name: h.name,
    in: "header",
    required: false,
    description: h.description,
    schema: { type: "string" },
  }));
  const responses: Record<string, JsonObject> = {};
  for (const [status, spec] of Object.entries(route.responses)) responses[status] = response(spec);
  if (route.scope) {
    responses["401"] ??= response({
      description: "Missing, unknown or expired token",
      schema: problemDocument,
      contentType: problemType,
    });
    responses["403"] ??= response({
      description: `The token lacks scope ${route.scope}`,
      schema: problemDocument,
      contentType: problemType,
    });
    responses["429"] ??= response({
      description: "The token's rate limit is spent",
      schema: problemDocument,
      contentType: problemType,
    });
  }
  return {
    operationId: route.operationId,
    summary: route.summary,
    "x-xihe-scope": route.scope,
    security: route.scope ? [{ bearer: [] }] : [],
    ...(pathParams.length + headerParams.length > 0 ? { parameters: [...pathParams, ...headerParams] } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: schemaRef(route.body, "input") } },
          },
        }
      : {}),
    responses,
  };
}

const problemType = "application/problem+json";

function response(spec: ApiResponseSpec): JsonObject {
  if (!spec.schema) return { description: spec.description };
  return {
    description: spec.description,
    content: { [spec.contentType ?? "application/json"]: { schema: schemaRef(spec.schema, "output") } },
  };
}

/** A $ref to a named component, or the schema inline when it has no name. */
function schemaRef(schema: z.ZodType, io: "input" | "output"): JsonObject {
  const id = apiSchemas.get(schema)?.id;
  if (id) return { $ref: `#/components/schemas/${id}` };
  const { $schema: _, ...inline } = z.toJSONSchema(schema, { io });
  return inline;
}

/** Every named schema; request bodies in their input form (defaults make fields optional). */
function components(): Record<string, JsonObject> {
  const uri = (id: string) => `#/components/schemas/${id}`;
  const output = z.toJSONSchema(apiSchemas, { uri, io: "output" }).schemas;
  const input = z.toJSONSchema(apiSchemas, { uri, io: "input" }).schemas;
  const out: Record<string, JsonObject> = {};
  for (const [id, schema] of Object.entries(output)) {
    const chosen = id.endsWith("Request") ? input[id]! : schema;
    const { $schema: _s, $id: _i, ...rest } = chosen as JsonObject;
    out[id] = rest;
  }
  return out;
}
