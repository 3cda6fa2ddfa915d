// The App's upgrade state in the SQLite store: `/xihe ignore` rules and the schedule's next times.
import type Database from "better-sqlite3";
import { rowToUpgradeIgnore, type UpgradeIgnoreRow } from "./store-rows.ts";
import type { Store } from "./store.ts";

export type UpgradeMethods = Pick<
  Store,
  "addUpgradeIgnore" | "listUpgradeIgnores" | "getScheduleSlot" | "moveScheduleSlot"
>;

export function createSqliteUpgrades(db: Database.Database): UpgradeMethods {
  return {
    async addUpgradeIgnore(r) {
      db.prepare(
        `INSERT INTO upgrade_ignores (repo, name, scope, version, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (repo, name, scope, version) DO UPDATE SET created_by = excluded.created_by, created_at = excluded.created_at`,
      ).run(r.repo, r.name, r.scope, r.version ?? "", r.createdBy, r.createdAt);
    },
    async listUpgradeIgnores(repo) {
      return db
        .prepare<[string], UpgradeIgnoreRow>(
          "SELECT * FROM upgrade_ignores WHERE repo = ? ORDER BY name, scope, version",
        )
        .all(repo)
        .map(rowToUpgradeIgnore);
    },
    async getScheduleSlot(key) {
      const row = db
        .prepare<[string], { next_at: string }>("SELECT next_at FROM schedule_slots WHERE key = ?")
        .get(key);
      return row?.next_at ?? null;
    },
    async moveScheduleSlot(key, expected, next) {
      const result =
        expected === null
          ? db
              .prepare("INSERT INTO schedule_slots (key, next_at) VALUES (?, ?) ON CONFLICT (key) DO NOTHING")
              .run(key, next)
          : db
              .prepare("UPDATE schedule_slots SET next_at = ? WHERE key = ? AND next_at = ?")
              .run(next, key, expected);
      return result.changes === 1;
    },
  };
}
