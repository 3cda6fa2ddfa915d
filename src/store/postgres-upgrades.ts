// The App's upgrade state in the PostgreSQL store: `/xihe ignore` rules and the schedule's next
// times. Moving a slot is one conditional statement, so of several App processes one moves it.
import type { PgDb } from "./postgres-pool.ts";
import { rowToUpgradeIgnore, type UpgradeIgnoreRow } from "./store-rows.ts";
import type { UpgradeMethods } from "./sqlite-upgrades.ts";

export function createPostgresUpgrades(db: PgDb): UpgradeMethods {
  return {
    async addUpgradeIgnore(r) {
      await db.query(
        `INSERT INTO upgrade_ignores (repo, name, scope, version, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (repo, name, scope, version)
         DO UPDATE SET created_by = EXCLUDED.created_by, created_at = EXCLUDED.created_at`,
        [r.repo, r.name, r.scope, r.version ?? "", r.createdBy, r.createdAt],
      );
    },
    async listUpgradeIgnores(repo) {
      const rows = await db.query<UpgradeIgnoreRow>(
        "SELECT * FROM upgrade_ignores WHERE repo = $1 ORDER BY name, scope, version",
        [repo],
      );
      return rows.map(rowToUpgradeIgnore);
    },
    async getScheduleSlot(key) {
      const rows = await db.query<{ next_at: string }>("SELECT next_at FROM schedule_slots WHERE key = $1", [
        key,
      ]);
      return rows[0]?.next_at ?? null;
    },
    async moveScheduleSlot(key, expected, next) {
      const rows =
        expected === null
          ? await db.query(
              "INSERT INTO schedule_slots (key, next_at) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key",
              [key, next],
            )
          : await db.query(
              "UPDATE schedule_slots SET next_at = $1 WHERE key = $2 AND next_at = $3 RETURNING key",
              [next, key, expected],
            );
      return rows.length === 1;
    },
  };
}
