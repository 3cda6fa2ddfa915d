// Issue 15, crash, with the real fix pipeline: two `xihe worker` processes (bin/xihe.js worker,
// XIHE_QUEUE on a Redis and XIHE_STORE on a PostgreSQL this file starts) take `/xihe fix` runs
// that a real App process (bin/xihe-app.js) recorded from signed webhooks. Each run is a pull
// request of its own repository on one fake GitHub Enterprise Server host (stats-kit: jest, eslint,
// prettier, a lockfile; a scripted model that fixes its failing unit test). The worker holding a
// run is killed with SIGKILL right after one persisted step boundary of that run (a trigger holds
// the run's next step before it starts: support/crash-points.ts), a replacement worker starts, and
// the run resumes elsewhere once the lease lapsed. Every run must end once, succeeded, with one
// push of its side branch, one fix PR, one sticky comment and one check run, and the branch must
// hold the verified fix.
import { sign } from "@octokit/webhooks-methods";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openStore } from "../../src/store/open-store.ts";
import type { RunRecord, Store } from "../../src/store/store.ts";
import {
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../agent/support/scripted-model-server.ts";
import { commentPayload } from "../github/app-harness.ts";
import { commands } from "../github/ghes-fix-scenario.ts";
import { startAppProcess, type AppProcess } from "../server/app-process.ts";
import { describePg, startPostgresServer, type PostgresServer } from "../support/postgres-server.ts";
import { startRedisServer, type RedisServer } from "../support/redis-server.ts";
import { git } from "../verbs/fix/e2e-project-remote.ts";
import { scriptedModelAppEnv } from "../verbs/fix/send-fix-comment.ts";
import { armCrashPoints, type CrashPoints, type HeldRun } from "./support/crash-points.ts";
import { startGhesFleet, type GhesFleet } from "./support/ghes-fleet.ts";
import { startWorkerProcess, type WorkerProcess } from "./support/worker-processes.ts";

// Three runs, each killed twice (a run may resume twice; a third death fails it): at each boundary
// the persisted step after which the worker holding the run dies. `%`: the step of whichever
// attempt reaches it (a fix resumed before its push fixes again as "again-1:…").
const boundaries = [
  { owner: "early", after: ["github:status-comment", "perceive:ci"] },
  { owner: "fixing", after: ["branch", "%round-1:exec-1"] },
  { owner: "delivering", after: ["deliver:push", "deliver:fix-pr"] },
];
// The scripted model's one turn (edit src/median.js, finish), for every fix attempt.
const turn = (
  JSON.parse(
    readFileSync(new URL("../fixtures/github/model-turns.stats-median-fix.json", import.meta.url), "utf8"),
  ) as { body: unknown }[]
)[0]!;
const fixedLine = "return (sorted[middle - 1] + sorted[middle]) / 2;";
const secret = "crash-webhook-secret";
const { privateKey, publicKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});

describePg("xihe worker processes killed (SIGKILL) at each persisted step boundary of a real fix run", () => {
  let root = "";
  let postgres: PostgresServer | undefined;
  let redis: RedisServer | undefined;
  let store: Store | undefined;
  let points: CrashPoints | undefined;
  let fleet: GhesFleet | undefined;
  let model: ScriptedModelServer | undefined;
  let app: AppProcess | undefined;
  let storeUrl = "";
  const workers: WorkerProcess[] = [];
  const starting = new Set<Promise<unknown>>();
  let closing = false;

  function workerEnv(n: number): NodeJS.ProcessEnv {
    return {
      ...process.env,
      APP_ID: "4711",
      PRIVATE_KEY: privateKey,
      WEBHOOK_SECRET: secret,
      GHE_HOST: fleet!.host,
      GHE_PROTOCOL: "http",
      HOST: "127.0.0.1",
      PORT: "0",
      XIHE_QUEUE: redis!.url,
      XIHE_STORE: storeUrl,
      XIHE_WORK_DIR: join(root, `work-${n}`),
      XIHE_ARCHIVE: join(root, `archive-${n}`),
      XIHE_QUEUE_LEASE_SECONDS: "6",
      XIHE_WORKER_CONCURRENCY: "1",
      LOG_LEVEL: "info",
      ...scriptedModelAppEnv(model!.baseURL),
    };
  }
  let workerSeq = 0;
  async function startWorker(): Promise<void> {
    if (closing) return;
    const started = startWorkerProcess(workerEnv(++workerSeq), { bin: true });
    starting.add(started);
    try {
      const w = await started;
      workers.push(w);
      if (closing) w.kill("SIGKILL");
    } finally {
      starting.delete(started);
    }
  }

  beforeAll(async () => {
    root = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "xihe-crash-fix-"));
    postgres = await startPostgresServer();
    redis = await startRedisServer();
    storeUrl = await postgres.createDatabase(`xihe_crash_${randomBytes(4).toString("hex")}`);
    // Opened first: the schema exists before the crash points' trigger is laid on it.
    store = await openStore(storeUrl, { poolSize: 2, log: pino({ level: "silent" }) });
    fleet = await startGhesFleet(
      root,
      boundaries.map((b) => b.owner),
      {
        appId: 4711,
        publicKey,
        installationToken: "ghs_crashinstallationtoken00000000",
        runToken: "ghs_crashruntoken000000000000000000",
      },
    );
    points = await armCrashPoints(
      storeUrl,
      boundaries.flatMap((b) => b.after.map((after) => ({ repo: `${b.owner}/Hello-World`, after }))),
    );
    model = await startScriptedModelServer(Array.from({ length: 40 }, () => turn));
    const env = workerEnv(0);
    app = await startAppProcess({ ...env, XIHE_WORK_DIR: join(root, "app-work") });
    await Promise.all([startWorker(), startWorker()]);
  }, 180_000);

  afterAll(async () => {
    closing = true;
    await Promise.allSettled([...starting]);
    for (const w of workers) w.kill("SIGKILL");
    await Promise.all(workers.map((w) => w.exited));
    await app?.stop();
    await points?.close();
    await store?.close();
    await fleet?.close();
    await model?.close();
    await redis?.stop();
    await postgres?.destroy();
    if (root) rmSync(root, { recursive: true, force: true });
  }, 180_000);

  it("ends every run once, succeeded, with one side-branch push, one fix PR and one sticky comment", async () => {
    const started = Date.now();
    const kills: (HeldRun & { killedWorker: boolean; atSeconds: number })[] = [];
    let workerCpuSeconds = 0;
    points!.watch(async (held) => {
      const worker = workers.find((w) => w.pid === held.workerPid);
      workerCpuSeconds += worker ? cpuSeconds(worker.pid) : 0;
      worker?.kill("SIGKILL");
      kills.push({ ...held, killedWorker: Boolean(worker), atSeconds: (Date.now() - started) / 1000 });
      if (worker) {
        await worker.exited;
        // Two workers again: the replacement (or the other one) takes the run over.
        void startWorker().catch((err: unknown) => console.error("replacement worker:", err));
      }
    });

    for (const [i, b] of boundaries.entries()) {
      const body = JSON.stringify(
        fleet!.forOwner(commentPayload("/xihe fix", { commentId: 7100 + i }), b.owner),
      );
      const answer = await fetch(`http://127.0.0.1:${app!.port}/api/github/webhooks`, {
        method: "POST",
        body,
        headers: {
          "content-type": "application/json",
          "x-github-event": "issue_comment",
          "x-github-delivery": `crash-delivery-${i}`,
          "x-github-enterprise-host": fleet!.host,
          "x-hub-signature-256": await sign(secret, body),
        },
      });
      expect(answer.status).toBe(200);
    }

    const runs = await waitForRuns(store!, boundaries.length, 1_500_000, () =>
      workers.flatMap((w) => w.lines.slice(-15)).join("\n"),
    );
    const seconds = (Date.now() - started) / 1000;
    for (const w of workers) workerCpuSeconds += cpuSeconds(w.pid);
    // CPU over every worker and what it waited for (git, installs, sandboxed commands): divided by
    // the cores, about the wall time of this test on an otherwise idle machine.
    console.log(
      `real-fix crash: ${runs.length} runs ended in ${seconds.toFixed(0)} s, worker CPU ${workerCpuSeconds.toFixed(0)} s; kills:\n` +
        kills
          .map((k) => `  ${k.atSeconds.toFixed(0)} s ${k.repo}: after ${k.succeeded.at(-1)}, next ${k.next}`)
          .join("\n"),
    );

    // Every boundary was reached and its worker killed there, right after the boundary step
    // succeeded and before the next step started.
    expect(kills.map((k) => `${k.repo} ${k.after}`).sort()).toEqual(
      boundaries.flatMap((b) => b.after.map((after) => `${b.owner}/Hello-World ${after}`)).sort(),
    );
    for (const k of kills) {
      const last = k.succeeded.at(-1) ?? "";
      const at = k.after.startsWith("%") ? last.endsWith(k.after.slice(1)) : last === k.after;
      expect({ repo: k.repo, after: k.after, killed: k.killedWorker, last, at }).toEqual({
        repo: k.repo,
        after: k.after,
        killed: true,
        last,
        at: true,
      });
    }
    expect(new Set(kills.map((k) => k.workerPid)).size).toBe(kills.length);

    for (const b of boundaries) {
      const repo = fleet!.repos.get(b.owner)!;
      const run = runs.find((r) => r.repo === repo.repo)!;
      // The message carries the run's reason: toMatchObject would omit it from the diff.
      expect(run.status, `${run.repo} ended ${run.status}: ${run.reason ?? "no reason recorded"}`).toBe(
        "succeeded",
      );
      expect({ repo: run.repo, resumes: (run.context as { resumes?: number }).resumes }).toEqual({
        repo: run.repo,
        resumes: 2,
      });
      const steps = await store!.listSteps(run.id);
      expect(steps.filter((s) => s.status !== "succeeded").map((s) => s.stepId)).toEqual([]);
      const { ghes, remote } = repo;
      expect(ghes.unexpected).toEqual([]);
      const branches = git(remote.bare, "branch", "--list", "xihe/fix/*")
        .split("\n")
        .map((l) => l.replace(/^[*\s]+/, ""))
        .filter(Boolean);
      expect({
        repo: repo.repo,
        pushes: repo.receivePacks,
        branches: branches.length,
        pulls: ghes.pulls.length,
        comments: ghes.comments.length,
        checkRuns: ghes.checkRuns.size,
      }).toEqual({ repo: repo.repo, pushes: 1, branches: 1, pulls: 1, comments: 1, checkRuns: 1 });
      expect([...ghes.checkRuns.values()]).toMatchObject([{ status: "completed", conclusion: "success" }]);
      expect(ghes.pulls[0]).toMatchObject({ head: branches[0], base: "changes" });
      // The sticky comment is the final report: every CI command failed before and passes after.
      const final = ghes.comments[0]!.body;
      for (const command of [...commands.test, ...commands.lint])
        expect(final).toContain(`| \`${command}\` | 1 | 0 | ✅ pass |`);
      expect(final).toContain(`(${ghes.pulls[0]!.html_url})`);
      // The side branch is the verified fix on top of the PR head.
      expect(git(remote.bare, "show", `${branches[0]}:src/median.js`)).toContain(fixedLine);
      git(remote.bare, "merge-base", "--is-ancestor", remote.head, branches[0]!);
      expect(git(remote.bare, "log", "-1", "--format=%B", branches[0]!)).toContain(`Xihe-Run: ${run.id}`);
    }
  }, 1_700_000);
});

/** User and system CPU of a live process and of the children it waited for, from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14-17 of stat (utime, stime, cutime, cstime), counted here from field 3 on.
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / 100;
  } catch {
    return 0;
  }
}

/** Every run recorded so far once `count` exist and all ended; fails at the deadline with the workers' logs. */
async function waitForRuns(
  store: Store,
  count: number,
  timeoutMs: number,
  logs: () => string,
): Promise<RunRecord[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const runs = await store.listRuns({ limit: 100 });
    if (runs.length >= count && runs.every((r) => r.status !== "queued" && r.status !== "running"))
      return runs;
    if (Date.now() > deadline)
      throw new Error(
        `runs not ended: ${runs.map((r) => `${r.repo} ${r.status}`).join(", ")}; workers:\n${logs()}`,
      );
    await new Promise((r) => setTimeout(r, 1000));
  }
}
