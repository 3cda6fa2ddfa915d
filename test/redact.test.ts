import { describe, expect, it } from "vitest";
import { redactText, secretValuesFromEnv } from "../src/redact.ts";

const token = "ghs_16C7e42F292c6912E7710c838347Ae178B4a";

describe("redactText", () => {
  it("removes GitHub token forms, private keys and bearer headers", () => {
    const text = [
      `token ${token}`,
      "pat github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
      "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----",
      "Authorization: Bearer abc.def.ghi",
    ].join("\n");
    const out = redactText(text);
    expect(out).not.toMatch(/ghs_|github_pat_|MIIEow|abc\.def/);
    expect(out).toContain("Authorization: [redacted]");
  });

  it("removes webhook URLs whose key is the credential", () => {
    const out = redactText(
      "wecom https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7xxx and " +
        "ding https://oapi.dingtalk.com/robot/send?access_token=abcdef123456 and " +
        "discord https://discord.com/api/webhooks/123/SeCrEt",
    );
    expect(out).not.toMatch(/693a91f6|abcdef123456|SeCrEt/);
    expect(out).toContain("https://oapi.dingtalk.com/robot/send?access_token=[redacted]");
  });

  it("removes a configured secret also when a line break was inserted into it", () => {
    const key = "model-key-0123456789abcdef";
    const wrapped = `key=${key.slice(0, 10)}\n${key.slice(10, 18)}\r\n    ${key.slice(18)} end`;
    const out = redactText(wrapped, [key]);
    expect(out).toBe("key=[redacted] end");
  });

  it("removes base64-encoded forms of a secret at every alignment", () => {
    const key = "model-key-0123456789abcdef";
    for (const prefix of ["", "a", "ab", "x-access-token:"]) {
      const encoded = Buffer.from(`${prefix}${key}`).toString("base64");
      const urlSafe = Buffer.from(`${prefix}${key}?>`).toString("base64url");
      const out = redactText(`header ${encoded} and ${urlSafe}`, [key]);
      expect(out).toContain("[redacted]");
      expect(Buffer.from(out, "base64").toString("utf8")).not.toContain(key);
      expect(out).not.toContain(encoded);
      expect(out).not.toContain(urlSafe);
    }
  });

  it("removes base64 of a secret that was wrapped at 76 columns", () => {
    const key = "k".repeat(10) + "0123456789ABCDEFGHIJ".repeat(4);
    const encoded = Buffer.from(`user:${key}`).toString("base64");
    const wrapped = encoded.replace(/(.{20})/g, "$1\n");
    const out = redactText(wrapped, [key]);
    expect(out.replace(/\n/g, "")).not.toContain(encoded.slice(10, 60));
  });

  it("A12 a token printed by a test is redacted even without a known pattern", () => {
    const canary = "canary-7f3a9c1e-secret";
    expect(redactText(`leak: ${canary}!`, [canary])).toBe("leak: [redacted]!");
    expect(redactText("short abc", ["abc"])).toBe("short abc");
  });
});

describe("secretValuesFromEnv", () => {
  it("collects values of secret-named variables only", () => {
    const values = secretValuesFromEnv({
      XIHE_MODEL_API_KEY: "sk-1234567890",
      WEBHOOK_SECRET: "hunter2hunter2",
      DS_TOKEN: "dolphin-token-1",
      SLACK_WEBHOOK_URL: "https://hooks.example/x",
      PATH: "/usr/bin:/bin",
      HOME: "/root",
      SHORT_TOKEN: "abc",
      UNSET_TOKEN: undefined,
    });
    expect(values.sort()).toEqual([
      "dolphin-token-1",
      "https://hooks.example/x",
      "hunter2hunter2",
      "sk-1234567890",
    ]);
  });
});
