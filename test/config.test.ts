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

describe("loadEnv: GitHub Enterprise Server", () => {
  const message = (env: Record<string, string>) => {
    try {
      loadEnv(env);
    } catch (err) {
      if (err instanceof ConfigError) return err.message;
      throw err;
    }
    return "parsed";
  };

  it("takes a host name (with an optional port) and https by default", () => {
    expect(loadEnv({ GHE_HOST: "github.example.com" })).toMatchObject({
      GHE_HOST: "github.example.com",
      GHE_PROTOCOL: "https",
    });
    expect(loadEnv({ GHE_HOST: "ghe.internal:8443", GHE_PROTOCOL: "" }).GHE_PROTOCOL).toBe("https");
  });

  it("refuses a URL or a path where a host name belongs, and says what to write", () => {
    expect(message({ GHE_HOST: "https://github.example.com" })).toMatch(
      /GHE_HOST: must be the host name of your GitHub Enterprise Server \(e\.g\. github\.example\.com/,
    );
    expect(message({ GHE_HOST: "github.example.com/api/v3" })).toMatch(/without https:\/\/ or a path/);
    expect(message({ GHE_HOST: "github.com" })).toMatch(/GHE_HOST: names github\.com: unset GHE_HOST/);
  });

  it("allows plain http only for a server on this machine", () => {
    expect(loadEnv({ GHE_HOST: "127.0.0.1:8080", GHE_PROTOCOL: "http" }).GHE_PROTOCOL).toBe("http");
    expect(loadEnv({ GHE_HOST: "localhost", GHE_PROTOCOL: "http" }).GHE_PROTOCOL).toBe("http");
    expect(message({ GHE_HOST: "ghe.internal", GHE_PROTOCOL: "http" })).toMatch(
      /GHE_PROTOCOL: http sends tokens in clear text; .*got ghe\.internal\)\. Use https/,
    );
    expect(message({ GHE_PROTOCOL: "ftp" })).toMatch(/GHE_PROTOCOL: /);
  });
});
