// The run trace page in a real browser (Debian's headless Chromium through playwright-core): a real
// `xihe fix` run (bubblewrap sandbox, scripted model over HTTP, real git and SQLite) whose checkout
// holds a <script> in the file the model reads, served by the trace page handler on 127.0.0.1.
import { rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pino } from "pino";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimiter } from "../../../src/api/rate-limiter.ts";
import { createTracePageHandler } from "../../../src/api/trace/trace-page-handler.ts";
import { signTracePath } from "../../../src/api/trace/trace-link.ts";
import { main } from "../../../src/cli.ts";
import { openSqliteStore } from "../../../src/store/sqlite-store.ts";
import type { Store } from "../../../src/store/store.ts";
import { loadTurns, startScriptedModelServer } from "../../agent/support/scripted-model-server.ts";
import { sumRepo, testCommand } from "../../agent/support/sum-repo.ts";
import { makeGitRepo, type TempRepo } from "../../tools/support/make-git-repo.ts";
import { findChromium } from "./find-chromium.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

const secret = "s".repeat(40);
const hostile = '<script>window.__xihePwned = 1</script><img src=x onerror="window.__xihePwned = 2">';

let repo: TempRepo;
let storeDir: string;
let store: Store;
let server: Server;
let base: string;
let browser: Browser;
let runId: string;

beforeAll(async () => {
  repo = makeGitRepo({
    ...sumRepo,
    "src/sum.js": `// ${hostile}\nexport function sum(a, b) {\n  return a - b;\n}\n`,
  });
  storeDir = scratchDir("xihe-trace-");
  const model = await startScriptedModelServer(loadTurns("unit-test-repair").slice(1));
  const out: string[] = [];
  const code = await main(["fix", "--cmd", testCommand, "--json", "--max-cost", "0.25"], {
    stdout: (t) => out.push(t),
    stderr: () => {},
    readStdin: async () => "",
    env: {
      XIHE_STORE: join(storeDir, "xihe.db"),
      LOG_LEVEL: "silent",
      XIHE_MODEL_BASE_URL: model.baseURL,
      XIHE_MODEL: "m",
      XIHE_MODEL_API_KEY: "test-key",
      XIHE_MODEL_PRICES: '{"m":{"input":1,"output":4}}',
    },
    cwd: repo.root,
    isTTY: false,
  });
  await model.close();
  expect(code).toBe(0);
  runId = (JSON.parse(out.join("")) as { runId: string }).runId;
  store = openSqliteStore(join(storeDir, "xihe.db"));
  const handler = createTracePageHandler({
    store,
    now: () => new Date(),
    log: pino({ level: "silent" }),
    rateLimiter: createRateLimiter({ perMinute: 100, now: () => new Date() }),
    linkSecret: secret,
  });
  server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: findChromium(),
    args: ["--no-sandbox", "--disable-gpu"],
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await store?.close();
  repo?.cleanup();
  rmSync(storeDir, { recursive: true, force: true });
});

const link = () => `${base}${signTracePath(secret, runId, new Date(Date.now() + 3_600_000))}`;

describe("run trace page in Chromium", () => {
  it("renders a finished fix run: steps with durations, tool calls, commands before/after, diff, trace, budget, rollback", async () => {
    const page = await browser.newPage();
    const response = await page.goto(link());
    expect(response?.status()).toBe(200);
    expect(await page.locator("h1").innerText()).toContain(`run ${runId} — succeeded`);
    const steps = page.locator("#timeline tr");
    const stepText = await steps.allInnerTexts();
    expect(stepText.some((t) => t.startsWith("perceive"))).toBe(true);
    expect(
      stepText.filter((t) => /\bround-\d+:exec-\d+\b/.test(t) && /\btool\b/.test(t)).length,
    ).toBeGreaterThanOrEqual(3);
    expect(stepText.every((t, i) => i === 0 || /\d+\.\d\d s|—/.test(t))).toBe(true);
    expect(await page.locator("#timeline").innerText()).toContain("edit_file → ok");
    const commands = await page.locator("#commands tr", { hasText: testCommand }).innerText();
    expect(commands).toMatch(/node --test\s+1\s+0/);
    expect(await page.locator("#diff .del").allInnerTexts()).toContain("-  return a - b;");
    expect(await page.locator("#diff .add").allInnerTexts()).toContain("+  return a + b;");
    expect(await page.locator("#reasoning tr").count()).toBeGreaterThan(2);
    expect(await page.locator("#budget meter").count()).toBe(4);
    const rollback = await page.locator("#rollback").innerText();
    expect(rollback).toContain(`git branch -D xihe/fix-${runId}`);
    expect(rollback).toMatch(/git revert --no-edit [0-9a-f]{40}\^\.\.[0-9a-f]{40}/);
    await page.screenshot({
      path: process.env.XIHE_TRACE_SCREENSHOT ?? join(storeDir, "trace.png"),
      fullPage: true,
    });
    await page.close();
  });

  it("shows a <script> in a tool's output as text, folded, and never runs it", async () => {
    const page = await browser.newPage();
    await page.goto(link());
    expect(await page.evaluate(() => (globalThis as { __xihePwned?: number }).__xihePwned)).toBeUndefined();
    expect(await page.locator("script").count()).toBe(0);
    expect(await page.locator("img").count()).toBe(0);
    const readResult = page
      .locator("#timeline details", { hasText: "result" })
      .filter({ hasText: "<script>" })
      .first();
    const pre = readResult.locator("pre");
    expect(await pre.isVisible()).toBe(false);
    await readResult.locator("summary").click();
    expect(await pre.isVisible()).toBe(true);
    expect(await pre.innerText()).toContain(hostile);
    expect(await page.locator("#diff pre").innerText()).toContain(hostile);
    expect(await page.evaluate(() => (globalThis as { __xihePwned?: number }).__xihePwned)).toBeUndefined();
    await page.close();
  });

  it("refuses a missing, tampered or expired link and a wrong or missing token, as problem+json", async () => {
    // Another first character than the real one: a signature that begins with "A" stays valid under
    // a blind "A", and the link would open (one run in 64).
    const tampered = link().replace(/sig=(.)/, (_, first: string) => `sig=${first === "A" ? "B" : "A"}`);
    const expired = `${base}${signTracePath(secret, runId, new Date(Date.now() - 1000))}`;
    for (const [url, status, type] of [
      [`${base}/runs/${runId}`, 401, "unauthenticated"],
      [tampered, 401, "unauthenticated"],
      [expired, 401, "token-expired"],
      [`${base}/runs/../etc/passwd`, 404, "not-found"],
    ] as const) {
      const res = await fetch(url);
      expect(res.status, url).toBe(status);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(((await res.json()) as { type: string }).type).toBe(`urn:xihe:problem:${type}`);
    }
    const other = signTracePath(secret, "someoneelse", new Date(Date.now() + 60_000)).split("?")[1];
    expect((await fetch(`${base}/runs/${runId}?${other}`)).status).toBe(401);
  });
});
