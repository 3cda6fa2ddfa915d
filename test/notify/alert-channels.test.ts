// Channels come from the App's environment only, with errors that say which setting is wrong; a
// generic webhook's body is signed with its secret.
import { createHmac } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { alertChannelsFromEnv } from "../../src/notify/alert-channels-from-env.ts";
import { sendAlert } from "../../src/notify/send-alert.ts";
import { parseRepoConfig } from "../../src/config.ts";
import { startFakeAlertService, slackOk, type FakeAlertService } from "./fake-alert-service.ts";

let service: FakeAlertService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

describe("alert channels", () => {
  it("reads XIHE_NOTIFY_<NAME>=<type>:<url> and ignores other variables", () => {
    const channels = alertChannelsFromEnv({
      XIHE_NOTIFY_TEAM: "wecom:https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k1",
      XIHE_NOTIFY_OPS: "slack:https://hooks.slack.com/services/T0/B0/x",
      XIHE_NOTIFY_AUDIT: "webhook:https://audit.example/xihe",
      XIHE_NOTIFY_AUDIT_SECRET: "s3cret",
      XIHE_STORE: ".xihe/xihe.db",
    });
    expect([...channels.keys()].sort()).toEqual(["audit", "ops", "team"]);
    expect(channels.get("audit")).toMatchObject({ type: "webhook", secret: "s3cret" });
  });

  it("names each wrong setting: unknown type, no URL, a webhook without its secret", () => {
    expect(() =>
      alertChannelsFromEnv({
        XIHE_NOTIFY_A: "teams:https://x.example",
        XIHE_NOTIFY_B: "wecom:not a url",
        XIHE_NOTIFY_C: "webhook:https://x.example",
      }),
    ).toThrow(
      /XIHE_NOTIFY_A: expected <type>:<URL>.*XIHE_NOTIFY_B: not a URL.*XIHE_NOTIFY_C: a webhook channel needs XIHE_NOTIFY_C_SECRET/,
    );
  });

  it("signs a generic webhook's body with HMAC-SHA256 and sends the message id", async () => {
    service = await startFakeAlertService({ status: 204, body: "" });
    const channel = { name: "audit", type: "webhook" as const, url: service.url("/hook"), secret: "s3cret" };
    expect(await sendAlert(channel, "alert-1", { text: "hello" })).toEqual({ ok: true });
    const [req] = service.received;
    const expected = createHmac("sha256", "s3cret").update(req!.body).digest("hex");
    expect(req?.headers["x-xihe-signature-256"]).toBe(`sha256=${expected}`);
    expect(req?.headers["x-xihe-message-id"]).toBe("alert-1");
  });

  it("reads Slack's 429 Retry-After and a refused token as retry-later and refused-for-good", async () => {
    service = await startFakeAlertService(slackOk);
    service.script(
      { status: 429, body: "rate_limited", headers: { "retry-after": "7" } },
      { status: 403, body: "invalid_token" },
    );
    const channel = {
      name: "ops",
      type: "slack" as const,
      url: service.url("/services/T/B/x"),
      secret: null,
    };
    expect(await sendAlert(channel, "m", {})).toMatchObject({ ok: false, retry: true, retryAfterMs: 7000 });
    expect(await sendAlert(channel, "m", {})).toMatchObject({
      ok: false,
      retry: false,
      error: expect.stringMatching(/HTTP 403 invalid_token.*check XIHE_NOTIFY_OPS/),
    });
    expect(await sendAlert(channel, "m", {})).toEqual({ ok: true });
  });

  it("treats a service that does not answer as retry-later", async () => {
    const channel = { name: "ops", type: "slack" as const, url: "http://127.0.0.1:9/x", secret: null };
    expect(await sendAlert(channel, "m", {})).toMatchObject({ ok: false, retry: true });
  });
});

describe("notify config", () => {
  it("A30: a repository's config names channels and cannot give a URL or key", () => {
    expect(() =>
      parseRepoConfig("notify:\n  channels:\n    - name: team\n      url: https://evil.example/hook\n"),
    ).toThrow(/invalid key/);
  });

  it("takes channels, language and quiet hours, and rejects a bad time zone or clock", () => {
    const config = parseRepoConfig(
      "notify:\n  language: zh\n  channels:\n    - name: team\n      events: [run_gave_up]\n  quiet_hours: { from: '22:00', to: '08:00', timezone: Asia/Shanghai }\n",
    );
    expect(config.notify).toMatchObject({
      language: "zh",
      channels: [{ name: "team", events: ["run_gave_up"] }],
    });
    expect(() =>
      parseRepoConfig("notify:\n  quiet_hours: { from: '25:00', to: '08:00', timezone: Mars/Base }\n"),
    ).toThrow(/invalid key/);
  });
});
