import { XiheError } from "../errors.ts";

/**
 * The database could not be reached or dropped the connection (server stopped, restarting, network
 * cut). Retryable: nothing was committed unless the error says so, and the pool reconnects by
 * itself once the server answers again; callers retry on their next tick.
 */
export class StoreUnavailableError extends XiheError {
  readonly code = "store_unavailable";
  readonly retryable = true;
}
