// `xihe workflow run|status` through the real CLI entry, against a fake DolphinScheduler 3.x server
// and a fake WeCom robot on 127.0.0.1: a run is recorded in the local store, followed to its end,
// and a failure (including a DolphinScheduler that cannot be used) sends exactly one alert.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startFakeAlertService, wecomOk, type FakeAlertService } from "../notify/fake-alert-service.ts";
import {
  startFakeDolphinScheduler,
  type FakeDolphinScheduler,
  type InstancePlan,
} from "../integrations/dolphinscheduler/fake-dolphinscheduler.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const token = "ds-cli-token";
let dir: string;
let ds: FakeDolphinScheduler | undefined;
let wecom: FakeAlertService;

beforeEach(async () => {
  dir = scratchDir("xihe-wf-cli-");
  mkdirSync(join(dir, ".github"));
  writeFileSync(
    join(dir, ".github/xihe.yml"),
    [
      "notify:",
      "  language: en",
      "  channels: [{ name: team }]",
      "integrations:",
      "  dolphinscheduler:",
      "    project: dw",
      "    green_list: [etl_smoke]",
      "    poll_seconds: 1",
      "    timeout_minutes: 1",
      "",
    ].join("\n"),
  );
  wecom = await startFakeAlertService(wecomOk);
});
afterEach(async () => {
  await ds?.close();
  ds = undefined;
  await wecom.close();
  rmSync(dir, { recursive: true, force: true });
});

const ok: InstancePlan = { states: ["SUBMITTED_SUCCESS", "RUNNING_EXECUTION", "SUCCESS"] };
const missingTable: InstancePlan = {
  states: ["RUNNING_EXECUTION", "FAILURE"],
  tasks: [
    {
      name: "load_orders",
      state: "FAILURE",
      log: "[ERROR] java.sql.SQLSyntaxErrorException: Table 'dw.orders_v2' doesn't exist",
    },
  ],
};

async function serve(plans: InstancePlan[]) {
  ds = await startFakeDolphinScheduler({
    token,
    project: "dw",
    workflows: [
      { name: "etl_smoke", code: 1001, plans },
      { name: "etl_full", code: 1002, plans },
    ],
  });
}

const xihe = (args: string[], env: Record<string, string> = {}) =>
  execa("node", ["bin/xihe.js", "workflow", ...args, "--repo", dir], {
    reject: false,
    extendEnv: false,
    env: {
      PATH: process.env.PATH!,
      LOG_LEVEL: "silent",
      XIHE_STORE: join(dir, "state/xihe.db"),
      XIHE_DOLPHINSCHEDULER_URL: ds?.baseUrl ?? "http://127.0.0.1:9/dolphinscheduler",
      XIHE_DOLPHINSCHEDULER_TOKEN: token,
      XIHE_NOTIFY_TEAM: `wecom:${wecom.url("/cgi-bin/webhook/send?key=k")}`,
      ...env,
    },
  });

const alerts = () =>
  wecom.received.map((r) => (JSON.parse(r.body) as { markdown: { content: string } }).markdown.content);

function storedRuns() {
  const store = openSqliteStore(join(dir, "state/xihe.db"));
  return store.listRuns({}).finally(() => store.close());
}

// Each case spawns bin/xihe.js (TypeScript loaded at start): slow on a shared machine.
vi.setConfig({ testTimeout: 120_000 });

describe("xihe workflow run", () => {
  it("starts the workflow with its parameters, follows it to success, and records the run", async () => {
    await serve([ok]);
    const r = await xihe(["run", "etl_smoke", "dt=2026-12-03", "region=cn"]);
    expect(r.stdout).toContain("workflow etl_smoke succeeded (instance 100)");
    expect(r.exitCode).toBe(0);
    expect(ds!.starts).toHaveLength(1);
    expect(JSON.parse(ds!.starts[0]!.startParams!)).toMatchObject({ dt: "2026-12-03", region: "cn" });
    expect(await storedRuns()).toEqual([expect.objectContaining({ verb: "workflow", status: "succeeded" })]);
    expect(wecom.received).toHaveLength(0);
  });

  it("fails a permanent failure without a retry and sends one workflow-failed alert saying why", async () => {
    await serve([missingTable, ok]);
    const r = await xihe(["run", "etl_smoke"]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toContain(
      "workflow etl_smoke failed (instance 100): permanent missing_table in load_orders",
    );
    expect(r.stdout).toContain("Table 'dw.orders_v2' doesn't exist");
    expect(ds!.starts).toHaveLength(1);
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0]).toMatch(
      /workflow failed \(1 run\)[\s\S]*permanent:missing\\?_table[\s\S]*Read the failed task's log/,
    );
  });

  it("names the workflows there are for an unknown name, starts nothing and alerts once", async () => {
    await serve([ok]);
    const r = await xihe(["run", "etl_smok"]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toContain(
      'no workflow "etl_smok" in DolphinScheduler project "dw" (workflows: etl_smoke, etl_full)',
    );
    expect(ds!.starts).toHaveLength(0);
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0]).toContain("**Why:** unknown_workflow — no workflow");
  });

  it("says DolphinScheduler is unreachable and alerts once", async () => {
    const r = await xihe(["run", "etl_smoke"]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toMatch(
      /DolphinScheduler at http:\/\/127\.0\.0\.1:9\/dolphinscheduler did not answer.*check XIHE_DOLPHINSCHEDULER_URL/,
    );
    expect(alerts()).toHaveLength(1);
  });

  it("says the token was refused and what to set, and alerts once", async () => {
    await serve([ok]);
    const r = await xihe(["run", "etl_smoke"], { XIHE_DOLPHINSCHEDULER_TOKEN: "expired" });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toMatch(/refused the token \(HTTP 401.*set XIHE_DOLPHINSCHEDULER_TOKEN/);
    expect(ds!.starts).toHaveLength(0);
    expect(alerts()).toHaveLength(1);
  });

  it("reports a WeCom robot that refuses the key, with the setting to check", async () => {
    await serve([missingTable]);
    await wecom.close();
    wecom = await startFakeAlertService({
      status: 200,
      body: '{"errcode":93000,"errmsg":"invalid webhook url"}',
    });
    const r = await xihe(["run", "etl_smoke"], { LOG_LEVEL: "error" });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/errcode 93000.*check the robot key in XIHE_NOTIFY_TEAM/);
    expect(r.stderr).toContain("the alert could not be delivered");
    expect(wecom.received).toHaveLength(1);
  });

  it("exits 2 naming the settings when the server or token is not set", async () => {
    const r = await xihe(["run", "etl_smoke"], {
      XIHE_DOLPHINSCHEDULER_URL: "",
      XIHE_DOLPHINSCHEDULER_TOKEN: "",
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("set XIHE_DOLPHINSCHEDULER_URL and XIHE_DOLPHINSCHEDULER_TOKEN");
  });
});

describe("xihe workflow status", () => {
  it("lists the workflows, one workflow's instances, and one instance's failed task with its class", async () => {
    await serve([missingTable]);
    await xihe(["run", "etl_full"]);
    const list = await xihe(["status"]);
    expect(list.exitCode).toBe(0);
    expect(list.stdout).toContain(
      "- etl_smoke (code 1001, ONLINE) [green list: retried on transient failures]",
    );
    expect(list.stdout).toMatch(/^- etl_full \(code 1002, ONLINE\)$/m);
    const instance = await xihe(["status", "--instance", "100"]);
    expect(instance.stdout).toContain("- task load_orders: FAILURE\n  failure: permanent (missing_table)");
    expect(instance.stdout).toContain("Table 'dw.orders_v2' doesn't exist");
  }, 240_000);
});
