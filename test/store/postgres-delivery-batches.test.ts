// How the webhook path's delivery inserts share the database during a burst, on a real PostgreSQL:
// at most two statements at a time, the deliveries that come meanwhile in the next one, and a
// statement that never answers does not hold the others back.
import { randomBytes } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createDeliveryBatches } from "../../src/store/postgres-delivery-batches.ts";
import { createPgPool, type PgDb } from "../../src/store/postgres-pool.ts";
import { openPostgresStore } from "../../src/store/postgres-store.ts";
import { describePg, startPostgresServer, type PostgresServer } from "../support/postgres-server.ts";

let server: PostgresServer;
let pool: PgDb;

const delivery = (id: string) => ({
  deliveryId: id,
  event: "issue_comment",
  action: "created",
  installationId: 1,
  payload: { id },
  receivedAt: "2026-01-01T00:00:00Z",
});

/** The real pool, with each statement held until its gate opens; counts statements at once. */
function gatedQueries() {
  const gates: Array<() => void> = [];
  const opened = new Set<number>();
  const rowsPerStatement: number[] = [];
  let running = 0;
  let mostAtOnce = 0;
  return {
    rowsPerStatement,
    mostAtOnce: () => mostAtOnce,
    /** Lets the n-th statement (0-based) go to the database. */
    open(n: number) {
      opened.add(n);
      gates[n]?.();
    },
    db: {
      async query<R>(sql: string, params?: readonly (string | number | null | readonly unknown[])[]) {
        rowsPerStatement.push((params?.[0] as readonly unknown[]).length);
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        const n = gates.length;
        await new Promise<void>((resolve) => {
          gates.push(resolve);
          if (opened.has(n)) resolve();
        });
        try {
          return await pool.query<R>(sql, params as never);
        } finally {
          running -= 1;
        }
      },
    },
  };
}

describePg("postgres delivery batches", () => {
  beforeAll(async () => {
    server = await startPostgresServer();
    const url = await server.createDatabase(`xihe_${randomBytes(4).toString("hex")}`);
    await (await openPostgresStore(url, { poolSize: 1, log: { warn: () => {} } })).close();
    pool = createPgPool({ url, poolSize: 8, keepOpen: 0, connectTimeoutMs: 5_000, onIdleError: () => {} });
  });
  afterAll(async () => {
    await pool?.close();
    await server?.destroy();
  });

  it("sends the deliveries of many turns in one statement while two are in flight", async () => {
    const gated = gatedQueries();
    const batches = createDeliveryBatches(gated.db);
    const answers: Promise<boolean>[] = [];
    // A burst spread over turns of the event loop, as requests come in.
    for (let i = 0; i < 10; i++) {
      answers.push(batches.enqueue(delivery(`burst-${i}`)));
      if (i === 2) answers.push(batches.enqueue(delivery("burst-0")));
      await nextTurn();
    }
    for (let n = 0; n < answers.length; n++) gated.open(n);
    const fresh = await Promise.all(answers);
    expect(fresh.filter(Boolean)).toHaveLength(10);
    expect(fresh[3]).toBe(false);
    expect(gated.mostAtOnce()).toBe(2);
    // The first two turns went at once; the nine deliveries after them (one a redelivery of the
    // first) waited together for a free slot.
    expect(gated.rowsPerStatement).toEqual([1, 1, 9]);
    const [count] = await pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM triage_jobs WHERE delivery_id LIKE 'burst-%'",
    );
    expect(count?.n).toBe(10);
  });

  it("records later deliveries while statements in flight never answer", async () => {
    const gated = gatedQueries();
    const batches = createDeliveryBatches(gated.db, { slotHoldMs: 20 });
    const stuck = [batches.enqueue(delivery("stuck-1"))];
    await nextTurn();
    stuck.push(batches.enqueue(delivery("stuck-2")));
    await nextTurn();
    const later = batches.enqueue(delivery("later"));
    // Only the later statement goes to the database: the two before it stay silent meanwhile.
    gated.open(2);
    expect(await later).toBe(true);
    gated.open(0);
    gated.open(1);
    expect(await Promise.all(stuck)).toEqual([true, true]);
  });
});
