// Chooses the store from XIHE_STORE: a file path (SQLite, the default) or a postgres:// URL
// (PostgreSQL, shared by several App and worker processes).
import type { Logger } from "../logger.ts";
import { openPostgresStore } from "./postgres-store.ts";
import { openSqliteStore } from "./sqlite-store.ts";
import type { Store } from "./store.ts";

export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//i.test(location);

export async function openStore(
  location: string,
  options: { poolSize: number; log: Pick<Logger, "warn"> },
): Promise<Store> {
  if (isPostgresUrl(location)) return openPostgresStore(location, options);
  return openSqliteStore(location);
}

/** The store location for logs: a PostgreSQL URL without its password. */
export function storeLabel(location: string): string {
  if (!isPostgresUrl(location)) return location;
  try {
    const url = new URL(location);
    if (url.password) url.password = "redacted";
    return url.toString();
  } catch {
    return "postgres://(unparsable URL)";
  }
}
