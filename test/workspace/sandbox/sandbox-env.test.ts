import { describe, expect, it } from "vitest";
import { buildSandboxEnv, SandboxEnvError } from "../../../src/workspace/sandbox/sandbox-env.ts";

const at = { home: "/tmp", tmpDir: "/tmp" };
const folder = "/srv/ws/repo/.xihe-coverage-0a1b2c3d4e5f";

describe("the sandbox environment and coverage variables", () => {
  it("passes NODE_V8_COVERAGE and PYTHONPATH when they name a Xihe coverage folder", () => {
    const env = buildSandboxEnv({ NODE_V8_COVERAGE: `${folder}/v8`, PYTHONPATH: `${folder}/py` }, at);
    expect(env).toMatchObject({ NODE_V8_COVERAGE: `${folder}/v8`, PYTHONPATH: `${folder}/py` });
  });

  it.each([
    ["PYTHONPATH", "/srv/ws/repo/evil"],
    ["PYTHONPATH", `${folder}/py:/srv/ws/repo/evil`],
    ["PYTHONPATH", `${folder}/../evil`],
    ["NODE_V8_COVERAGE", "relative/.xihe-coverage-0a1b2c3d4e5f/v8"],
    ["NODE_V8_COVERAGE", "/srv/ws/repo/.xihe-coverage-zz/v8"],
    ["NODE_OPTIONS", `${folder}/v8`],
  ])("refuses %s=%s", (name, value) => {
    expect(() => buildSandboxEnv({ [name]: value }, at)).toThrow(SandboxEnvError);
  });
});
