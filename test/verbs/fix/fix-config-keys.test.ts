// The documented `sandbox.memory_mb`, `sandbox.max_pids` and `commands.build` keys reach a fix run:
// `xihe fix` through the real CLI, the bubblewrap sandbox and the per-run cgroup of this machine.
import { afterEach, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../../src/cli.ts";
import type { CliIo } from "../../../src/cli/cli-io.ts";
import { detectSandboxSupport } from "../../../src/workspace/sandbox/sandbox-support.ts";
import { makeGitRepo, type TempRepo } from "../../tools/support/make-git-repo.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

let repo: TempRepo | undefined;
let storeDir: string | undefined;
afterEach(() => {
  repo?.cleanup();
  if (storeDir) rmSync(storeDir, { recursive: true, force: true });
  repo = storeDir = undefined;
});

type Outcome = {
  status: string;
  perception: { runs: { command: string; exitCode: number | null; tail: string }[] };
};

async function fixJson(files: Record<string, string>): Promise<{ code: number; outcome: Outcome }> {
  repo = makeGitRepo(files);
  storeDir = scratchDir("xihe-config-keys-");
  const out: string[] = [];
  const io: CliIo = {
    stdout: (t) => out.push(t),
    stderr: (t) => out.push(t),
    readStdin: async () => "",
    env: { XIHE_STORE: join(storeDir, "xihe.db"), LOG_LEVEL: "silent", XIHE_SANDBOX: "bwrap" },
    cwd: repo.root,
    isTTY: false,
  };
  const code = await main(["fix", "--no-llm", "--json"], io);
  const text = out.join("");
  if (!text.startsWith("{")) throw new Error(text);
  return { code, outcome: JSON.parse(text) as Outcome };
}

// Filled buffers are resident memory, which the cgroup counts (the default limit is 2048 MB).
const allocate =
  "node -e \"const b=[];for(let i=0;i<48;i++)b.push(Buffer.alloc(8<<20,1));console.log('allocated',b.length*8,'MB')\"";
// Each child is a process (and node's own threads count too): the default limit is 512.
const spawnMany =
  "node -e \"const {spawn}=require('node:child_process');let n=0;for(let i=0;i<40;i++){try{const c=spawn('sleep',['2']);c.on('error',()=>{});if(c.pid)n++}catch{}}console.log('spawned',n);process.exit(0)\"";

const cgroup = detectSandboxSupport("config-keys").cgroupParents !== null;

describe("the sandbox keys of .github/xihe.yml in a fix run", () => {
  it.runIf(cgroup)(
    "sandbox.memory_mb: a test command that allocates more than the limit is killed",
    async () => {
      const { outcome } = await fixJson({
        ".github/xihe.yml": `sandbox:\n  memory_mb: 128\ncommands:\n  test: [${JSON.stringify(allocate)}]\n`,
      });
      const [run] = outcome.perception.runs;
      expect(run?.command).toBe(allocate);
      expect(run?.exitCode).not.toBe(0);
      expect(run?.tail).not.toContain("allocated 384 MB");
    },
    60_000,
  );

  it.runIf(cgroup)(
    "sandbox.max_pids: a test command cannot start more processes than the limit",
    async () => {
      const { outcome } = await fixJson({
        ".github/xihe.yml": `sandbox:\n  max_pids: 24\ncommands:\n  test: [${JSON.stringify(spawnMany)}]\n`,
      });
      const spawned = /spawned (\d+)/.exec(outcome.perception.runs[0]?.tail ?? "")?.[1];
      expect(spawned).toBeDefined();
      expect(Number(spawned)).toBeLessThan(24);
    },
    60_000,
  );

  it("commands.build is a verification command: a failing build is a failure to fix", async () => {
    const { code, outcome } = await fixJson({
      ".github/xihe.yml": 'commands:\n  test: ["node -e 0"]\n  build: ["node build.js"]\n',
      "build.js": "console.error('build.js:1 build broke');\nprocess.exit(2);\n",
    });
    expect(outcome.perception.runs.map((r) => [r.command, r.exitCode])).toEqual([
      ["node -e 0", 0],
      ["node build.js", 2],
    ]);
    expect(outcome.status).not.toBe("done");
    expect(code).toBe(1);
  }, 60_000);
});
