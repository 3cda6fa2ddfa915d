// The HTTP API as operators reach it: a token made with `xihe token create` on the App's store, and
// `bin/xihe-app.js` in its own process answering /v1 next to its webhooks.
import { generateKeyPairSync } from "node:crypto";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import { startAppProcess, type AppProcess } from "./app-process.ts";
import { closedPort } from "../support/closed-port.ts";
import { scratchDir } from "../support/scratch-dir.ts";

let app: AppProcess | null = null;
afterEach(async () => {
  await app?.stop();
  app = null;
});

async function createToken(storePath: string, scope: string): Promise<string> {
  let out = "";
  const code = await main(["token", "create", "--repo", "octo/*", "--scope", scope], {
    stdout: (t) => void (out += t),
    stderr: () => undefined,
    readStdin: async () => "",
    env: { XIHE_STORE: storePath },
    cwd: process.cwd(),
    isTTY: false,
  });
  expect(code).toBe(0);
  return out.trim();
}

it("serves /v1 from the App process with tokens created by `xihe token create`", async () => {
  const root = scratchDir("xihe-api-app-");
  const storePath = join(root, "xihe.db");
  const read = await createToken(storePath, "read");
  const { privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  app = await startAppProcess({
    ...process.env,
    APP_ID: "123",
    PRIVATE_KEY: privateKey,
    WEBHOOK_SECRET: "s",
    GHE_HOST: `127.0.0.1:${await closedPort()}`,
    GHE_PROTOCOL: "http",
    HOST: "127.0.0.1",
    PORT: "0",
    XIHE_STORE: storePath,
    XIHE_WORK_DIR: join(root, "work"),
  });
  const base = `http://127.0.0.1:${app.port}`;
  const auth = { authorization: `Bearer ${read}` };
  expect((await fetch(`${base}/v1/openapi.json`)).status).toBe(200);
  const tools = await fetch(`${base}/v1/tools`, { headers: auth });
  expect(tools.status).toBe(200);
  expect(((await tools.json()) as { tools: unknown[] }).tools.length).toBeGreaterThan(5);
  const refused = await fetch(`${base}/v1/execute`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ verb: "fix", repo: "octo/app", pr: 1 }),
  });
  expect(refused.status).toBe(403);
  expect(refused.headers.get("content-type")).toBe("application/problem+json");
  // Plans and project context need a checkout: the App's server says where to get them instead.
  const plan = await fetch(`${base}/v1/plan`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ repo: "octo/app", log: "FAIL test/a.test.js" }),
  });
  expect(plan.status).toBe(501);
  expect(((await plan.json()) as { detail: string }).detail).toContain("xihe serve --project DIR");
  const context = await fetch(`${base}/v1/projects/octo/app/context`, { headers: auth });
  expect(context.status).toBe(501);
  expect((await fetch(`${base}/healthz`)).status).toBe(200);
  // The run trace pages are mounted beside the API: a missing run is a problem, not the webhook 404.
  const trace = await fetch(`${base}/runs/r0000000000`, { headers: auth });
  expect(trace.status).toBe(404);
  expect(trace.headers.get("content-type")).toBe("application/problem+json");
});
