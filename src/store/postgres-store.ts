// The shared store for several App and worker processes: PostgreSQL through a pg pool. It keeps
// the SQLite store's invariants with database constraints (see postgres-migrations.ts) so they hold
// across processes. Each table's methods live in their own postgres-*.ts file.
import type { Logger } from "../logger.ts";
import { createPostgresApiTokens } from "./postgres-api-tokens.ts";
import { createPostgresAudit } from "./postgres-audit.ts";
import { createPostgresDeliveries } from "./postgres-deliveries.ts";
import { migratePostgres } from "./postgres-migrate.ts";
import { postgresMigrations } from "./postgres-migrations.ts";
import { createPgPool } from "./postgres-pool.ts";
import { createPostgresRuns } from "./postgres-runs.ts";
import { createPostgresSteps } from "./postgres-steps.ts";
import { createPostgresUpgrades } from "./postgres-upgrades.ts";
import type { Store } from "./store.ts";

export interface PostgresStoreOptions {
  /** Connections this process keeps at most (XIHE_STORE_POOL_SIZE). */
  poolSize: number;
  /** How long a query waits for a connection before failing as StoreUnavailableError. */
  connectTimeoutMs?: number;
  log: Pick<Logger, "warn">;
}

const KEEP_OPEN = 2;

/** Connects, brings the schema up to date (under an advisory lock) and returns the store. */
export async function openPostgresStore(url: string, options: PostgresStoreOptions): Promise<Store> {
  const db = createPgPool({
    url,
    poolSize: options.poolSize,
    keepOpen: KEEP_OPEN,
    connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
    onIdleError: (err) =>
      options.log.warn({ err }, "an idle PostgreSQL connection failed; the pool replaces it"),
  });
  try {
    await migratePostgres(db, postgresMigrations);
    // pg-pool's `min` keeps connections open once they exist but does not make them: made now, the
    // first burst of webhooks starts on open connections.
    await Promise.all(Array.from({ length: KEEP_OPEN }, () => db.query("SELECT 1")));
  } catch (err) {
    await db.close();
    throw err;
  }
  return {
    ...createPostgresDeliveries(db),
    ...createPostgresRuns(db),
    ...createPostgresSteps(db),
    ...createPostgresAudit(db),
    ...createPostgresApiTokens(db),
    ...createPostgresUpgrades(db),
    async ping() {
      await db.query("SELECT 1");
    },
    close: () => db.close(),
  } satisfies Store;
}
