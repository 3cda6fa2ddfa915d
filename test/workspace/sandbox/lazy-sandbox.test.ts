import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lazySandbox } from "../../../src/workspace/sandbox/lazy-sandbox.ts";
import type { Sandbox } from "../../../src/workspace/sandbox/sandbox.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";
import { runSandboxFor } from "./run-sandbox.ts";

describe("a sandbox made at its first command", () => {
  let scratch: ReturnType<typeof makeScratchDir>;
  let root: string;
  let made: number;
  const make = (): Sandbox => {
    made += 1;
    return runSandboxFor(root);
  };
  beforeEach(() => {
    scratch = makeScratchDir("lazy-sandbox");
    root = join(scratch.dir, "ws");
    mkdirSync(root);
    made = 0;
  });
  afterEach(() => scratch.remove());

  it("is not made when no command runs, and made once for all the commands that do", async () => {
    const sandbox = lazySandbox("bwrap", root, make);
    expect(sandbox.root).toBe(root);
    expect(made).toBe(0);
    expect((await sandbox.run(["sh", "-c", "echo one > one.txt"])).exitCode).toBe(0);
    expect((await sandbox.run(["sh", "-c", "cat one.txt"])).stdout.trim()).toBe("one");
    expect(made).toBe(1);
  });

  it("notes the nested repositories that are there at its first command, as a sandbox made then would (A39)", async () => {
    const sandbox = lazySandbox("bwrap", root, make);
    // Written by the host after the lazy sandbox exists but before its first command: the user's own.
    mkdirSync(join(root, "vendor", "lib", ".git"), { recursive: true });
    await sandbox.run(["sh", "-c", "mkdir -p planted/.git"]);
    expect(existsSync(join(root, "vendor", "lib", ".git"))).toBe(true);
    expect(existsSync(join(root, "planted", ".git"))).toBe(false);
  });
});
