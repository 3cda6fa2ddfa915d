// Brings a PostgreSQL database to the newest schema. Many App and worker processes start at once,
// so one session-level advisory lock serialises them: the first applies what is missing, each
// version in its own transaction, and the others then find nothing left to do.
import type { PgDb } from "./postgres-pool.ts";

/** The advisory lock key of Xihe's migrations (any fixed bigint; this one spells "xihe"). */
const migrationLockKey = 0x78696865;

export async function migratePostgres(db: PgDb, migrations: readonly string[]): Promise<number[]> {
  return db.withClient(async (session) => {
    await session.query("SELECT pg_advisory_lock($1)", [migrationLockKey]);
    try {
      await session.query(
        `CREATE TABLE IF NOT EXISTS xihe_schema_migrations (
           version INTEGER PRIMARY KEY,
           applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
         )`,
      );
      const [row] = await session.query<{ version: number | null }>(
        "SELECT MAX(version) AS version FROM xihe_schema_migrations",
      );
      const applied: number[] = [];
      for (let v = row?.version ?? 0; v < migrations.length; v++) {
        await session.query("BEGIN");
        try {
          await session.query(migrations[v]!);
          await session.query("INSERT INTO xihe_schema_migrations (version) VALUES ($1)", [v + 1]);
          await session.query("COMMIT");
        } catch (err) {
          await session.query("ROLLBACK").catch(() => undefined);
          throw new Error(`PostgreSQL store migration ${v + 1} failed; nothing of it was applied`, {
            cause: err,
          });
        }
        applied.push(v + 1);
      }
      return applied;
    } finally {
      await session.query("SELECT pg_advisory_unlock($1)", [migrationLockKey]).catch(() => undefined);
    }
  });
}
