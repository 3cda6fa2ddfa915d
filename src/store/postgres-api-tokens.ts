// The HTTP API's tokens and idempotency keys in the PostgreSQL store. A token row holds a hash of
// the secret, never the secret; a key is bound to the first run it started and never rebound.
import type { PgDb } from "./postgres-pool.ts";
import { rowToKey, rowToToken, type KeyRow, type TokenRow } from "./store-rows.ts";
import type { Store } from "./store.ts";

type ApiTokenMethods = Pick<
  Store,
  "createApiToken" | "findApiToken" | "getIdempotentRequest" | "bindIdempotentRequest"
>;

export function createPostgresApiTokens(db: PgDb): ApiTokenMethods {
  const getKey = async (tokenId: string, key: string) => {
    const [row] = await db.query<KeyRow>(
      "SELECT * FROM api_idempotency_keys WHERE token_id = $1 AND key = $2",
      [tokenId, key],
    );
    return row ? rowToKey(row) : null;
  };
  return {
    async createApiToken(t) {
      await db.query(
        `INSERT INTO api_tokens (id, secret_hash, repo_pattern, scope, label, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [t.id, t.secretHash, t.repoPattern, t.scope, t.label, t.createdAt, t.expiresAt],
      );
    },
    async findApiToken(secretHash) {
      const [row] = await db.query<TokenRow>("SELECT * FROM api_tokens WHERE secret_hash = $1", [secretHash]);
      return row ? rowToToken(row) : null;
    },
    getIdempotentRequest: getKey,
    async bindIdempotentRequest(r) {
      await db.query(
        `INSERT INTO api_idempotency_keys (token_id, key, request_hash, run_id, created_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (token_id, key) DO NOTHING`,
        [r.tokenId, r.key, r.requestHash, r.runId, r.createdAt],
      );
      return (await getKey(r.tokenId, r.key))!;
    },
  };
}
