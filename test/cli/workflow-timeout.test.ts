// A workflow run that times out, through the CLI's local run (the same executor, lifecycle and alert
// path as `xihe workflow run`) with a fake clock: the instance still running at the deadline is
// stopped through DolphinScheduler's executors/execute STOP, the stop is recorded as a step, the run
// ends failed saying so, and exactly one workflow_failed alert reaches the fake WeCom robot.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { parseRepoConfig } from "../../src/config.ts";
import { runWorkflowLocally } from "../../src/cli/workflow-local-run.ts";
import { createDsClient } from "../../src/integrations/dolphinscheduler/ds-client.ts";
import { connectDolphinScheduler } from "../../src/integrations/dolphinscheduler/connect-dolphinscheduler.ts";
import { createLogger } from "../../src/logger.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import type { Store } from "../../src/store/store.ts";
import { createWorkflowExecutor } from "../../src/verbs/workflow/workflow-run-executor.ts";
import {
  startFakeDolphinScheduler,
  type FakeDolphinScheduler,
} from "../integrations/dolphinscheduler/fake-dolphinscheduler.ts";
import { startFakeAlertService, wecomOk, type FakeAlertService } from "../notify/fake-alert-service.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const token = "ds-timeout-token";
let dir: string;
let store: Store;
let ds: FakeDolphinScheduler;
let wecom: FakeAlertService;

beforeEach(async () => {
  dir = scratchDir("xihe-wf-timeout-");
  store = openSqliteStore(join(dir, "xihe.db"));
  ds = await startFakeDolphinScheduler({
    token,
    project: "dw",
    workflows: [
      { name: "etl_smoke", code: 1001, plans: [{ states: ["SUBMITTED_SUCCESS", "RUNNING_EXECUTION"] }] },
    ],
  });
  wecom = await startFakeAlertService(wecomOk);
});
afterEach(async () => {
  await ds.close();
  await wecom.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const config = parseRepoConfig(
  [
    "notify: { language: en, channels: [{ name: team }] }",
    "integrations:",
    "  dolphinscheduler: { project: dw, green_list: [etl_smoke], timeout_minutes: 5, poll_seconds: 10 }",
  ].join("\n"),
);

it("stops the instance still running at the timeout, records the stop, and alerts once", async () => {
  let clock = new Date("2026-12-04T10:00:00.000Z");
  const now = () => clock;
  const out: string[] = [];
  const settings = config.integrations.dolphinscheduler!;
  const status = await runWorkflowLocally(
    {
      store,
      storePath: join(dir, "xihe.db"),
      io: {
        stdout: (t) => out.push(t),
        stderr: () => {},
        readStdin: async () => "",
        env: { XIHE_NOTIFY_TEAM: `wecom:${wecom.url("/cgi-bin/webhook/send?key=k")}` },
        cwd: dir,
        isTTY: false,
      },
      now,
      log: createLogger({ level: "silent" }),
      newId: () => "wf-timeout",
      executor: createWorkflowExecutor({
        settingsFor: async () => settings,
        connect: (project) =>
          connectDolphinScheduler(createDsClient({ baseUrl: ds.baseUrl, token }), project),
        now,
        // Time passes only when the follower waits: five minutes go by in a few polls.
        sleep: async (ms) => {
          clock = new Date(clock.getTime() + ms);
        },
      }),
    },
    { root: dir, workflow: "etl_smoke", params: {}, notify: config.notify },
  );

  expect(status).toBe("failed");
  expect(out.join("")).toContain(
    "workflow etl_smoke timed out (instance 100): still RUNNING_EXECUTION after 5 min; instance 100 was stopped (STOP sent)",
  );
  expect(ds.executes).toEqual([{ processInstanceId: "100", executeType: "STOP" }]);
  expect(ds.starts).toHaveLength(1);
  const steps = await store.listSteps("wf-timeout");
  expect(steps.filter((s) => s.kind === "ds_stop")).toEqual([
    expect.objectContaining({ status: "succeeded", output: { stopped: true, note: expect.any(String) } }),
  ]);
  expect(wecom.received).toHaveLength(1);
  const alert = (JSON.parse(wecom.received[0]!.body) as { markdown: { content: string } }).markdown.content;
  expect(alert).toMatch(/workflow failed \(1 run\)[\s\S]*timeout/);
});
