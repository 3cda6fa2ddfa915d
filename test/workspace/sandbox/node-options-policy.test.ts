import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { checkNodeOptions } from "../../../src/workspace/sandbox/node-options-policy.ts";

/** How the real node (the one running the tests) takes this NODE_OPTIONS: its exit code and stderr. */
function nodeWith(value: string): { status: number | null; stderr: string } {
  const { status, stderr } = spawnSync(process.execPath, ["-e", "0"], {
    env: { ...process.env, NODE_OPTIONS: value },
    encoding: "utf8",
  });
  return { status, stderr };
}

const accepted = [
  "",
  "--experimental-vm-modules",
  "--no-deprecation --no-warnings --trace-warnings --trace-deprecation --pending-deprecation",
  "--trace-uncaught --enable-source-maps --expose-gc --openssl-legacy-provider",
  "--experimental-fetch --experimental-websocket --no-experimental-websocket",
  "--experimental-strip-types --no-experimental-require-module --no-experimental-detect-module",
  "--max-old-space-size=4096",
  "--max-semi-space-size=8 --stack-trace-limit=5",
  "--unhandled-rejections=strict",
  "--unhandled-rejections warn",
  "--dns-result-order=ipv4first",
  "--dns-result-order verbatim",
  "--conditions=development",
  "--conditions development",
  "-C dev",
  "--disable-warning=DEP0040",
  "--disable-warning ExperimentalWarning",
  // node skips the empty words of two spaces in a row, and leading or trailing spaces
  "--no-deprecation  --max-old-space-size=200",
  " --no-warnings ",
];

describe("NODE_OPTIONS the sandbox accepts (A29)", () => {
  it.each(accepted)("accepts %j, and node runs with it", (value) => {
    expect(checkNodeOptions(value)).toEqual({ ok: true });
    const run = nodeWith(value);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});

describe("NODE_OPTIONS the sandbox refuses (A29)", () => {
  it.each([
    // node exits 9 on these: V8's flags take no space-separated value, `-C=` and this negation
    [
      "--max-old-space-size 4096",
      "`--max-old-space-size` takes its value only as `--max-old-space-size=VALUE`",
    ],
    ["--stack-trace-limit 5", "`--stack-trace-limit` takes its value only as"],
    ["--max-semi-space-size 8", "`--max-semi-space-size` takes its value only as"],
    ["-C=dev", "`-C` takes its value only as `-C VALUE`"],
    ["--no-experimental-fetch", "`--no-experimental-fetch` is not allowed"],
    // node splits on the space only: one word to node, two to a shell
    ["--no-deprecation\t--no-warnings", "a character other than"],
    ["--no-deprecation\n--no-warnings", "a character other than"],
    ["--no-deprecation\u00a0--no-warnings", "a character other than"],
  ])("refuses %j, which node refuses too, naming %s", (value, named) => {
    const check = checkNodeOptions(value);
    expect(check.ok).toBe(false);
    expect(check.ok ? "" : check.reason).toContain(named);
    expect(nodeWith(value).status).not.toBe(0);
  });

  it.each([
    ["--conditions --inspect", "`--conditions` has no value"],
    ["--conditions=-r", "`--conditions` has no value"],
    ["-C --expose-gc", "`-C` has no value"],
    ["--disable-warning -r", "`--disable-warning` has no value"],
    ["--max-old-space-size", "`--max-old-space-size` takes its value only as"],
    ["--conditions", "`--conditions` has no value"],
    ["--require ./hook.cjs", "flag `--require` is not allowed"],
    ["--no-deprecation --inspect", "`--inspect` is not allowed"],
    ['--no-warnings "--require=./x.cjs"', "a character other than"],
    ["--no-warnings\\ --require=./x.cjs", "flag `--require` is not allowed"],
    ["--no-warnings\\ --no-deprecation", "a character other than"],
    ["--no-warnings $HOME", "a character other than"],
    ["--no-warnings;--require=./x.cjs", "a character other than"],
  ])("refuses %j, naming %s and what is allowed", (value, named) => {
    const check = checkNodeOptions(value);
    expect(check.ok).toBe(false);
    const reason = check.ok ? "" : check.reason;
    expect(reason).toContain(named);
    expect(reason).toContain("--experimental-vm-modules, ");
    expect(reason).toContain("-C VALUE");
  });
});
