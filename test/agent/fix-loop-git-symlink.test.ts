import { afterEach, describe, expect, it } from "vitest";
import { existsSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { fixHarness, type Harness } from "./support/fix-harness.ts";
import {
  loadTurns,
  startScriptedModelServer,
  type ScriptedModelServer,
} from "./support/scripted-model-server.ts";
import { sumRepo, testCommand } from "./support/sum-repo.ts";

let h: Harness;
let server: ScriptedModelServer;
afterEach(async () => {
  await server.close();
  await h.cleanup();
});

type WireMessage = { role: string; content: string | null };

describe("fix loop file tools and .git", () => {
  it("A40: a committed symlink g -> .git does not let write_file/edit_file/read_file reach .git/config or .git/info", async () => {
    h = fixHarness(sumRepo);
    symlinkSync(".git", join(h.repo.root, "g"));
    h.repo.git("add", "g");
    h.repo.git("commit", "-q", "-m", "add a link to .git");
    const configBefore = readFileSync(join(h.repo.root, ".git", "config"), "utf8");
    server = await startScriptedModelServer(loadTurns("write-through-git-symlink"));

    const outcome = await h.run({ runId: "a40", commands: [testCommand] }, { baseURL: server.baseURL });

    expect(readFileSync(join(h.repo.root, ".git", "config"), "utf8")).toBe(configBefore);
    expect(existsSync(join(h.repo.root, ".git", "info", "attributes"))).toBe(false);
    const results = (server.requests[1]!.body.messages as WireMessage[])
      .filter((m) => m.role === "tool")
      .map((m) => m.content ?? "");
    expect(results).toHaveLength(4);
    for (const result of results)
      expect(result).toMatch(/^error: path_outside_workspace: "g\/[a-z/]+" is inside \.git/);
    expect(existsSync(join(h.repo.root, "filter-ran"))).toBe(false);
    // The fix still lands, and the only commit is the legitimate edit.
    expect(outcome).toMatchObject({ status: "done", fixedBy: "model" });
    expect(h.repo.git("log", "--format=%s", "main..xihe/fix-a40").trim().split("\n")).toEqual([
      "xihe: edited src/sum.js",
    ]);
  });
});
