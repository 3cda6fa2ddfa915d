// A retried triage reads the side effects an earlier attempt did back with their schema: a stored
// output that fits is returned without repeating the effect; one that no longer fits (written by
// another version) fails the delivery's triage naming the step, instead of flowing on as a wrong type.
import { join } from "node:path";
import { pino } from "pino";
import { expect, it } from "vitest";
import { z } from "zod";
import { runTriageJob } from "../../src/runs/triage-loop.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import type { Json } from "../../src/store/store.ts";
import { scratchDir } from "../support/scratch-dir.ts";

async function retriedWith(stored: Record<string, Json>) {
  const store = openSqliteStore(join(scratchDir("xihe-once-"), "xihe.db"));
  await store.enqueueDelivery({
    deliveryId: "d1",
    event: "issue_comment",
    action: "created",
    installationId: 1,
    payload: {},
    receivedAt: "2026-12-04T12:00:00Z",
  });
  const claimed = await store.updateTriage("d1", {
    status: "running",
    workerId: "w",
    steps: stored as never,
  });
  let effects = 0;
  let seen: unknown = null;
  await runTriageJob(
    {
      store,
      log: pino({ level: "silent" }),
      now: () => new Date("2026-12-04T12:00:01Z"),
      handle: async (_job, once) => {
        seen = await once("run", z.object({ runId: z.string().nullable() }), async () => {
          effects++;
          return { runId: "r-new" };
        });
      },
    },
    claimed,
  );
  const after = await store.updateTriage("d1", {});
  await store.close();
  return { effects, seen, after };
}

it("returns the stored output of a side effect done before, parsed, without doing it again", async () => {
  const { effects, seen, after } = await retriedWith({ run: { runId: "r-old" } });
  expect(effects).toBe(0);
  expect(seen).toEqual({ runId: "r-old" });
  expect(after.status).toBe("done");
});

it("fails the triage naming the step when the stored output no longer fits its schema", async () => {
  const { effects, after } = await retriedWith({ run: { runId: 42 } });
  expect(effects).toBe(0);
  expect(after.status).toBe("failed");
  expect(after.error).toContain("triage step run of delivery d1");
});
