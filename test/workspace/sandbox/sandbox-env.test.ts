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

describe("NODE_OPTIONS in the sandbox environment (A29)", () => {
  it.each([
    "--experimental-vm-modules",
    "--no-deprecation",
    "--max-old-space-size=4096 --no-warnings",
    "--unhandled-rejections=strict --enable-source-maps",
    "--conditions=development",
    "-C development",
    "",
  ])("passes flags that load no code: %j", (value) => {
    expect(buildSandboxEnv({ NODE_OPTIONS: value }, at)).toMatchObject({ NODE_OPTIONS: value });
  });

  it.each([
    ["--require ./hook.cjs", "`--require`"],
    ["-r ./hook.cjs", "`-r`"],
    ["--no-deprecation --import=./x.mjs", "`--import`"],
    ["--loader ./l.mjs", "`--loader`"],
    ["--experimental-loader=./l.mjs", "`--experimental-loader`"],
    ["--inspect=0.0.0.0:9229", "`--inspect`"],
    ["--inspect-brk", "`--inspect-brk`"],
    ["--env-file=.env", "`--env-file`"],
    ["--openssl-config=./evil.cnf", "`--openssl-config`"],
    ["--redirect-warnings=/etc/x", "`--redirect-warnings`"],
    ["--diagnostic-dir=/tmp", "`--diagnostic-dir`"],
    ["--report-on-signal", "`--report-on-signal`"],
    ["--some-future-flag", "`--some-future-flag`"],
    ["--max-old-space-size=big", "`--max-old-space-size` has no value"],
    ["--max-old-space-size", "`--max-old-space-size` takes its value only as"],
    ["--max-old-space-size 4096", "`--max-old-space-size` takes its value only as"],
    ["-C=development", "`-C` takes its value only as `-C VALUE`"],
    ['--no-warnings "--require ./x.cjs"', "a character other than"],
    ["--no-warnings\\ --require=./x.cjs", "flag `--require` is not allowed"],
    ["--no-warnings\\ --no-deprecation", "a character other than"],
    ["--no-warnings $HOME", "a character other than"],
    ["--no-warnings;--require=./x.cjs", "a character other than"],
    ["--no-warnings\t--no-deprecation", "a character other than"],
  ])("refuses %j, naming %s and what is allowed", (value, named) => {
    let error: unknown;
    try {
      buildSandboxEnv({ NODE_OPTIONS: value }, at);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(SandboxEnvError);
    const message = (error as Error).message;
    expect(message).toContain(named);
    expect(message).toContain("--experimental-vm-modules");
  });
});
