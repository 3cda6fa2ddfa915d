// A finished run raises its alert from what the store recorded: the step it stopped at, the steps
// it went through, why (the outcome's class) and who asked; a failure to alert never fails the run.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createLogger } from "../../src/logger.ts";
import { createAlertNotifier } from "../../src/notify/create-alert-notifier.ts";
import type { AlertOutbox } from "../../src/notify/alert-outbox.ts";
import { withAlerts } from "../../src/runs/alerting-reporter.ts";
import { executeRun } from "../../src/runs/execute-run.ts";
import type { RunExecutor, RunReporter } from "../../src/runs/run-executor.ts";
import { openSqliteAlertOutbox } from "../../src/store/sqlite-alert-outbox.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import type { RunRecord, Store } from "../../src/store/store.ts";
import { subscription } from "../notify/alert-fixtures.ts";
import { scratchDir } from "../support/scratch-dir.ts";

let dir: string;
let store: Store;
let outbox: AlertOutbox;
const now = () => new Date("2026-12-03T10:00:00.000Z");
const log = createLogger({ level: "silent" });
const quietReporter: RunReporter = {
  started: async () => {},
  progress: async () => {},
  finished: async () => {},
};

beforeEach(() => {
  dir = scratchDir("xihe-alerting-");
  store = openSqliteStore(join(dir, "xihe.db"));
  outbox = openSqliteAlertOutbox(join(dir, "xihe.db"));
});
afterEach(async () => {
  await outbox.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function runWith(
  executor: RunExecutor,
  subscriptionFor: (run: RunRecord) => Promise<ReturnType<typeof subscription> | null>,
) {
  const created = await store.createRun(
    {
      installationId: 1,
      repo: "acme/api",
      pr: 7,
      headSha: "a".repeat(40),
      verb: "fix",
      args: "",
      trigger: "comment",
      requester: "alice",
      budget: null,
      context: {},
    },
    { id: "r-alert", now: now().toISOString() },
  );
  if (!created.created) throw new Error("run exists");
  const claimed = await store.claimNextRun("w1", now().toISOString());
  const notifier = createAlertNotifier({
    outbox,
    channels: new Map([["team", { name: "team", type: "wecom", url: "http://127.0.0.1:9/", secret: null }]]),
    now,
    log,
  });
  await executeRun(
    {
      store,
      log,
      now,
      executors: { fix: executor },
      reporterFor: () =>
        withAlerts(quietReporter, {
          notifier,
          store,
          now,
          subscriptionFor,
          linksFor: (run) => ({ pr: `https://github.com/${run.repo}/pull/${run.pr}`, trace: null }),
        }),
    },
    claimed!,
    new AbortController().signal,
  );
  return (await store.getRun("r-alert"))!;
}

const stepsThenFail: RunExecutor = async (ctx) => {
  const out = z.object({ ok: z.boolean() });
  await ctx.step("perceive", { kind: "perceive", input: null, output: out }, async () => ({ ok: true }));
  await ctx.step("install", { kind: "install", input: null, output: out }, async () => ({ ok: true }));
  await ctx
    .step("exec:1", { kind: "exec", input: null, output: out }, async () => {
      throw new Error("npm test failed");
    })
    .catch(() => {});
  return {
    status: "failed",
    summary: "not fixed after 2 repair rounds",
    body: "",
    alert: { failureClass: "repairs_exhausted", retries: 2, suggestion: "fix_by_hand" },
  };
};

describe("alerting reporter", () => {
  it("records a gave-up alert with the stage, the step chain and the outcome's class", async () => {
    const run = await runWith(stepsThenFail, async () => subscription("team"));
    expect(run.status).toBe("failed");
    const [pending] = await outbox.pendingAlerts();
    expect(pending?.event).toMatchObject({
      kind: "run_gave_up",
      runId: "r-alert",
      runName: "fix acme/api#7",
      stage: { index: 3, total: 3, name: "exec" },
      toolChain: ["perceive", "install", "exec"],
      failureClass: "repairs_exhausted",
      retries: 2,
      suggestion: "fix_by_hand",
      triggeredBy: "alice",
      links: { pr: "https://github.com/acme/api/pull/7", trace: null },
    });
    expect(pending?.cause).toBe("run_gave_up|acme/api|repairs_exhausted");
  });

  it("alerts nobody when the repository names no channel, and never fails the run when alerting fails", async () => {
    expect((await runWith(stepsThenFail, async () => null)).status).toBe("failed");
    expect(await outbox.pendingAlerts()).toEqual([]);
    await store.close();
    store = openSqliteStore(join(dir, "again.db"));
    const run = await runWith(stepsThenFail, async () => {
      throw new Error("GitHub is down");
    });
    expect(run.status).toBe("failed");
    expect(run.endedAt).not.toBeNull();
  });

  it("raises fix_ready for a fix run that succeeded", async () => {
    await runWith(
      async () => ({ status: "succeeded", summary: "fixed", body: "" }),
      async () => subscription("team"),
    );
    expect((await outbox.pendingAlerts()).map((a) => a.event.kind)).toEqual(["fix_ready"]);
  });
});
