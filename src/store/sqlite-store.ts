// The default store: one SQLite file (WAL), enough for one process serving a team. Each table's
// methods live in their own file (sqlite-runs, sqlite-steps, sqlite-audit, sqlite-deliveries).
import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { createSqliteApiTokens } from "./sqlite-api-tokens.ts";
import { createSqliteAudit } from "./sqlite-audit.ts";
import { createSqliteDeliveries } from "./sqlite-deliveries.ts";
import { sqliteMigrations } from "./sqlite-migrations.ts";
import { createSqliteRuns } from "./sqlite-runs.ts";
import { createSqliteSteps } from "./sqlite-steps.ts";
import { createSqliteUpgrades } from "./sqlite-upgrades.ts";
import type { Store } from "./store.ts";

export function openSqliteStore(path: string): Store {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  migrate(db);
  return createSqliteStore(db);
}

// Several processes may open one file at once (XIHE_QUEUE workers): each migration runs in an
// IMMEDIATE transaction that reads the version again, so only one process applies it.
function migrate(db: Database.Database): void {
  const step = db.transaction((): boolean => {
    const v = Number(db.pragma("user_version", { simple: true }));
    if (v >= sqliteMigrations.length) return false;
    db.exec(sqliteMigrations[v]!);
    db.pragma(`user_version = ${v + 1}`);
    return true;
  });
  for (let more = true; more;) more = step.immediate();
}

function createSqliteStore(db: Database.Database): Store {
  return {
    ...createSqliteDeliveries(db),
    ...createSqliteRuns(db),
    ...createSqliteSteps(db),
    ...createSqliteAudit(db),
    ...createSqliteApiTokens(db),
    async ping() {
      db.prepare("SELECT 1").get();
    },
    ...createSqliteUpgrades(db),
    async close() {
      db.close();
    },
  } satisfies Store;
}
