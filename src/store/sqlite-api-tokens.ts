// The HTTP API's tokens and idempotency keys in the SQLite store. A token row holds a hash of the
// secret, never the secret; a key is bound to the first run it started and never rebound.
import type Database from "better-sqlite3";
import { rowToKey, rowToToken, type KeyRow, type TokenRow } from "./store-rows.ts";
import type { Store } from "./store.ts";

type ApiTokenMethods = Pick<
  Store,
  "createApiToken" | "findApiToken" | "getIdempotentRequest" | "bindIdempotentRequest"
>;

export function createSqliteApiTokens(db: Database.Database): ApiTokenMethods {
  const getKey = db.prepare<[string, string], KeyRow>(
    "SELECT * FROM api_idempotency_keys WHERE token_id = ? AND key = ?",
  );
  return {
    async createApiToken(t) {
      db.prepare(
        `INSERT INTO api_tokens (id, secret_hash, repo_pattern, scope, label, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(t.id, t.secretHash, t.repoPattern, t.scope, t.label, t.createdAt, t.expiresAt);
    },
    async findApiToken(secretHash) {
      const row = db
        .prepare<[string], TokenRow>("SELECT * FROM api_tokens WHERE secret_hash = ?")
        .get(secretHash);
      return row ? rowToToken(row) : null;
    },
    async getIdempotentRequest(tokenId, key) {
      const row = getKey.get(tokenId, key);
      return row ? rowToKey(row) : null;
    },
    async bindIdempotentRequest(r) {
      db.prepare(
        `INSERT OR IGNORE INTO api_idempotency_keys (token_id, key, request_hash, run_id, created_at)
         VALUES (?, ?, ?, ?, ?)`,
      ).run(r.tokenId, r.key, r.requestHash, r.runId, r.createdAt);
      return rowToKey(getKey.get(r.tokenId, r.key)!);
    },
  };
}
