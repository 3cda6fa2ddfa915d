// The store contract on a real PostgreSQL server (a throwaway cluster this file starts), plus what
// only PostgreSQL has: migrations under an advisory lock, openStore choosing it by URL.
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openStore } from "../../src/store/open-store.ts";
import { createDeliveryBatches } from "../../src/store/postgres-delivery-batches.ts";
import { createPgPool } from "../../src/store/postgres-pool.ts";
import { openPostgresAlertOutbox } from "../../src/store/postgres-alert-outbox.ts";
import { openPostgresStore } from "../../src/store/postgres-store.ts";
import { postgresMigrations } from "../../src/store/postgres-migrations.ts";
import type { Store } from "../../src/store/store.ts";
import {
  describePg,
  findPostgresBin,
  startPostgresServer,
  type PostgresServer,
} from "../support/postgres-server.ts";
import { describeStoreContract } from "./contract/store-contract.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const silent = { warn: () => {} };
let server: PostgresServer;
const freshDatabase = () => server.createDatabase(`xihe_${randomBytes(4).toString("hex")}`);

describePg("postgres store", () => {
  beforeAll(async () => {
    server = await startPostgresServer();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describeStoreContract("postgres", async () => {
    const url = await freshDatabase();
    const open = () => openPostgresStore(url, { poolSize: 4, log: silent });
    const opened: Store[] = [await open()];
    return {
      store: opened[0]!,
      async openSibling() {
        const sibling = await open();
        opened.push(sibling);
        return sibling;
      },
      async exec(sql) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query(sql);
        } finally {
          await client.end();
        }
      },
      async dispose() {
        for (const s of opened) await s.close();
      },
    };
  });

  it("applies each migration once when many processes start at the same time", async () => {
    const url = await freshDatabase();
    const stores = await Promise.all(
      Array.from({ length: 6 }, () => openPostgresStore(url, { poolSize: 2, log: silent })),
    );
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ version: number }>(
      "SELECT version FROM xihe_schema_migrations ORDER BY version",
    );
    await client.end();
    expect(rows.map((r) => r.version)).toEqual(postgresMigrations.map((_, i) => i + 1));
    await stores[0]!.createRun(
      {
        installationId: 1,
        repo: "o/r",
        pr: 1,
        headSha: "a",
        verb: "fix",
        args: "",
        trigger: "comment",
        requester: "a",
        budget: {},
        context: {},
      },
      { id: "r1", now: "t0" },
    );
    expect((await stores[5]!.getRun("r1"))?.id).toBe("r1");
    for (const s of stores) await s.close();
  });

  it("is what openStore opens for postgres:// and postgresql:// URLs", async () => {
    const url = await freshDatabase();
    for (const location of [url, url.replace(/^postgres:/, "postgresql:")]) {
      const store = await openStore(location, { poolSize: 1, log: silent });
      await store.ping();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query("SELECT 1 FROM xihe_schema_migrations");
      await client.end();
      expect(rows.length).toBe(postgresMigrations.length);
      await store.close();
    }
  });

  it("hands each due alert message to one of two processes' outboxes", async () => {
    const url = await freshDatabase();
    await (await openPostgresStore(url, { poolSize: 1, log: silent })).close();
    const [a, b] = [
      openPostgresAlertOutbox(url, { log: silent }),
      openPostgresAlertOutbox(url, { log: silent }),
    ];
    const messages = Array.from({ length: 20 }, (_, i) => ({
      id: `m${i}`,
      channel: "team",
      body: { i },
      seqs: [],
    }));
    await a.commitPlan({ deduped: [], messages: [] }, messages, "2026-01-01T00:00:00Z");
    const drain = async (o: typeof a) => {
      const got: string[] = [];
      for (;;) {
        const m = await o.claimDueMessage("2026-01-01T00:00:01Z", "2026-01-01T00:05:00Z", ["team"]);
        if (!m) return got;
        got.push(m.id);
      }
    };
    const claimed = (await Promise.all([drain(a), drain(b), drain(b)])).flat();
    expect(claimed.sort()).toEqual(messages.map((m) => m.id).sort());
    await a.close();
    await b.close();
  });

  it("records a burst of deliveries in one statement, and one the database refuses fails alone", async () => {
    const url = await freshDatabase();
    await (await openPostgresStore(url, { poolSize: 1, log: silent })).close();
    const pool = createPgPool({
      url,
      poolSize: 4,
      keepOpen: 0,
      connectTimeoutMs: 5_000,
      onIdleError: () => {},
    });
    const statements: string[] = [];
    const batches = createDeliveryBatches({
      query: (sql, params) => {
        statements.push(sql);
        return pool.query(sql, params);
      },
    });
    const delivery = (id: string, event = "issue_comment") => ({
      deliveryId: id,
      event,
      action: "created",
      installationId: 1,
      payload: { id },
      receivedAt: "2026-01-01T00:00:00Z",
    });
    try {
      const burst = await Promise.all(
        Array.from({ length: 50 }, (_, i) => batches.enqueue(delivery(`d${i % 40}`))),
      );
      expect(burst.filter(Boolean)).toHaveLength(40);
      expect(statements).toHaveLength(1);
      // PostgreSQL text holds no NUL byte: that delivery is refused, the others of its turn are recorded.
      const mixed = await Promise.allSettled([
        batches.enqueue(delivery("n1")),
        batches.enqueue(delivery("bad", "issue_comment\u0000")),
        batches.enqueue(delivery("n2")),
        batches.enqueue(delivery("d1")),
      ]);
      expect(mixed.map((r) => (r.status === "fulfilled" ? r.value : "refused"))).toEqual([
        true,
        "refused",
        true,
        false,
      ]);
      const { rows } = await pool
        .query<{ n: number }>("SELECT count(*)::int AS n FROM triage_jobs")
        .then((r) => ({ rows: r }));
      expect(rows[0]?.n).toBe(42);
    } finally {
      await pool.close();
    }
  });

  it("has its kept-open connections open once it is opened, before any call", async () => {
    const url = await freshDatabase();
    const store = await openPostgresStore(url, { poolSize: 4, log: silent });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const [row] = (
        await admin.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
        )
      ).rows;
      expect(row!.n).toBe(2);
    } finally {
      await admin.end();
      await store.close();
    }
  });

  it("fails to open with an error naming the database when it does not exist", async () => {
    const url = `postgres://xihe@127.0.0.1:${server.port}/no_such_db`;
    await expect(openPostgresStore(url, { poolSize: 1, log: silent })).rejects.toThrow(/no_such_db/);
  });
});

// Runs with or without XIHE_SKIP_PG: CI must see this message rather than a silent skip.
it("fails with what to install when the PostgreSQL server binaries are missing", () => {
  const empty = scratchDir("xihe-no-pg-");
  try {
    expect(() => findPostgresBin(empty)).toThrow(
      /binaries not found.*install the Debian package postgresql.*XIHE_SKIP_PG=1/s,
    );
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});
