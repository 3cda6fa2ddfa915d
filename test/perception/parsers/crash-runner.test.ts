import { describe, expect, it } from "vitest";
import { commandTool, frameRunner } from "../../../src/perception/parsers/crash-runner.ts";

describe("the runner a crashed run belongs to", () => {
  it("is the runner a launcher starts, not the launcher", () => {
    expect(commandTool("node --max-old-space-size=4096 node_modules/.bin/jest --ci")).toBe("jest");
    expect(commandTool("node ./node_modules/vitest/vitest.mjs run")).toBe("vitest");
    expect(commandTool("cross-env NODE_ENV=test mocha test")).toBe("mocha");
    expect(commandTool("npx ava")).toBe("ava");
    expect(commandTool("node --test test/")).toBe("node:test");
  });

  it("is the program itself when no runner is named", () => {
    expect(commandTool("node test/build-report.test.js")).toBe("node");
    expect(commandTool("npx")).toBeNull();
  });

  it("is read from the runner's own frames when the command is not printed", () => {
    const frame = (file: string) => ({ file, line: 1, function: null, external: true });
    expect(
      frameRunner([frame("/usr/lib/python3.11/ctypes/__init__.py"), frame("/venv/_pytest/python.py")]),
    ).toBe("pytest");
    expect(frameRunner([frame("/w/node_modules/mocha/lib/runner.js")])).toBe("mocha");
    expect(frameRunner([frame("/w/src/index.js")])).toBeNull();
  });
});
