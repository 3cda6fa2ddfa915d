import { afterEach, describe, expect, it } from "vitest";
import { readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../src/cli.ts";
import type { CliIo } from "../../src/cli/cli-io.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import { makeGitRepo, type TempRepo } from "../tools/support/make-git-repo.ts";
import { projectNodeModules } from "../agent/support/fix-harness.ts";
import {
  loadTurns,
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../agent/support/scripted-model-server.ts";
import { sumRepo, testCommand } from "../agent/support/sum-repo.ts";
import { scratchDir } from "../support/scratch-dir.ts";

let repo: TempRepo;
let storeDir: string;
let server: ScriptedModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
  repo.cleanup();
  rmSync(storeDir, { recursive: true, force: true });
});

function cli(env: Record<string, string> = {}, reuseStore = false) {
  if (!reuseStore) storeDir = scratchDir("xihe-cli-store-");
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    readStdin: async () => "",
    env: { XIHE_STORE: join(storeDir, "xihe.db"), LOG_LEVEL: "silent", ...env },
    cwd: repo.root,
    isTTY: false,
  };
  return { io, out: () => out.join(""), err: () => err.join(""), storePath: join(storeDir, "xihe.db") };
}

describe("xihe fix", () => {
  it("fixes a formatting failure with --no-llm, leaves it on xihe/fix-<id> and the user's branch untouched", async () => {
    repo = makeGitRepo({
      ".gitignore": "node_modules\n",
      "src/a.js": "const   x = {a:1}\nexport default x\n",
    });
    symlinkSync(projectNodeModules, join(repo.root, "node_modules"));
    const c = cli();
    const code = await main(
      ["fix", "--repo", ".", "--cmd", "node_modules/.bin/prettier --check src", "--no-llm", "--trust-local"],
      c.io,
    );
    expect(c.err()).toBe("");
    expect(code).toBe(0);
    const text = c.out();
    const runId = /^xihe fix ([0-9a-f]{8}): FIXED$/m.exec(text)?.[1];
    expect(runId).toBeDefined();
    expect(text).toContain("$ node_modules/.bin/prettier --check src  exit 1 → 0  ok");
    expect(text).toContain(`undo:      git branch -D xihe/fix-${runId}`);
    expect(repo.git("rev-parse", "--abbrev-ref", "HEAD").trim()).toBe("main");
    expect(readFileSync(join(repo.root, "src/a.js"), "utf8")).toBe("const   x = {a:1}\nexport default x\n");
    expect(repo.git("show", `xihe/fix-${runId}:src/a.js`)).toBe("const x = { a: 1 };\nexport default x;\n");
    const store = openSqliteStore(c.storePath);
    expect(await store.getRun(runId!)).toMatchObject({ status: "succeeded", verb: "fix", trigger: "cli" });
    await store.close();
  });

  it("runs the model loop in the bubblewrap sandbox against an OpenAI-compatible endpoint and prints JSON", async () => {
    repo = makeGitRepo(sumRepo);
    server = await startScriptedModelServer(loadTurns("unit-test-repair").slice(1));
    const c = cli({
      XIHE_MODEL_BASE_URL: server.baseURL,
      XIHE_MODEL: "m",
      XIHE_MODEL_API_KEY: "test-key",
      XIHE_MODEL_PRICES: '{"m":{"input":1,"output":4}}',
    });
    const code = await main(["fix", "--cmd", testCommand, "--json", "--max-cost", "0.25"], c.io);
    expect(c.err()).toBe("");
    expect(code).toBe(0);
    const outcome = JSON.parse(c.out()) as {
      runId: string;
      status: string;
      rounds: number;
      spend: { costUsd: number };
      commits: unknown[];
    };
    expect(outcome).toMatchObject({ status: "done", rounds: 2 });
    expect(outcome.commits).toHaveLength(2);
    expect(outcome.spend.costUsd).toBeCloseTo((3 * 900 * 1 + 3 * 60 * 4) / 1e6, 9);
    expect(repo.git("show", `xihe/fix-${outcome.runId}:src/sum.js`)).toContain("return a + b;");
    expect(server.requests[0]!.body.model).toBe("m");
    // The index cache the run wrote under .xihe/ is not part of the fix and does not dirty the tree.
    expect(repo.git("diff", "--name-only", `main..xihe/fix-${outcome.runId}`).trim()).toBe("src/sum.js");
    expect(repo.git("ls-files", "--others", "--exclude-standard").trim()).toMatch(/^(\.xihe\/\S+\n?)*$/);
  });

  it("logs through the project's logger: LOG_LEVEL honoured, secrets redacted, quiet by default", async () => {
    repo = makeGitRepo({ "a.txt": "a\n" });
    const token = `ghp_${"a".repeat(36)}`;
    const args = ["fix", "--cmd", `echo ${token}`, "--no-llm", "--trust-local", "--json"];
    const verbose = cli({ LOG_LEVEL: "info" });
    await main(args, verbose.io);
    const lines = verbose
      .err()
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { msg: string; runId: string; commands?: string[] });
    expect(lines.map((l) => l.msg)).toEqual(["fix run started", "fix run ended"]);
    expect(lines[0]!.runId).toMatch(/^[0-9a-f]{8}$/);
    expect(verbose.err()).not.toContain(token);
    expect(lines[0]!.commands?.[0]).toContain("echo ");
    const quiet = cli({}, true);
    quiet.io.env = { XIHE_STORE: quiet.storePath }; // no LOG_LEVEL: the CLI's default
    await main(args, quiet.io);
    expect(quiet.err()).toBe("");
  });

  it("refuses a dirty checkout and a run with no commands, with exit 2", async () => {
    repo = makeGitRepo(sumRepo);
    const c = cli();
    expect(await main(["fix", "--no-llm"], c.io)).toBe(2);
    expect(c.err()).toMatch(/nothing to fix: pass --cmd "npm test" or set commands\.test/);
    repo.write("src/sum.js", "changed\n");
    expect(await main(["fix", "--cmd", testCommand, "--no-llm"], c.io)).toBe(2);
    expect(c.err()).toMatch(
      /uncommitted changes \(1 path\(s\), e\.g\. M src\/sum\.js\); commit or stash them first/,
    );
  });

  it("holds a test-weakening change, then applies it after --resume --approve", async () => {
    repo = makeGitRepo(sumRepo);
    server = await startScriptedModelServer(loadTurns("weaken-test"));
    const model = { XIHE_MODEL: "m", XIHE_MODEL_API_KEY: "test-key" };
    const first = cli({ ...model, XIHE_MODEL_BASE_URL: server.baseURL });
    expect(await main(["fix", "--cmd", testCommand], first.io)).toBe(1);
    const runId = /^xihe fix ([0-9a-f]{8}): NEEDS YOUR INPUT$/m.exec(first.out())?.[1];
    expect(first.out()).toContain(
      `To apply the held change anyway: xihe fix --resume ${runId} --approve round-1:exec-1`,
    );
    expect(repo.git("rev-list", "--count", `main..xihe/fix-${runId}`).trim()).toBe("0");
    await server.close();

    server = await startScriptedModelServer(loadTurns("after-approval"));
    const second = cli({ ...model, XIHE_MODEL_BASE_URL: server.baseURL }, true);
    expect(await main(["fix", "--resume", runId!, "--approve", "round-1:exec-1"], second.io)).toBe(0);
    expect(second.out()).toMatch(/approved by a person despite high risk/);
    expect(repo.git("log", "--format=%s", `main..xihe/fix-${runId}`).trim().split("\n")).toEqual([
      "xihe: edited src/sum.js",
      "xihe: edited test/sum.test.js (-1 lines)",
    ]);
    expect(repo.git("rev-parse", "--abbrev-ref", "HEAD").trim()).toBe("main");
    const store = openSqliteStore(second.storePath);
    expect(await store.getRun(runId!)).toMatchObject({ status: "succeeded" });
    await store.close();
  });
});
