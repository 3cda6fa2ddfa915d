// The PostgreSQL connection pool of the store: queries and transactions, with connection failures
// turned into one retryable StoreUnavailableError. The pool replaces broken connections by itself.
import pg from "pg";
import { StoreUnavailableError } from "./store-unavailable-error.ts";

/** A value, or an array of values (`unnest($1::text[])` inserts many rows in one statement). */
type Param = string | number | null | readonly (string | number | null)[];

export interface PgQueries {
  query<R>(sql: string, params?: readonly Param[]): Promise<R[]>;
}

export interface PgDb extends PgQueries {
  /** Runs fn in one transaction (READ COMMITTED); rolled back when fn throws. */
  transaction<T>(fn: (tx: PgQueries) => Promise<T>): Promise<T>;
  /** One client for the whole of fn (advisory locks are held per session). */
  withClient<T>(fn: (client: PgQueries) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface PgPoolOptions {
  url: string;
  poolSize: number;
  /**
   * Connections kept open while idle (the others close after 10 s idle): a burst of webhooks after
   * a quiet spell then starts on open connections instead of waiting for new ones, which under load
   * took seconds.
   */
  keepOpen: number;
  /** How long a query waits for a free or new connection before it fails as unavailable. */
  connectTimeoutMs: number;
  /** Told about errors of idle connections (a stopped server); they are otherwise harmless. */
  onIdleError(err: Error): void;
}

// BIGINT columns (installation and delivery ids) fit a JS number; pg would return strings.
const int8Oid = 20;
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === int8Oid ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as never,
};

export function createPgPool(options: PgPoolOptions): PgDb {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    min: Math.min(options.keepOpen, options.poolSize),
    connectionTimeoutMillis: options.connectTimeoutMs,
    types,
  });
  // Without a listener an idle client's error (server shut down) would crash the process.
  pool.on("error", (err) => options.onIdleError(err));
  const run = async <R>(client: pg.Pool | pg.PoolClient, sql: string, params: readonly Param[] = []) => {
    try {
      return (await client.query(sql, [...params])).rows as R[];
    } catch (err) {
      throw unavailableOr(err);
    }
  };
  // A checked-out client has no pool listener: a connection lost between its queries (a server
  // shutdown while a transaction waits on other work) would emit an unhandled 'error' and crash
  // the process. The listener keeps the loss, and release() then discards the connection.
  const checkOut = async () => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (err) {
      throw unavailableOr(err);
    }
    let lost: Error | undefined;
    const onLost = (err: Error) => {
      lost = err;
    };
    client.on("error", onLost);
    return {
      client,
      release(broken: Error | undefined) {
        client.off("error", onLost);
        client.release(broken ?? lost);
      },
    };
  };
  return {
    query: (sql, params) => run(pool, sql, params),
    async transaction(fn) {
      const { client, release } = await checkOut();
      let broken: unknown;
      try {
        await run(client, "BEGIN");
        const result = await fn({ query: (sql, params) => run(client, sql, params) });
        await run(client, "COMMIT");
        return result;
      } catch (err) {
        broken = err;
        await client.query("ROLLBACK").catch(() => undefined);
        throw err;
      } finally {
        // A connection that failed mid-transaction is discarded rather than reused.
        release(broken instanceof StoreUnavailableError ? (broken as Error) : undefined);
      }
    },
    async withClient(fn) {
      const { client, release } = await checkOut();
      let broken: Error | undefined;
      try {
        return await fn({ query: (sql, params) => run(client, sql, params) });
      } catch (err) {
        if (err instanceof StoreUnavailableError) broken = err;
        throw err;
      } finally {
        release(broken);
      }
    },
    close: () => pool.end(),
  };
}

// pg reports a lost or refused connection as a socket error (code ECONNREFUSED, ...), a server
// shutdown SQLSTATE (class 08 and 57P0x), or a plain Error whose text is all it gives us.
const socketCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
const lostConnectionText =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is not open|Client was closed/i;

function unavailableOr(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const code = (err as { code?: unknown }).code;
  const isLost =
    (typeof code === "string" &&
      (socketCodes.has(code) || code.startsWith("08") || /^57P0[1-3]$/.test(code))) ||
    lostConnectionText.test(err.message);
  if (!isLost) return err;
  return new StoreUnavailableError(
    `the PostgreSQL store is unreachable (${err.message || String(code)}); the operation can be retried once the database answers again`,
    { cause: err },
  );
}
