// Chooses the store from XIHE_STORE: a file path (SQLite, the default) or a postgres:// URL.
import { ConfigError } from "../errors.ts";
import { openSqliteStore } from "./sqlite-store.ts";
import type { Store } from "./store.ts";

export function openStore(location: string): Store {
  if (/^postgres(ql)?:\/\//i.test(location)) {
    throw new ConfigError(
      "XIHE_STORE: the PostgreSQL store is not available in this version; use a SQLite file path",
      [{ path: "XIHE_STORE", message: "postgres:// is not supported yet" }],
    );
  }
  return openSqliteStore(location);
}
