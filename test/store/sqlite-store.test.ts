import Database from "better-sqlite3";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import type { Store } from "../../src/store/store.ts";
import { describeStoreContract, newRun } from "./contract/store-contract.ts";
import { scratchDir } from "../support/scratch-dir.ts";

describeStoreContract("sqlite", async () => {
  const dir = scratchDir("xihe-store-");
  const path = join(dir, "nested", "xihe.db");
  const opened: Store[] = [openSqliteStore(path)];
  return {
    store: opened[0]!,
    async openSibling() {
      const sibling = openSqliteStore(path);
      opened.push(sibling);
      return sibling;
    },
    async exec(sql) {
      const db = new Database(path);
      try {
        db.exec(sql);
      } finally {
        db.close();
      }
    },
    async dispose() {
      for (const s of opened) await s.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe("sqlite store", () => {
  it("keeps data across reopen and applies migrations once", async () => {
    const dir = scratchDir("xihe-store-");
    const path = join(dir, "again.db");
    const s1 = openSqliteStore(path);
    await s1.createRun(newRun(), { id: "keep", now: "t0" });
    await s1.addAudit({
      at: "t1",
      actor: "alice",
      action: "apply",
      repo: "octo/demo",
      runId: "keep",
      params: {},
      result: { ok: true },
    });
    await s1.close();
    const s2 = openSqliteStore(path);
    expect((await s2.getRun("keep"))?.status).toBe("queued");
    expect(await s2.listAudit({ runId: "keep" })).toHaveLength(1);
    await s2.close();
    const db = new Database(path);
    expect(db.pragma("user_version", { simple: true })).toBe(6);
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("fails ping once closed", async () => {
    const store = openSqliteStore(":memory:");
    await store.close();
    await expect(store.ping()).rejects.toThrow(/not open/);
  });
});
