// The App's `deps.schedule` with an injected clock and a real SQLite file: a restart between two
// times runs the slot once, a slot missed while down runs once, two installations never start in the
// same second, and the times follow the repository's time zone and weekday.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pino } from "pino";
import { assignJitters, nextScheduledTime } from "../../src/runs/schedule-times.ts";
import { createUpgradeScheduler, type ScheduledRepo } from "../../src/runs/upgrade-scheduler.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import type { Store } from "../../src/store/store.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const repo = (installationId: number, name: string, over: Partial<ScheduledRepo> = {}): ScheduledRepo => ({
  installationId,
  repo: `octo/${name}`,
  defaultBranch: "main",
  schedule: "daily",
  timezone: "UTC",
  ...over,
});

describe("nextScheduledTime", () => {
  it("is local midnight plus the jitter: daily, weekly on Mondays, in the repository's zone", () => {
    const after = new Date("2026-12-02T10:00:00Z"); // a Wednesday
    expect(nextScheduledTime("daily", "UTC", 0, after).toISOString()).toBe("2026-12-03T00:00:00.000Z");
    expect(nextScheduledTime("daily", "UTC", 125, after).toISOString()).toBe("2026-12-03T00:02:05.000Z");
    expect(nextScheduledTime("weekly", "UTC", 0, after).toISOString()).toBe("2026-12-07T00:00:00.000Z");
    // Shanghai is UTC+8: its midnight is 16:00 UTC the day before (10:00 UTC is 18:00 there).
    expect(nextScheduledTime("daily", "Asia/Shanghai", 0, after).toISOString()).toBe(
      "2026-12-02T16:00:00.000Z",
    );
    // New York in winter is UTC-5; across the March DST change midnight is at UTC-4.
    expect(nextScheduledTime("daily", "America/New_York", 0, after).toISOString()).toBe(
      "2026-12-03T05:00:00.000Z",
    );
    expect(
      nextScheduledTime("daily", "America/New_York", 0, new Date("2027-03-14T12:00:00Z")).toISOString(),
    ).toBe("2027-03-15T04:00:00.000Z");
    // Exactly at a slot, the next one is the following day.
    expect(nextScheduledTime("daily", "UTC", 0, new Date("2026-12-03T00:00:00Z")).toISOString()).toBe(
      "2026-12-04T00:00:00.000Z",
    );
  });

  it("gives every installation its own second within the hour, the same on every call", () => {
    const ids = Array.from({ length: 500 }, (_, i) => 1000 + i * 7);
    const jitters = assignJitters(ids);
    expect(new Set(jitters.values()).size).toBe(500);
    for (const j of jitters.values()) expect(j >= 0 && j < 3600).toBe(true);
    expect(assignJitters([...ids].reverse())).toEqual(jitters);
  });
});

describe("the upgrade scheduler", () => {
  let dir: string;
  let store: Store;
  let clock: Date;
  let started: Array<{ repo: string; at: string }>;
  beforeEach(() => {
    dir = scratchDir("xihe-schedule-");
    store = openSqliteStore(join(dir, "xihe.db"));
    started = [];
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** One life of the App process: its own scheduler over the store file. */
  const boot = (repos: ScheduledRepo[], own: Store = store) =>
    createUpgradeScheduler({
      store: own,
      now: () => clock,
      log: pino({ level: "silent" }),
      listScheduled: async () => repos,
      startUpgrade: async (r) => void started.push({ repo: r.repo, at: clock.toISOString() }),
    });
  /** A restart: the store file is closed and opened again, and a new scheduler boots. */
  const restart = async (repos: ScheduledRepo[]) => {
    await store.close();
    store = openSqliteStore(join(dir, "xihe.db"));
    const s = boot(repos);
    await s.refresh();
    return s;
  };

  it("a restart between two scheduled times runs the slot exactly once", async () => {
    const repos = [repo(1, "app")];
    const jitter = assignJitters([1]).get(1)! * 1000;
    const midnight = (day: number) => Date.UTC(2026, 11, day) + jitter;
    clock = new Date("2026-12-02T10:00:00Z");
    // The first life keeps its own connection to the file: it is still running when the second boots.
    const firstStore = openSqliteStore(join(dir, "xihe.db"));
    const first = boot(repos, firstStore);
    await first.refresh();
    expect(await first.tick()).toEqual([]);
    expect(await store.getScheduleSlot("upgrade:octo/app")).toBe(new Date(midnight(3)).toISOString());

    clock = new Date("2026-12-02T20:00:00Z");
    const second = await restart(repos); // the planned slot is kept, not planned again
    expect(await second.tick()).toEqual([]);
    clock = new Date(midnight(3) + 1000);
    expect(await second.tick()).toEqual(["octo/app"]);
    expect(await second.tick()).toEqual([]);
    // The first life is still around (an overlapping restart): it cannot take the same slot.
    expect(await first.tick()).toEqual([]);
    await firstStore.close();
    clock = new Date(midnight(3) + 5000);
    expect(await (await restart(repos)).tick()).toEqual([]);
    expect(started).toEqual([{ repo: "octo/app", at: new Date(midnight(3) + 1000).toISOString() }]);

    // Down for three days: one run when it comes back, and the next slot is in the future again.
    clock = new Date(midnight(6) + 3_600_000 * 5);
    const third = await restart(repos);
    expect(await third.tick()).toEqual(["octo/app"]);
    expect(await third.tick()).toEqual([]);
    expect(await store.getScheduleSlot("upgrade:octo/app")).toBe(new Date(midnight(7)).toISOString());
    expect(started).toHaveLength(2);
  });

  it("two installations (and their repositories) never start in the same second", async () => {
    const repos = [repo(11, "a"), repo(11, "b"), repo(22, "c"), repo(33, "d", { schedule: "weekly" })];
    clock = new Date("2026-12-06T12:00:00Z"); // Sunday
    const s = boot(repos);
    await s.refresh();
    // Tick every second through the hour after midnight, as the App does.
    for (let t = Date.UTC(2026, 11, 7); t < Date.UTC(2026, 11, 7, 1); t += 1000) {
      clock = new Date(t);
      await s.tick();
    }
    expect(started.map((x) => x.repo).sort()).toEqual(["octo/a", "octo/b", "octo/c", "octo/d"]);
    const secondOf = (name: string) => started.find((x) => x.repo === `octo/${name}`)!.at;
    expect(secondOf("a")).toBe(secondOf("b")); // one installation, one jitter
    expect(new Set([secondOf("a"), secondOf("c"), secondOf("d")]).size).toBe(3);
  });

  it("a repository whose start fails is retried at its next slot, not every second", async () => {
    clock = new Date("2026-12-02T10:00:00Z");
    let calls = 0;
    const s = createUpgradeScheduler({
      store,
      now: () => clock,
      log: pino({ level: "silent" }),
      listScheduled: async () => [repo(1, "app")],
      startUpgrade: async () => {
        calls++;
        throw new Error("GitHub is down");
      },
    });
    await s.refresh();
    clock = new Date(Date.UTC(2026, 11, 3, 2));
    expect(await s.tick()).toEqual([]);
    expect(await s.tick()).toEqual([]);
    expect(calls).toBe(1);
  });
});
