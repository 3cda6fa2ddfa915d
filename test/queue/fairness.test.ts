// Issue 15, fairness and caps over real Redis and worker processes: one installation's 50 queued
// runs do not starve another's one (it starts before the first's 3rd), and
// XIHE_INSTALLATION_CONCURRENCY bounds one installation's runs in flight over all workers.
import { afterEach, describe, expect, it } from "vitest";
import { startQueueHarness, type QueueHarness } from "./support/queue-harness.ts";

let h: QueueHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe("queue fairness between installations", () => {
  it("starts the quiet installation's one run before the noisy one's third", async () => {
    h = await startQueueHarness({ LEASE_MS: "3000", CONCURRENCY: "1", STEPS: "1", STEP_MS: "50" });
    const noisy = [];
    for (let i = 0; i < 50; i++)
      noisy.push(await h.recordRun({ repo: `noisy/r${i}`, pr: i + 1, verb: "explain", installationId: 100 }));
    const quiet = await h.recordRun({ repo: "quiet/r", pr: 1, verb: "explain", installationId: 200 });
    await h.startWorker();
    await h.waitForEnded([quiet.id, noisy[2]!.id], 60_000);

    const order = h.github.slowStarts.filter((s) => s.step === 0).map((s) => s.runId);
    const noisyIds = new Set(noisy.map((r) => r.id));
    const thirdNoisy = order.filter((id) => noisyIds.has(id))[2]!;
    expect(order.indexOf(quiet.id)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(quiet.id)).toBeLessThan(order.indexOf(thirdNoisy));
  }, 120_000);
});

describe("per-installation concurrency cap (XIHE_INSTALLATION_CONCURRENCY)", () => {
  it("never runs more than the cap of one installation at once over two workers", async () => {
    h = await startQueueHarness({
      LEASE_MS: "3000",
      CONCURRENCY: "3",
      STEPS: "1",
      STEP_MS: "600",
      INSTALLATION_CAP: "2",
    });
    const capped = [];
    for (let i = 0; i < 6; i++)
      capped.push(
        await h.recordRun({ repo: `capped/r${i}`, pr: i + 1, verb: "explain", installationId: 300 }),
      );
    const other = await h.recordRun({ repo: "other/r", pr: 1, verb: "explain", installationId: 400 });
    await Promise.all([h.startWorker(), h.startWorker()]);
    const ended = await h.waitForEnded(
      [...capped, other].map((r) => r.id),
      90_000,
    );

    expect(ended.every((r) => r.status === "succeeded")).toBe(true);
    expect(h.github.slowMaxByOwner.get("capped")).toBe(2);
    expect(h.github.slowMaxByOwner.get("other")).toBe(1);
  }, 150_000);
});
