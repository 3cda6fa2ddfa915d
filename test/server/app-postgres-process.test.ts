// The App process on a PostgreSQL store, as operators run it (`bin/xihe-app.js`, XIHE_STORE=postgres://):
// a token made by `xihe token create` lands in PostgreSQL and the App accepts it; /readyz follows the
// database through an outage (503 with the reason, then 200) while /healthz stays 200 and the
// process stays up.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import { describePg, startPostgresServer, type PostgresServer } from "../support/postgres-server.ts";
import { startAppProcess, type AppProcess } from "./app-process.ts";
import { closedPort } from "../support/closed-port.ts";
import { scratchDir } from "../support/scratch-dir.ts";

let server: PostgresServer;
let app: AppProcess | null = null;
let root: string | null = null;

async function createToken(store: string): Promise<string> {
  let out = "";
  const code = await main(["token", "create", "--repo", "octo/*", "--scope", "read"], {
    stdout: (t) => void (out += t),
    stderr: () => undefined,
    readStdin: async () => "",
    env: { XIHE_STORE: store },
    cwd: process.cwd(),
    isTTY: false,
  });
  expect(code).toBe(0);
  return out.trim();
}

async function readyz(base: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}/readyz`);
  return { status: res.status, body: await res.json() };
}

describePg("the App on a PostgreSQL store", () => {
  beforeAll(async () => {
    server = await startPostgresServer();
  });
  afterAll(async () => {
    await app?.stop();
    await server?.destroy();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("serves tokens from PostgreSQL and reports readiness through a database outage", async () => {
    const store = await server.createDatabase(`xihe_${randomBytes(4).toString("hex")}`);
    const token = await createToken(store);
    root = scratchDir("xihe-pg-app-");
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
      XIHE_STORE: store,
      XIHE_STORE_POOL_SIZE: "3",
      XIHE_WORK_DIR: join(root, "work"),
      XIHE_ARCHIVE: join(root, "archive"),
      // Alerts keep their outbox in the same PostgreSQL database (no sends happen in this test).
      XIHE_NOTIFY_TEAM: "wecom:https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k1",
    });
    const base = `http://127.0.0.1:${app.port}`;
    expect(app.lines.some((l) => l.includes('"msg":"alerts on"'))).toBe(true);
    const tools = await fetch(`${base}/v1/tools`, { headers: { authorization: `Bearer ${token}` } });
    expect(tools.status).toBe(200);
    expect(await readyz(base)).toEqual({ status: 200, body: { status: "ready", checks: { store: "ok" } } });
    expect(await (await fetch(`${base}/metrics`)).text()).toContain("xihe_queue_depth");

    await server.stop();
    const down = await readyz(base);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      status: "not_ready",
      checks: { store: expect.stringMatching(/PostgreSQL store is unreachable/) },
    });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(app.alive()).toBe(true);
    expect((await readyz(base)).status).toBe(503);

    await server.start();
    expect(await readyz(base)).toEqual({ status: 200, body: { status: "ready", checks: { store: "ok" } } });
    expect(app.alive()).toBe(true);
    // The listening line names the store without its password (this URL has none) and the App never
    // logged an unhandled error while the database was away.
    expect(
      app.lines.some(
        (l) => l.includes('"msg":"xihe app listening"') && l.includes("postgres://xihe@127.0.0.1"),
      ),
    ).toBe(true);
    expect(await app.stop()).toBe(0);
    app = null;
  });
});
