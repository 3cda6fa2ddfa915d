// Issue 15, load (correctness only; the figures come from `npm run bench:queue`): signed deliveries
// of 20 installations, duplicates included, sent at once to two App processes with XIHE_QUEUE while
// two workers are busy: every delivery is answered, each command becomes exactly one run, none lost.
// On PostgreSQL (the acceptance's store) and on one shared SQLite file.
import { expect, it } from "vitest";
import { skipPostgres } from "../support/postgres-server.ts";
import { runWebhookLoad } from "./support/webhook-load.ts";

const stores = skipPostgres ? (["sqlite"] as const) : (["postgres", "sqlite"] as const);

it.each(stores)(
  "answers every delivery and records exactly one run per command delivery, none lost (%s)",
  async (store) => {
    const load = await runWebhookLoad({
      deliveries: 60,
      installations: 20,
      duplicateEvery: 6,
      workers: 2,
      githubDelayMs: 100,
      store,
    });
    expect(load.sent).toBe(60);
    expect(load.distinct).toBe(51); // every 6th of 60 repeats an earlier GUID: 9 duplicates
    expect(load.answered).toBe(load.sent);
    expect(load.triageDone).toBe(load.distinct);
    expect(load.runs).toBe(load.distinct);
    expect(load.duplicateRuns).toBe(0);
    expect(load.lost).toBe(0);
  },
  300_000,
);
