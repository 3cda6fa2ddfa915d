import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { memoByIntegrity } from "../../../src/verbs/upgrade/memo-by-integrity.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function scratch(): string {
  const dir = scratchDir("xihe-memo-");
  dirs.push(dir);
  return join(dir, "memo");
}

function counting(value: string | null) {
  const calls = { n: 0 };
  return { calls, compute: async () => (calls.n++, value) };
}

describe("memoByIntegrity", () => {
  it("computes once per integrity and serves later calls from disk, a null answer included", async () => {
    const dir = scratch();
    const text = counting("## 2.0.0\n- renamed x");
    const none = counting(null);
    expect(await memoByIntegrity(dir, "sha512-aaa", text.compute)).toBe("## 2.0.0\n- renamed x");
    expect(await memoByIntegrity(dir, "sha512-aaa", text.compute)).toBe("## 2.0.0\n- renamed x");
    expect(await memoByIntegrity(dir, "sha512-bbb", none.compute)).toBeNull();
    expect(await memoByIntegrity(dir, "sha512-bbb", none.compute)).toBeNull();
    expect([text.calls.n, none.calls.n]).toEqual([1, 1]);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("keeps different integrities apart", async () => {
    const dir = scratch();
    await memoByIntegrity(dir, "sha512-one", async () => "one");
    expect(await memoByIntegrity(dir, "sha512-two", async () => "two")).toBe("two");
    expect(await memoByIntegrity(dir, "sha512-one", async () => "recomputed")).toBe("one");
  });

  it("recomputes a memo it cannot parse instead of trusting it", async () => {
    const dir = scratch();
    await memoByIntegrity(dir, "sha512-x", async () => "first");
    for (const f of readdirSync(dir)) writeFileSync(join(dir, f), '{"value": 42');
    expect(await memoByIntegrity(dir, "sha512-x", async () => "again")).toBe("again");
    expect(await memoByIntegrity(dir, "sha512-x", async () => "third")).toBe("again");
  });

  it("still answers when the memo directory cannot be written", async () => {
    const dir = scratch();
    writeFileSync(dir, "not a directory");
    const c = counting("value");
    expect(await memoByIntegrity(dir, "sha512-y", c.compute)).toBe("value");
    expect(await memoByIntegrity(dir, "sha512-y", c.compute)).toBe("value");
    expect(c.calls.n).toBe(2);
  });
});
