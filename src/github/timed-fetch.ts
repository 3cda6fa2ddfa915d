// Every request Xihe sends to GitHub ends within a bound: a fetch whose signal also fires after
// `timeoutMs`, so a GitHub that accepts the connection and never answers cannot hold a worker.
export type Fetch = typeof globalThis.fetch;

export function timedFetch(timeoutMs: number, fetch: Fetch = (...args) => globalThis.fetch(...args)): Fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetch(input, { ...init, signal });
  };
}
