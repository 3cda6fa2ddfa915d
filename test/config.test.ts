import { describe, expect, it } from "vitest";
import { loadEnv } from "../src/config.ts";
import { ConfigError } from "../src/errors.ts";

describe("loadEnv", () => {
  it("parses the App's listen address once, with defaults, and leaves LOG_LEVEL to each entry point", () => {
    expect(loadEnv({})).toMatchObject({ PORT: 3000, HOST: "0.0.0.0" });
    expect(loadEnv({}).LOG_LEVEL).toBeUndefined();
    expect(loadEnv({ PORT: "8080", HOST: "127.0.0.1", LOG_LEVEL: "debug" })).toMatchObject({
      PORT: 8080,
      HOST: "127.0.0.1",
      LOG_LEVEL: "debug",
    });
  });

  it("names every bad variable in one error", () => {
    let caught: unknown;
    try {
      const bad: Record<string, string> = { PORT: "eighty", LOG_LEVEL: "loud" };
      loadEnv(bad);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).message).toMatch(/PORT: .*LOG_LEVEL: |LOG_LEVEL: .*PORT: /);
  });
});
