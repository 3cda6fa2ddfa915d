import { describe, expect, it } from "vitest";
import { loadEnv, parseRepoConfig } from "../src/config.ts";
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

describe("integrations.dolphinscheduler (issue 17)", () => {
  it("takes the project and green list with defaults", () => {
    const config = parseRepoConfig(
      "integrations:\n  dolphinscheduler:\n    project: dw\n    green_list: [etl_smoke]\n",
    );
    expect(config.integrations.dolphinscheduler).toEqual({
      project: "dw",
      green_list: ["etl_smoke"],
      max_attempts: 3,
      timeout_minutes: 60,
      poll_seconds: 10,
    });
  });

  it("takes verify.workflows with their start parameters", () => {
    const config = parseRepoConfig(
      "integrations:\n  dolphinscheduler:\n    project: dw\nverify:\n  workflows:\n    - name: etl_smoke\n      params: { dt: '2026-12-03' }\n    - name: dq_check\n",
    );
    expect(config.verify.workflows).toEqual([
      { name: "etl_smoke", params: { dt: "2026-12-03" } },
      { name: "dq_check", params: {} },
    ]);
    expect(parseRepoConfig(null).verify.workflows).toEqual([]);
  });

  it("refuses verify.workflows without the project they live in, naming the key", () => {
    const err = (() => {
      try {
        parseRepoConfig("verify:\n  workflows:\n    - name: etl_smoke\n");
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(err?.issues).toEqual([
      {
        path: "verify.workflows",
        message: "names DolphinScheduler workflows: add integrations.dolphinscheduler (its project) too",
      },
    ]);
    expect(() =>
      parseRepoConfig(
        "integrations: { dolphinscheduler: { project: dw } }\nverify: { workflows: [{ name: x, params: { 'a b': c } }] }\n",
      ),
    ).toThrow(ConfigError);
  });

  it("A30: a repository cannot give the DolphinScheduler URL or token", () => {
    expect(() =>
      parseRepoConfig(
        "integrations:\n  dolphinscheduler:\n    project: dw\n    base_url: http://evil.example\n",
      ),
    ).toThrow(/invalid key/);
    expect(() =>
      parseRepoConfig("integrations:\n  dolphinscheduler:\n    project: dw\n    token: t\n"),
    ).toThrow(/invalid key/);
  });

  it("reads the App's XIHE_DOLPHINSCHEDULER_URL and rejects one that is not http(s)", () => {
    expect(
      loadEnv({ XIHE_DOLPHINSCHEDULER_URL: "https://ds.example/dolphinscheduler" }).XIHE_DOLPHINSCHEDULER_URL,
    ).toBe("https://ds.example/dolphinscheduler");
    expect(() => loadEnv({ XIHE_DOLPHINSCHEDULER_URL: "ds.example" })).toThrow(/XIHE_DOLPHINSCHEDULER_URL/);
  });
});
