// The workflow state machine against a fake DolphinScheduler 3.x server over real HTTP, with its
// steps in a real SQLite store and a fake clock: success, transient retry on the green list only,
// permanent failures never retried, timeouts, and restarts that never start an instance twice.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDsClient } from "../../../src/integrations/dolphinscheduler/ds-client.ts";
import { connectDolphinScheduler } from "../../../src/integrations/dolphinscheduler/connect-dolphinscheduler.ts";
import {
  DsApiError,
  DsTokenRefused,
  DsUnreachable,
  DsUnsupportedVersion,
  UnknownWorkflow,
} from "../../../src/integrations/dolphinscheduler/ds-errors.ts";
import {
  followWorkflow,
  type FollowDeps,
  type WorkflowRequest,
} from "../../../src/verbs/workflow/follow-workflow.ts";
import { createStep } from "../../../src/runs/run-step.ts";
import { openSqliteStore } from "../../../src/store/sqlite-store.ts";
import type { Store } from "../../../src/store/store.ts";
import { scratchDir } from "../../support/scratch-dir.ts";
import {
  startFakeDolphinScheduler,
  type FakeDolphinScheduler,
  type FakeWorkflow,
} from "../../integrations/dolphinscheduler/fake-dolphinscheduler.ts";

const token = "ds-test-token";
let dir: string;
let store: Store;
let ds: FakeDolphinScheduler;
let clock: Date;
let sleeps: number[];

beforeEach(async () => {
  dir = scratchDir("xihe-ds-");
  store = openSqliteStore(join(dir, "xihe.db"));
  clock = new Date("2026-12-04T10:00:00.000Z");
  sleeps = [];
  await store.createRun(
    {
      installationId: null,
      repo: "acme/pipelines",
      pr: null,
      headSha: "0".repeat(40),
      verb: "workflow",
      args: "etl_smoke",
      trigger: "cli",
      requester: "alice",
      budget: {},
      context: {},
    },
    { id: "run1", now: clock.toISOString() },
  );
});
afterEach(async () => {
  await ds?.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const running = ["SUBMITTED_SUCCESS", "RUNNING_EXECUTION"];
const ok = { states: [...running, "SUCCESS"] };
const failing = (log: string) => ({
  states: [...running, "FAILURE"],
  tasks: [
    { name: "extract", state: "SUCCESS", log: "extracted 10 rows" },
    { name: "load_orders", state: "FAILURE", log },
  ],
});
const transientLog =
  "[INFO] 2026-12-04 10:00:01 - connecting to jdbc:mysql://db:3306/dw\n[ERROR] com.mysql.cj.jdbc.exceptions.CommunicationsException: Communications link failure";
const permanentLog =
  "[ERROR] java.sql.SQLSyntaxErrorException: Table 'dw.orders_v2' doesn't exist\n\tat com.mysql.cj.jdbc.ClientPreparedStatement.execute";

async function serve(...workflows: FakeWorkflow[]) {
  ds = await startFakeDolphinScheduler({ token, project: "dw", workflows });
}

async function deps(over: Partial<FollowDeps> = {}): Promise<FollowDeps> {
  const client = createDsClient({ baseUrl: ds.baseUrl, token });
  return {
    project: await connectDolphinScheduler(client, "dw"),
    step: createStep({ store, now: () => clock }, "run1"),
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock = new Date(clock.getTime() + ms);
    },
    pollMs: 1_000,
    maxPollMs: 60_000,
    locateMs: 30_000,
    ...over,
  };
}

const request = (over: Partial<WorkflowRequest> = {}): WorkflowRequest => ({
  runId: "run1",
  slot: "workflow:etl_smoke",
  name: "etl_smoke",
  params: { dt: "2026-12-03" },
  greenListed: true,
  maxAttempts: 3,
  timeoutMs: 10 * 60_000,
  ...over,
});

describe("followWorkflow", () => {
  it("starts the workflow once with its parameters and the idempotency key, and follows it to SUCCESS", async () => {
    await serve({ name: "etl_smoke", code: 1001, plans: [ok] });
    const result = await followWorkflow(await deps(), request());
    expect(result).toMatchObject({ status: "succeeded", attempts: [{ state: "SUCCESS", failure: null }] });
    expect(ds.starts).toHaveLength(1);
    expect(ds.starts[0]).toMatchObject({ processDefinitionCode: "1001", execType: "START_PROCESS" });
    expect(JSON.parse(ds.starts[0]!.startParams!)).toEqual({
      dt: "2026-12-03",
      xihe_run_key: "run1/workflow:etl_smoke/1",
    });
    const kinds = (await store.listSteps("run1")).map((s) => `${s.kind}:${s.status}`);
    expect(kinds).toEqual([
      "ds_definition:succeeded",
      "ds_trigger:succeeded",
      "ds_start:succeeded",
      "ds_poll:succeeded",
    ]);
  });

  it("retries a green-listed workflow whose failure is transient, then succeeds", async () => {
    await serve({ name: "etl_smoke", code: 1001, plans: [failing(transientLog), ok] });
    const result = await followWorkflow(await deps(), request());
    expect(result.status).toBe("succeeded");
    expect(result.attempts).toEqual([
      expect.objectContaining({
        state: "FAILURE",
        task: "load_orders",
        failure: expect.objectContaining({ kind: "transient", cause: "connection" }),
      }),
      expect.objectContaining({ state: "SUCCESS" }),
    ]);
    expect(
      ds.starts.map((s) => (JSON.parse(s.startParams!) as { xihe_run_key: string }).xihe_run_key),
    ).toEqual(["run1/workflow:etl_smoke/1", "run1/workflow:etl_smoke/2"]);
  });

  it("does not retry a permanent failure (missing table) even on the green list", async () => {
    await serve({ name: "etl_smoke", code: 1001, plans: [failing(permanentLog), ok] });
    const result = await followWorkflow(await deps(), request());
    expect(result).toMatchObject({
      status: "failed",
      stopReason: expect.stringContaining("permanent failure (missing_table)"),
      attempts: [{ failure: { kind: "permanent", cause: "missing_table" } }],
    });
    expect(ds.starts).toHaveLength(1);
  });

  it("never retries a workflow that is not on the green list, even for a transient failure", async () => {
    await serve({ name: "etl_smoke", code: 1001, plans: [failing(transientLog), ok] });
    const result = await followWorkflow(await deps(), request({ greenListed: false }));
    expect(result).toMatchObject({
      status: "failed",
      stopReason: expect.stringContaining("not on the green list"),
    });
    expect(ds.starts).toHaveLength(1);
  });

  it("stops retrying a transient failure after maxAttempts", async () => {
    await serve({ name: "etl_smoke", code: 1001, plans: [failing(transientLog)] });
    const result = await followWorkflow(await deps(), request({ maxAttempts: 2 }));
    expect(result).toMatchObject({ status: "failed", stopReason: "still failing after 2 attempts" });
    expect(ds.starts).toHaveLength(2);
  });

  it("times out a workflow that keeps running, polling with growing intervals", async () => {
    await serve({ name: "etl_smoke", code: 1001, plans: [{ states: running }] });
    const result = await followWorkflow(await deps(), request({ timeoutMs: 10 * 60_000 }));
    expect(result).toMatchObject({
      status: "timeout",
      stopReason: "still RUNNING_EXECUTION after 10 min; instance 100 was stopped (STOP sent)",
    });
    const reads = ds.requests.filter((r) => /process-instances\/\d+$/.test(r)).length;
    // Doubling from 1 s up to 60 s covers 10 minutes in about 15 reads (a fixed 1 s would take 600).
    expect(reads).toBeLessThan(20);
    expect(sleeps.slice(0, 4)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(ds.starts).toHaveLength(1);
  });

  it("stops a timed-out instance once through executors/execute, and records the stop as a step", async () => {
    await serve({ name: "etl_smoke", code: 1001, plans: [{ states: running }] });
    const result = await followWorkflow(await deps(), request({ timeoutMs: 60_000 }));
    expect(result.status).toBe("timeout");
    expect(ds.executes).toEqual([{ processInstanceId: "100", executeType: "STOP" }]);
    const instance = await (await deps()).project.client.getInstance(9_876_543_210_123, 100);
    expect(instance.state).toBe("READY_STOP");
    const stop = (await store.listSteps("run1")).find((s) => s.kind === "ds_stop");
    expect(stop).toMatchObject({ status: "succeeded", stepId: "workflow:etl_smoke:stop:1" });
    // A resumed run replays the recorded stop: no second STOP, no second start.
    const again = await followWorkflow(await deps(), request({ timeoutMs: 60_000 }));
    expect(again.stopReason).toContain("instance 100 was stopped");
    expect(ds.executes).toHaveLength(1);
    expect(ds.starts).toHaveLength(1);
  });

  it("ends a timed-out run as timed out, naming the refusal, when DolphinScheduler will not stop it", async () => {
    await serve({ name: "etl_smoke", code: 1001, plans: [{ states: running }] });
    const real = await deps();
    const refusing: FollowDeps = {
      ...real,
      project: {
        ...real.project,
        client: {
          ...real.project.client,
          stopInstance: async () => {
            throw new DsApiError(
              "DolphinScheduler refused /executors/execute: no permission (code 30001)",
              30001,
            );
          },
        },
      },
    };
    const result = await followWorkflow(refusing, request({ timeoutMs: 60_000 }));
    expect(result).toMatchObject({
      status: "timeout",
      stopReason: expect.stringMatching(
        /still RUNNING_EXECUTION after 1 min; stopping instance 100 failed \(.*no permission.*\); stop it in DolphinScheduler/,
      ),
    });
  });

  it("resumes after a crash between the trigger and the first poll without starting it again", async () => {
    await serve({ name: "etl_smoke", code: 1001, plans: [ok] });
    const crashing = await deps({
      sleep: async () => {
        throw new Error("worker killed");
      },
    });
    await expect(followWorkflow(crashing, request())).rejects.toThrow("worker killed");
    expect(ds.starts).toHaveLength(1);
    const result = await followWorkflow(await deps(), request());
    expect(result.status).toBe("succeeded");
    expect(ds.starts).toHaveLength(1);
  });

  it("finds the instance by its key after a start whose answer was lost, and does not start it twice", async () => {
    await serve({ name: "etl_smoke", code: 1001, plans: [ok] });
    ds.loseNextStartAnswer();
    await expect(followWorkflow(await deps(), request())).rejects.toBeInstanceOf(DsUnreachable);
    const result = await followWorkflow(await deps(), request());
    expect(result).toMatchObject({ status: "succeeded", attempts: [{ instanceId: 100 }] });
    expect(ds.starts).toHaveLength(1);
  });

  it("names the workflows there are when the name is unknown, and starts nothing", async () => {
    await serve(
      { name: "etl_smoke", code: 1001, plans: [ok] },
      { name: "etl_full", code: 1002, plans: [ok] },
    );
    const err = await followWorkflow(await deps(), request({ name: "etl_smok" })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnknownWorkflow);
    expect((err as Error).message).toBe(
      'no workflow "etl_smok" in DolphinScheduler project "dw" (workflows: etl_smoke, etl_full)',
    );
    expect(ds.starts).toHaveLength(0);
  });
});

describe("connectDolphinScheduler", () => {
  it("says the token was refused, and what to do", async () => {
    await serve({ name: "etl_smoke", code: 1001, plans: [ok] });
    const client = createDsClient({ baseUrl: ds.baseUrl, token: "wrong" });
    await expect(connectDolphinScheduler(client, "dw")).rejects.toThrow(DsTokenRefused);
    await expect(connectDolphinScheduler(client, "dw")).rejects.toThrow(/XIHE_DOLPHINSCHEDULER_TOKEN/);
  });

  it("says the server is unreachable", async () => {
    const client = createDsClient({ baseUrl: "http://127.0.0.1:9/dolphinscheduler", token });
    await expect(connectDolphinScheduler(client, "dw")).rejects.toThrow(DsUnreachable);
  });

  it("refuses a server that does not speak the 3.x API at that URL", async () => {
    await serve({ name: "etl_smoke", code: 1001, plans: [ok] });
    const client = createDsClient({ baseUrl: ds.baseUrl.replace("/dolphinscheduler", "/api"), token });
    await expect(connectDolphinScheduler(client, "dw")).rejects.toThrow(DsUnsupportedVersion);
  });

  it("names the projects the token can see when the configured one is not among them", async () => {
    await serve({ name: "etl_smoke", code: 1001, plans: [ok] });
    const client = createDsClient({ baseUrl: ds.baseUrl, token });
    await expect(connectDolphinScheduler(client, "warehouse")).rejects.toThrow(
      /no DolphinScheduler project "warehouse".*visible: dw/,
    );
  });
});
