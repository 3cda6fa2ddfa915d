// The notifier end to end on a real outbox (SQLite, and PostgreSQL on a throwaway server) and real HTTP to a fake WeCom robot on 127.0.0.1,
// with a fake clock: storms aggregate, duplicates drop, refusals retry, restarts deliver once.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AlertChannel } from "../../src/notify/alert-channels-from-env.ts";
import { createAlertNotifier, type AlertNotifier } from "../../src/notify/create-alert-notifier.ts";
import type { AlertOutbox } from "../../src/notify/alert-outbox.ts";
import { openPostgresAlertOutbox } from "../../src/store/postgres-alert-outbox.ts";
import { openPostgresStore } from "../../src/store/postgres-store.ts";
import { openSqliteAlertOutbox } from "../../src/store/sqlite-alert-outbox.ts";
import { describePg, startPostgresServer, type PostgresServer } from "../support/postgres-server.ts";
import { alertEvent, subscription } from "./alert-fixtures.ts";
import { startFakeAlertService, wecomOk, type FakeAlertService } from "./fake-alert-service.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const silent = { warn() {}, error() {}, info() {} };
let dir: string;
let service: FakeAlertService;
let clock: Date;
const opened: AlertOutbox[] = [];
let openOutbox: () => Promise<AlertOutbox>;

beforeEach(async () => {
  dir = scratchDir("xihe-alerts-");
  service = await startFakeAlertService(wecomOk);
  clock = new Date("2026-12-03T10:00:00.000Z");
});
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

async function notifier(): Promise<{ notifier: AlertNotifier; outbox: AlertOutbox }> {
  const outbox = await openOutbox();
  opened.push(outbox);
  const channel: AlertChannel = {
    name: "team",
    type: "wecom",
    url: service.url("/cgi-bin/webhook/send?key=test-key"),
    secret: null,
  };
  return {
    outbox,
    notifier: createAlertNotifier({
      outbox,
      channels: new Map([["team", channel]]),
      now: () => clock,
      log: silent,
    }),
  };
}
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
const contents = () =>
  service.received.map((r) => (JSON.parse(r.body) as { markdown: { content: string } }).markdown.content);

function notifierTests(): void {
  it("A31: turns a storm of 100 failures from 30 runs in one minute into at most 5 messages naming all 30 runs", async () => {
    const { notifier: n } = await notifier();
    const classes = ["repairs_exhausted", "install_failed", "budget_exceeded"];
    for (let i = 0; i < 100; i++) {
      const run = i % 30;
      const event = alertEvent({
        runId: `r${String(run).padStart(4, "0")}`,
        runName: `fix acme/api#${100 + run}`,
        failureClass: classes[run % 3]!,
        at: clock.toISOString(),
      });
      await n.record(event, subscription("team"));
      advance(590);
      if (i % 10 === 9) await n.tick();
    }
    // Nothing goes out while the storm's first alert is younger than the 60 s aggregation window.
    expect(service.received).toHaveLength(0);
    advance(5_000);
    await n.tick();
    const texts = contents();
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.length).toBeLessThanOrEqual(5);
    const named = new Set(texts.flatMap((t) => [...t.matchAll(/\(r(\d{4}),/g)].map((m) => m[1])));
    expect(named.size).toBe(30);
    for (const t of texts) expect(Buffer.byteLength(t)).toBeLessThanOrEqual(4096);
  });

  it("A31: sends the same run's same failure twice within 5 minutes once", async () => {
    const { notifier: n } = await notifier();
    await n.record(alertEvent({ at: clock.toISOString() }), subscription("team"));
    advance(61_000);
    await n.tick();
    advance(2 * 60_000);
    await n.record(alertEvent({ at: clock.toISOString() }), subscription("team"));
    advance(61_000);
    await n.tick();
    expect(service.received).toHaveLength(1);
    advance(5 * 60_000);
    await n.record(alertEvent({ at: clock.toISOString() }), subscription("team"));
    advance(61_000);
    await n.tick();
    expect(service.received).toHaveLength(2);
  });

  it("A31: retries a message the service refused with 429 or WeCom's rate-limit errcode, and loses none", async () => {
    const { notifier: n, outbox } = await notifier();
    service.script(
      { status: 429, body: "", headers: { "retry-after": "30" } },
      { status: 200, body: '{"errcode":45009,"errmsg":"api freq out of limit"}' },
    );
    await n.record(alertEvent({ at: clock.toISOString() }), subscription("team"));
    advance(61_000);
    await n.tick();
    expect((await outbox.listMessages())[0]).toMatchObject({ status: "pending", attempts: 1 });
    advance(10_000);
    await n.tick();
    expect(service.received).toHaveLength(1);
    advance(25_000);
    await n.tick();
    expect((await outbox.listMessages())[0]).toMatchObject({ status: "pending", attempts: 2 });
    advance(61_000);
    await n.tick();
    expect(service.received).toHaveLength(3);
    expect((await outbox.listMessages())[0]).toMatchObject({ status: "sent" });
  });

  it("A31: delivers messages left undelivered by a stopped process exactly once after a restart", async () => {
    const first = await notifier();
    service.script({ status: 503, body: "" });
    await first.notifier.record(alertEvent({ at: clock.toISOString() }), subscription("team"));
    advance(61_000);
    await first.notifier.tick();
    await first.outbox.close();
    opened.splice(opened.indexOf(first.outbox), 1);
    advance(60_000);
    const second = await notifier();
    await second.notifier.tick();
    await second.notifier.tick();
    advance(60_000);
    await second.notifier.tick();
    expect(service.received).toHaveLength(2);
    const ids = service.received.map((r) => r.headers["x-xihe-message-id"]);
    expect(new Set(ids).size).toBe(1);
    expect(await second.outbox.listMessages()).toEqual([
      expect.objectContaining({ status: "sent", attempts: 1 }),
    ]);
  });

  it("fails a message WeCom refuses for a wrong robot key, with the setting to check, and does not retry it", async () => {
    const { notifier: n, outbox } = await notifier();
    service.script({ status: 200, body: '{"errcode":93000,"errmsg":"invalid webhook url, hint: [x]"}' });
    await n.record(alertEvent({ at: clock.toISOString() }), subscription("team"));
    advance(61_000);
    await n.tick();
    advance(3_600_000);
    await n.tick();
    expect(service.received).toHaveLength(1);
    const [message] = await outbox.listMessages();
    expect(message?.status).toBe("failed");
    expect(message?.lastError).toMatch(/errcode 93000.*check the robot key in XIHE_NOTIFY_TEAM/);
  });

  it("turns a cause that keeps alerting into a digest every 10 minutes", async () => {
    const { notifier: n } = await notifier();
    for (let i = 0; i < 12; i++) {
      await n.record(alertEvent({ runId: `r${i}`, at: clock.toISOString() }), subscription("team"));
      advance(61_000);
      await n.tick();
      advance(60_000);
    }
    // 12 alerts over 24 minutes: 3 single messages, then digests 10 minutes apart.
    expect(service.received.length).toBeLessThanOrEqual(5);
    expect(service.received.length).toBeGreaterThanOrEqual(4);
  });

  it("A30: skips a channel a repository names but the App's environment does not define", async () => {
    const { notifier: n, outbox } = await notifier();
    expect(await n.record(alertEvent(), subscription("elsewhere"))).toEqual([]);
    expect(await outbox.pendingAlerts()).toEqual([]);
  });

  it("holds messages during quiet hours and sends them when they end", async () => {
    const { notifier: n } = await notifier();
    const quiet = subscription("team", {
      quietHours: { from: "18:00", to: "19:00", timezone: "Asia/Shanghai" },
    });
    await n.record(alertEvent({ at: clock.toISOString() }), quiet);
    advance(61_000);
    await n.tick();
    expect(service.received).toHaveLength(0);
    advance(60 * 60_000);
    await n.tick();
    expect(service.received).toHaveLength(1);
  });
}

describe("alert notifier on a SQLite outbox", () => {
  beforeEach(() => {
    openOutbox = async () => openSqliteAlertOutbox(join(dir, "xihe.db"));
  });
  notifierTests();
});

describePg("alert notifier on a PostgreSQL outbox", () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgresServer();
  });
  afterAll(async () => {
    await server?.destroy();
  });
  beforeEach(async () => {
    const url = await server.createDatabase(`xihe_${randomBytes(4).toString("hex")}`);
    // The store's migrations create the outbox's tables, as at the App's start.
    await (await openPostgresStore(url, { poolSize: 1, log: silent })).close();
    openOutbox = async () => openPostgresAlertOutbox(url, { log: silent });
  });
  notifierTests();
});
