import nock from "nock";
import { describe, expect, it } from "vitest";
import { createModelClient } from "../../src/agent/model/model-client.ts";
import { modelSettingsFromEnv } from "../../src/agent/model/model-settings.ts";
import { loadEnv } from "../../src/config.ts";

const apiKey = "sk-live-a41-model-key-canary-0001";
const webhookSecret = "a41-webhook-secret-canary-0002";
const githubToken = `ghs_${"A41canary".repeat(4)}`;

function clientFromEnv(baseURL: string) {
  const settings = modelSettingsFromEnv(
    loadEnv({
      XIHE_MODEL_BASE_URL: baseURL,
      XIHE_MODEL: "m",
      XIHE_MODEL_API_KEY: apiKey,
      WEBHOOK_SECRET: webhookSecret,
    }),
  );
  if (!settings) throw new Error("model settings expected");
  return createModelClient({
    ...settings,
    fetch: globalThis.fetch,
    sleep: async () => {},
    random: () => 0.5,
    now: () => new Date("2026-01-01T00:00:00Z"),
  });
}

const reply = {
  id: "chatcmpl-a41",
  object: "chat.completion",
  created: 1764676804,
  model: "m",
  choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
  usage: { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 },
};

describe("prompt redaction", () => {
  it("A41: secrets in file text, command output or tool arguments never leave in the prompt body", async () => {
    let sent = "";
    nock("https://models.a41.example")
      .post("/v1/chat/completions", (body: unknown) => {
        sent = JSON.stringify(body);
        return true;
      })
      .reply(200, reply);
    const model = clientFromEnv("https://models.a41.example/v1");
    await model.complete({
      role: "planning",
      maxTokens: 10,
      tools: [],
      messages: [
        { role: "system", content: "fix the test" },
        { role: "user", content: `the test printed WEBHOOK_SECRET=${webhookSecret}` },
        {
          role: "assistant",
          content: null,
          toolCalls: [{ id: "c1", name: "read_file", arguments: `{"path": "${apiKey}"}` }],
        },
        { role: "tool", toolCallId: "c1", content: `token = "${githubToken}"\nkey: ${apiKey}` },
      ],
    });
    expect(sent).toContain("[redacted]");
    for (const secret of [apiKey, webhookSecret, githubToken]) expect(sent).not.toContain(secret);
    expect(sent).toContain("fix the test");
  });
});
