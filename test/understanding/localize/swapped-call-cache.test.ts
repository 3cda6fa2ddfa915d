// Swapped-looking calls are found once per index and reader: a second localize of the same index
// reads no line for them; a rebuilt index (another object) is read again.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { createSymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import { createSwappedCallCache } from "../../../src/understanding/localize/swapped-call-cache.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

const repos: TestRepo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));

describe("the swapped-call cache", () => {
  it("finds an index's swapped calls once, and again for a rebuilt index", async () => {
    const repo = makeRepo(
      {
        "lib/pair.js": lines(
          "export function pair(key, value) { return [key, value] }",
          "export function a(key, value) { return pair(key, value) }",
          "export function b(key, value) { return pair(key, value) }",
          "export function c(key, value) { return pair(value, key) }",
        ),
      },
      { git: false },
    );
    repos.push(repo);
    let reads = 0;
    const readLines = (path: string) => {
      reads++;
      return readFileSync(join(repo.root, path), "utf8").split("\n");
    };
    const find = createSwappedCallCache();
    const index = await buildIndex(repo.root, { cache: null });
    const lookup = createSymbolLookup(index);

    const first = find(index, lookup, readLines);
    expect(first.map((s) => s.where)).toEqual(["lib/pair.js:4"]);
    const readsOnce = reads;
    expect(readsOnce).toBeGreaterThan(0);

    expect(find(index, lookup, readLines)).toBe(first);
    expect(reads).toBe(readsOnce);

    const rebuilt = await buildIndex(repo.root, { cache: null });
    expect(find(rebuilt, createSymbolLookup(rebuilt), readLines).map((s) => s.where)).toEqual([
      "lib/pair.js:4",
    ]);
    expect(reads).toBeGreaterThan(readsOnce);
  });
});
