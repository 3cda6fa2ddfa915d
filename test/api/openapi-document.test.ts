// The OpenAPI document is generated from the route table: it is a structurally valid 3.1 document,
// its operations are exactly the routes the server answers, and every $ref resolves.
import { afterEach, expect, it } from "vitest";
import { apiRoutes } from "../../src/api/api-routes.ts";
import { toolRegistry } from "../../src/tools/registry.ts";
import { startApiHarness, type ApiHarness } from "./api-harness.ts";

let h: ApiHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

function routeKeys() {
  const routes = apiRoutes({
    store: null as never,
    now: () => new Date(),
    starter: { start: async () => ({ ok: false, reason: "refused", detail: "" }) },
    wakeWorker: () => {},
    cancelRun: () => {},
    tools: toolRegistry,
    eventPollMs: 10,
    version: "1.0.0",
    approver: { approve: async () => ({ ok: false, detail: "" }) },
    projects: {
      plan: async () => ({ ok: false, reason: "unknown_repo", detail: "" }),
      context: async () => ({ ok: false, reason: "unknown_repo", detail: "" }),
    },
  });
  return routes.map((r) => `${r.method} ${r.path}`).sort();
}

it("serves an OpenAPI 3.1 document whose paths are exactly the router's routes", async () => {
  h = await startApiHarness({ executors: {} });
  const res = await fetch(`${h.url}/v1/openapi.json`);
  expect(res.status).toBe(200);
  const doc = (await res.json()) as {
    openapi: string;
    info: { title: string; version: string };
    paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    components: { schemas: Record<string, unknown> };
  };
  expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
  expect(doc.info.title).toBeTruthy();
  expect(doc.info.version).toBeTruthy();
  const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((k) => methods.includes(k))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
  expect(documented.sort()).toEqual(routeKeys());
  const ids = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    expect(path.startsWith("/v1/")).toBe(true);
    for (const op of Object.values(item)) {
      expect(Object.keys(op.responses).length).toBeGreaterThan(0);
      for (const status of Object.keys(op.responses)) expect(status).toMatch(/^[1-5]\d\d$/);
      expect(ids.has(op.operationId)).toBe(false);
      ids.add(op.operationId);
    }
    const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const op of Object.values(item) as { parameters?: { name: string; in: string }[] }[])
      expect(op.parameters?.filter((p) => p.in === "path").map((p) => p.name) ?? []).toEqual(templated);
  }
  const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map(
    (m) => m[1]!,
  );
  expect(refs.length).toBeGreaterThan(0);
  for (const ref of refs) expect(doc.components.schemas[ref]).toBeDefined();
  expect(doc.components.schemas.ExecuteRequest).toMatchObject({
    required: ["verb", "repo", "pr"],
    properties: { verb: { enum: ["fix", "diagnose", "explain", "ask"] } },
  });
});
