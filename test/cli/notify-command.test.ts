// `xihe notify test` through the real CLI entry: a sample alert reaches a WeCom robot on 127.0.0.1,
// a wrong key and an undefined channel say what to set.
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeAlertService, wecomOk, type FakeAlertService } from "../notify/fake-alert-service.ts";

let service: FakeAlertService;
afterEach(() => service.close());

const xihe = (args: string[], env: Record<string, string>) =>
  execa("node", ["bin/xihe.js", ...args], {
    reject: false,
    env: { ...env, LOG_LEVEL: "silent" },
    extendEnv: false,
  });

describe("xihe notify test", () => {
  it("sends a sample alert in Chinese to the channel named by XIHE_NOTIFY_<NAME>", async () => {
    service = await startFakeAlertService(wecomOk);
    const r = await xihe(["notify", "test", "--channel", "team", "--language", "zh"], {
      PATH: process.env.PATH!,
      XIHE_NOTIFY_TEAM: `wecom:${service.url("/cgi-bin/webhook/send?key=k")}`,
    });
    expect(r.stdout).toContain('sent a sample alert to "team" (wecom)');
    expect(r.exitCode).toBe(0);
    const body = JSON.parse(service.received[0]!.body) as { msgtype: string; markdown: { content: string } };
    expect(body.msgtype).toBe("markdown");
    expect(body.markdown.content).toContain("羲和");
  });

  it("exits 1 with the setting to check when WeCom refuses the key, and 2 for an undefined channel", async () => {
    service = await startFakeAlertService({
      status: 200,
      body: '{"errcode":93000,"errmsg":"invalid webhook url"}',
    });
    const env = { PATH: process.env.PATH!, XIHE_NOTIFY_TEAM: `wecom:${service.url("/send?key=wrong")}` };
    const refused = await xihe(["notify", "test", "--channel", "team"], env);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/errcode 93000.*check the robot key in XIHE_NOTIFY_TEAM/);
    const missing = await xihe(["notify", "test", "--channel", "ops"], env);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/no channel "ops": set XIHE_NOTIFY_OPS=.*\(defined: team\)/);
  });
});
