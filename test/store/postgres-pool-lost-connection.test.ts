// A connection cut by the server while a transaction or a session holds it between two queries
// (PostgreSQL stopped while the worker awaits other work): the process must not crash on the
// client's 'error' event; the next query of that holder fails as StoreUnavailableError, and the
// pool serves the following calls on a new connection.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPgPool, type PgDb, type PgQueries } from "../../src/store/postgres-pool.ts";
import { StoreUnavailableError } from "../../src/store/store-unavailable-error.ts";
import { describePg, startPostgresServer, type PostgresServer } from "../support/postgres-server.ts";

let server: PostgresServer;
let url: string;

describePg("a pooled connection lost while checked out", () => {
  beforeAll(async () => {
    server = await startPostgresServer();
    url = await server.createDatabase(`xihe_${randomBytes(4).toString("hex")}`);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  async function terminateBetweenQueries(db: PgDb, hold: "transaction" | "withClient") {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const body = async (q: PgQueries) => {
        const [me] = await q.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
        await admin.query("SELECT pg_terminate_backend($1)", [me!.pid]);
        // The cut reaches the held client while no query of it is running.
        await new Promise((r) => setTimeout(r, 500));
        return q.query("SELECT 1");
      };
      return await (hold === "transaction" ? db.transaction(body) : db.withClient(body)).then(
        () => null,
        (err: unknown) => err,
      );
    } finally {
      await admin.end();
    }
  }

  for (const hold of ["transaction", "withClient"] as const)
    it(`${hold}: the holder gets a retryable error, the process lives, the pool recovers`, async () => {
      const db = createPgPool({
        url,
        poolSize: 2,
        keepOpen: 1,
        connectTimeoutMs: 2_000,
        onIdleError: () => {},
      });
      try {
        const err = await terminateBetweenQueries(db, hold);
        expect(err).toBeInstanceOf(StoreUnavailableError);
        expect(await db.query<{ one: number }>("SELECT 1 AS one")).toEqual([{ one: 1 }]);
        expect(await db.transaction((tx) => tx.query<{ two: number }>("SELECT 2 AS two"))).toEqual([
          { two: 2 },
        ]);
      } finally {
        await db.close();
      }
    });
});
