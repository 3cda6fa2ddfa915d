import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chooseSandbox } from "../../src/workspace/sandbox/choose-sandbox.ts";
import { detectSandboxSupport } from "../../src/workspace/sandbox/sandbox-support.ts";
import { createWorkspaceFactory } from "../../src/workspace/workspace-factory.ts";
import { createRepo } from "./git-fixture.ts";
import { makeScratchDir } from "../support/scratch-dir.ts";

describe("a prepared workspace inside the sandbox", () => {
  let scratch: ReturnType<typeof makeScratchDir>;
  beforeEach(() => (scratch = makeScratchDir("ws-sandbox")));
  afterEach(() => scratch.remove());

  it("runs a failing test and read-only git commands against the shared clone", async () => {
    const src = join(scratch.dir, "src");
    const sha = createRepo(src, {
      "test.js": 'console.log("1 passing, 1 failing"); process.exit(1);\n',
      "package.json": JSON.stringify({ scripts: { test: "node test.js" } }),
    });
    const factory = createWorkspaceFactory({
      workDir: join(scratch.dir, "work"),
      workspacesDir: join(scratch.dir, "workspaces"),
      newId: randomUUID,
      minFreeMb: 1,
    });
    const ws = await factory.prepareWorkspace({ cloneUrl: `file://${src}`, sha });
    const sandbox = chooseSandbox({
      requested: "auto",
      source: "github",
      trustLocal: false,
      root: ws.dir,
      support: detectSandboxSupport(randomUUID()),
      readOnlyDirs: ws.readOnlyDirs,
      newId: randomUUID,
      now: Date.now,
    });
    expect(sandbox.kind).toBe("bwrap");
    const test = await sandbox.run(["node", "test.js"]);
    expect(test).toMatchObject({ exitCode: 1, stdout: "1 passing, 1 failing\n" });
    const log = await sandbox.run(["git", "log", "--format=%H", "-1"]);
    expect(log, log.stderr).toMatchObject({ exitCode: 0, stdout: `${sha}\n` });
    await ws.dispose();
  });
});
