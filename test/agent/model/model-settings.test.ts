import { describe, expect, it } from "vitest";
import { modelSettingsFromEnv } from "../../../src/agent/model/model-settings.ts";
import { loadEnv } from "../../../src/config.ts";
import { ConfigError } from "../../../src/errors.ts";

describe("model settings from the environment", () => {
  it("is null when no model is configured", () => {
    expect(modelSettingsFromEnv(loadEnv({}))).toBeNull();
  });

  it("uses XIHE_MODEL for every role unless a role overrides it, with prices and tool mode", () => {
    const settings = modelSettingsFromEnv(
      loadEnv({
        XIHE_MODEL_BASE_URL: "http://127.0.0.1:8080/v1",
        XIHE_MODEL: "strong",
        XIHE_MODEL_PERCEPTION: "cheap",
        XIHE_MODEL_PRICES: '{"strong": {"input": 3, "output": 15}}',
        XIHE_MODEL_TOOL_MODE: "text",
      }),
    );
    expect(settings).toMatchObject({
      models: { perception: "cheap", planning: "strong", execution: "strong" },
      prices: { strong: { input: 3, output: 15 } },
      toolMode: "text",
      timeoutMs: 120_000,
      apiKey: "unused",
    });
  });

  it("names every missing setting and rejects a bad price table", () => {
    expect(() => modelSettingsFromEnv(loadEnv({ XIHE_MODEL_PLANNING: "x" }))).toThrow(
      /set XIHE_MODEL_BASE_URL, XIHE_MODEL_PERCEPTION, XIHE_MODEL_EXECUTION/,
    );
    const bad = loadEnv({
      XIHE_MODEL_BASE_URL: "http://127.0.0.1/v1",
      XIHE_MODEL: "m",
      XIHE_MODEL_PRICES: '{"m": {"input": -1}}',
    });
    expect(() => modelSettingsFromEnv(bad)).toThrow(ConfigError);
  });
});
