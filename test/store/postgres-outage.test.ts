// PostgreSQL stopped for a few seconds while a store is in use: every call fails with one clear,
// retryable StoreUnavailableError (never hangs, never crashes the process through an idle
// connection's error), and the same store works again once the server is back.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openPostgresStore } from "../../src/store/postgres-store.ts";
import type { Store } from "../../src/store/store.ts";
import { StoreUnavailableError } from "../../src/store/store-unavailable-error.ts";
import { describePg, startPostgresServer, type PostgresServer } from "../support/postgres-server.ts";
import { newRun } from "./contract/store-contract.ts";

let server: PostgresServer;

describePg("postgres store during an outage", () => {
  beforeAll(async () => {
    server = await startPostgresServer();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it("surfaces a retryable store_unavailable error while the server is down and recovers after", async () => {
    const url = await server.createDatabase(`xihe_${randomBytes(4).toString("hex")}`);
    const idleErrors: unknown[] = [];
    const store: Store = await openPostgresStore(url, {
      poolSize: 3,
      connectTimeoutMs: 2_000,
      log: { warn: (obj: unknown) => void idleErrors.push(obj) },
    });
    try {
      await store.createRun(newRun(), { id: "before", now: "2026-01-01T00:00:00Z" });
      // Warm every pooled connection so the stop cuts idle ones too.
      await Promise.all([store.ping(), store.ping(), store.ping()]);

      await server.stop();
      const started = Date.now();
      for (const call of [
        () => store.ping(),
        () => store.getRun("before"),
        () => store.claimNextRun("w1", "2026-01-01T00:00:01Z"),
        () => store.createRun(newRun({ pr: 8 }), { id: "during", now: "2026-01-01T00:00:02Z" }),
        () => store.startStep({ runId: "before", stepId: "s", kind: "k", input: null, startedAt: "t" }),
      ]) {
        const err = await call().then(
          () => null,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(StoreUnavailableError);
        expect(err).toMatchObject({ code: "store_unavailable", retryable: true });
        expect((err as Error).message).toMatch(/PostgreSQL store is unreachable .*can be retried/);
      }
      expect(Date.now() - started).toBeLessThan(15_000);
      await new Promise((r) => setTimeout(r, 3_000));
      await server.start();

      // The worker retries on its next poll; the pool must have replaced its dead connections by then.
      let recovered = false;
      for (let attempt = 0; attempt < 5 && !recovered; attempt++) {
        recovered = await store.ping().then(
          () => true,
          () => false,
        );
      }
      expect(recovered).toBe(true);
      expect((await store.claimNextRun("w1", "2026-01-01T00:00:03Z"))?.id).toBe("before");
      expect(await store.getRun("during")).toBeNull();
      const created = await store.createRun(newRun({ pr: 8 }), { id: "after", now: "2026-01-01T00:00:04Z" });
      expect(created.created).toBe(true);
    } finally {
      await store.close();
    }
  });
});
