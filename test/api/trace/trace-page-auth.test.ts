// Who may open a run's trace page, over real HTTP through the App's front (webhook server): a
// signed link from the PR comment (built by server/trace-pages.ts from XIHE_PUBLIC_URL and
// XIHE_TRACE_SECRET), or a bearer token with read scope whose repository pattern covers the run.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pino } from "pino";
import { afterEach, beforeEach, expect, it } from "vitest";
import { newApiToken } from "../../../src/api/api-token.ts";
import { loadEnv } from "../../../src/config.ts";
import { renderStatusComment } from "../../../src/github/render-status-comment.ts";
import { createTracePages, traceLinks } from "../../../src/server/trace-pages.ts";
import { openSqliteStore } from "../../../src/store/sqlite-store.ts";
import type { ApiScope, Store } from "../../../src/store/store.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

const secret = "k".repeat(48);
let store: Store;
let server: Server;
let base: string;
const now = () => new Date();

beforeEach(async () => {
  store = openSqliteStore(join(scratchDir("xihe-trace-auth-"), "x.db"));
  await store.createRun(
    {
      installationId: 1,
      repo: "octo/app",
      pr: 7,
      headSha: "a".repeat(40),
      verb: "fix",
      args: "",
      trigger: "comment",
      requester: "alice",
      budget: null,
      context: {},
    },
    { id: "r0123456789", now: now().toISOString() },
  );
  const env = loadEnv({ XIHE_TRACE_SECRET: secret, XIHE_STORE: ":memory:" });
  const handler = createTracePages({ env, store, log: pino({ level: "silent" }), now });
  server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await store.close();
});

async function token(scope: ApiScope, repoPattern: string, expiresAt: string | null = null) {
  const { token, record } = newApiToken(randomBytes, {
    repoPattern,
    scope,
    label: "t",
    createdAt: now().toISOString(),
    expiresAt,
  });
  await store.createApiToken(record);
  return token;
}

const page = (auth?: string) =>
  fetch(`${base}/runs/r0123456789`, auth ? { headers: { authorization: `Bearer ${auth}` } } : {});

it("opens with a read token on the run's repository, and answers 404 to a token for another", async () => {
  const ok = await page(await token("read", "octo/*"));
  expect(ok.status).toBe(200);
  expect(ok.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(ok.headers.get("content-security-policy")).toContain("default-src 'none'");
  expect(await ok.text()).toContain("<title>Xihe run r0123456789 · octo/app</title>");
  const other = await page(await token("approve", "elsewhere/app"));
  expect(other.status).toBe(404);
  const expired = await page(await token("read", "octo/app", new Date(Date.now() - 1000).toISOString()));
  expect(expired.status).toBe(401);
  expect(((await expired.json()) as { type: string }).type).toBe("urn:xihe:problem:token-expired");
  expect((await page("xihe_000000000000_" + "A".repeat(43))).status).toBe(401);
  const audit = await store.listAudit({ runId: "r0123456789" });
  expect(audit.map((a) => [a.action, a.result])).toContainEqual(["trace.view", { status: 200 }]);
});

it("opens with the signed link that the status comment carries when a public URL is configured", async () => {
  const links = traceLinks(
    loadEnv({ XIHE_TRACE_SECRET: secret, XIHE_PUBLIC_URL: "https://xihe.example/", XIHE_STORE: ":memory:" }),
    now,
  );
  const url = links("r0123456789")!;
  expect(url).toMatch(/^https:\/\/xihe\.example\/runs\/r0123456789\?expires=\d+&sig=[\w-]{43}$/);
  const comment = renderStatusComment(
    { id: "r0123456789", verb: "fix", headSha: "a".repeat(40), requester: "alice" },
    { status: "succeeded", line: "fixed", traceUrl: url },
  );
  expect(comment).toContain(`· [trace](${url})</sub>`);
  const res = await fetch(url.replace("https://xihe.example", base));
  expect(res.status).toBe(200);
  expect(
    traceLinks(loadEnv({ XIHE_PUBLIC_URL: "https://xihe.example", XIHE_STORE: ":memory:" }), now)("r1"),
  ).toBe(null);
});

it("refuses a short trace secret and a public URL that is not http(s), naming the key", () => {
  expect(() => loadEnv({ XIHE_TRACE_SECRET: "short" })).toThrow(/XIHE_TRACE_SECRET.*at least 32/s);
  expect(() => loadEnv({ XIHE_PUBLIC_URL: "javascript:alert(1)" })).toThrow(/XIHE_PUBLIC_URL/);
});
