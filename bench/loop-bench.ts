// npm run bench:loop [-- --runs N]: the fix loop's own overhead per round, with a scripted model on
// 127.0.0.1 and a trivial verification command (`grep -qx fixed state.txt`) in the real sandbox.
// Each run has 4 rounds (3 failing attempts, then the fix). Time inside model calls and sandboxed
// commands is measured separately and subtracted; what remains is the loop: validation, risk
// scoring, memo building, git commits/diffs and the SQLite step records. Git is also shown apart.
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { budgetLimitsFrom } from "../src/agent/loop/budget.ts";
import { createStep } from "../src/runs/run-step.ts";
import { runFixLoop } from "../src/agent/loop/fix-loop.ts";
import { createModelClient } from "../src/agent/model/model-client.ts";
import type { Model } from "../src/agent/model/model.ts";
import { defaultRepoConfig } from "../src/config.ts";
import { openSqliteStore } from "../src/store/sqlite-store.ts";
import { bindCommandPolicy } from "../src/tools/bind-command-policy.ts";
import { openWorkspaceGit } from "../src/tools/open-workspace-git.ts";
import type { WorkspaceGit } from "../src/tools/workspace-git.ts";
import { toolRegistry } from "../src/tools/registry.ts";
import { chooseSandbox } from "../src/workspace/sandbox/choose-sandbox.ts";
import { detectSandboxSupport } from "../src/workspace/sandbox/sandbox-support.ts";
import type { Sandbox } from "../src/workspace/sandbox/sandbox.ts";

const args = process.argv.slice(2);
const runs = args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) : 5;
const rounds = 4;

function turn(i: number, content: string) {
  const calls = [
    {
      id: `c${i}a`,
      type: "function",
      function: { name: "write_file", arguments: JSON.stringify({ path: "state.txt", content }) },
    },
    {
      id: `c${i}b`,
      type: "function",
      function: { name: "finish", arguments: JSON.stringify({ summary: `attempt ${i}`, confidence: 0.5 }) },
    },
  ];
  const message = { role: "assistant", content: null, tool_calls: calls };
  return {
    id: `b${i}`,
    object: "chat.completion",
    created: 0,
    model: "bench",
    choices: [{ index: 0, message, finish_reason: "tool_calls" }],
    usage: { prompt_tokens: 1000, completion_tokens: 50, total_tokens: 1050 },
  };
}

async function startModel(): Promise<{ url: string; close: () => void }> {
  let n = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      n++;
      const content = n % rounds === 0 ? "fixed\n" : `attempt ${n}\n`;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(turn(n, content)));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => server.close(),
  };
}

function timed<T extends object>(target: T, bucket: { ms: number }): T {
  return new Proxy(target, {
    get(obj, key, receiver) {
      const value = Reflect.get(obj, key, receiver);
      if (typeof value !== "function") return value;
      return async (...a: unknown[]) => {
        const t = performance.now();
        try {
          return await (value as (...x: unknown[]) => Promise<unknown>).apply(obj, a);
        } finally {
          bucket.ms += performance.now() - t;
        }
      };
    },
  });
}

const model = await startModel();
const support = detectSandboxSupport(`bench-${process.pid}`);
const samples: Array<{ total: number; model: number; sandbox: number; git: number }> = [];
for (let r = 0; r < runs; r++) {
  const root = mkdtempSync(join(process.platform === "linux" ? "/dev/shm" : tmpdir(), "xihe-loop-bench-"));
  const git = (...a: string[]) =>
    execFileSync("git", ["-c", "user.name=b", "-c", "user.email=b@b", ...a], { cwd: root });
  git("init", "-q", "-b", "main");
  writeFileSync(join(root, "state.txt"), "broken\n");
  git("add", "-A");
  git("commit", "-qm", "init");
  const store = openSqliteStore(join(root, ".git", "bench.db"));
  const buckets = { model: { ms: 0 }, sandbox: { ms: 0 }, git: { ms: 0 } };
  const client = createModelClient({
    baseURL: model.url,
    apiKey: "k",
    models: { perception: "bench", planning: "bench", execution: "bench" },
    prices: {},
    toolMode: "native",
    fetch: globalThis.fetch,
    sleep: async () => {},
    random: Math.random,
    now: () => new Date(),
    timeoutMs: 10_000,
  });
  const sandbox = chooseSandbox({
    requested: "auto",
    source: "local_checkout",
    trustLocal: false,
    root,
    support,
    newId: () => `${r}-${Math.random().toString(16).slice(2)}`,
    now: () => Date.now(),
  });
  const runId = `bench${r}`;
  await store.createRun(
    {
      installationId: null,
      repo: "bench",
      pr: null,
      headSha: "x",
      verb: "fix",
      args: "",
      trigger: "cli",
      requester: "bench",
      budget: {},
      context: {},
    },
    { id: runId, now: new Date().toISOString() },
  );
  const started = performance.now();
  const outcome = await runFixLoop(
    {
      step: createStep({ store, now: () => new Date() }, runId),
      now: () => new Date(),
      model: timed<Model>(client, buckets.model),
      sandbox: { ...timed<Sandbox>(sandbox, buckets.sandbox), kind: sandbox.kind, root: sandbox.root },
      git: timed<WorkspaceGit>(openWorkspaceGit(root), buckets.git),
      tools: toolRegistry,
      checkCommand: bindCommandPolicy(root, []),
      index: null,
      log: pino({ level: "silent" }),
    },
    {
      runId,
      commands: ["grep -qx fixed state.txt"],
      lint: [],
      useModel: true,
      limits: budgetLimitsFrom(defaultRepoConfig.budget),
      instructions: "",
      commandTimeoutMs: 30_000,
      maxOutputTokens: 1024,
      approvals: [],
    },
  );
  const total = performance.now() - started;
  if (outcome.status !== "done" || outcome.rounds !== rounds)
    throw new Error(`bench run ended ${outcome.status} after ${outcome.rounds} rounds: ${outcome.reason}`);
  samples.push({ total, model: buckets.model.ms, sandbox: buckets.sandbox.ms, git: buckets.git.ms });
  await store.close();
  rmSync(root, { recursive: true, force: true });
}
model.close();

const perRound = (f: (s: (typeof samples)[number]) => number) =>
  samples.map((s) => f(s) / rounds).sort((a, b) => a - b);
const fmt = (xs: number[]) =>
  `median ${xs[Math.floor(xs.length / 2)]!.toFixed(1)} ms, min ${xs[0]!.toFixed(1)}, max ${xs[xs.length - 1]!.toFixed(1)}`;
console.log(`fix loop, ${runs} runs × ${rounds} rounds (sandbox: ${support.bwrap ? "bwrap" : "local"})`);
console.log(
  `  loop overhead per round (excl. model + commands): ${fmt(perRound((s) => s.total - s.model - s.sandbox))}`,
);
console.log(`    of which git (commit, diff, diff --check):     ${fmt(perRound((s) => s.git))}`);
console.log(
  `    of which everything else (validate, memo, store): ${fmt(perRound((s) => s.total - s.model - s.sandbox - s.git))}`,
);
console.log(`  model HTTP per round (scripted, loopback):        ${fmt(perRound((s) => s.model))}`);
console.log(`  sandboxed commands per round:                     ${fmt(perRound((s) => s.sandbox))}`);
