// The HTTP API's tokens and idempotency keys in the SQLite store. A token row holds a hash of the
// secret, never the secret; a key is bound to the first run it started and never rebound.
import type Database from "better-sqlite3";
import type { ApiScope, ApiToken, IdempotentRequest, Store } from "./store.ts";

type ApiTokenMethods = Pick<
  Store,
  "createApiToken" | "findApiToken" | "getIdempotentRequest" | "bindIdempotentRequest"
>;

interface TokenRow {
  id: string;
  secret_hash: string;
  repo_pattern: string;
  scope: string;
  label: string;
  created_at: string;
  expires_at: string | null;
}

interface KeyRow {
  token_id: string;
  key: string;
  request_hash: string;
  run_id: string;
  created_at: string;
}

const scopes: readonly string[] = ["read", "run", "approve"] satisfies ApiScope[];

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

function rowToToken(r: TokenRow): ApiToken {
  if (!scopes.includes(r.scope)) throw new Error(`store column api_tokens.scope holds ${r.scope}`);
  return {
    id: r.id,
    secretHash: r.secret_hash,
    repoPattern: r.repo_pattern,
    scope: r.scope as ApiScope,
    label: r.label,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
  };
}

const rowToKey = (r: KeyRow): IdempotentRequest => ({
  tokenId: r.token_id,
  key: r.key,
  requestHash: r.request_hash,
  runId: r.run_id,
  createdAt: r.created_at,
});
