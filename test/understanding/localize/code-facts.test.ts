// Facts read from the code alone are worked out once per index and reader: a second localize of the
// same index reads no line for them; a rebuilt index (another object), or the same index read through
// another reader, is read again.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { createSymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import { createCodeFacts } from "../../../src/understanding/localize/code-facts.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

const repos: TestRepo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));

async function project() {
  const repo = makeRepo(
    {
      "lib/pair.js": lines(
        "export function pair(key, value) { return [key, value] }",
        "export function a(key, value) { return pair(key, value) }",
        "export function b(key, value) { return pair(key, value) }",
        "export function c(key, value) { return pair(value, key) }",
        "register('merge', pair)",
      ),
    },
    { git: false },
  );
  repos.push(repo);
  const reader = () => {
    const counter = { reads: 0 };
    const readLines = (path: string) => {
      counter.reads++;
      return readFileSync(join(repo.root, path), "utf8").split("\n");
    };
    return { counter, readLines };
  };
  return { repo, reader };
}

describe("code facts remembered per index and reader", () => {
  for (const fact of ["swappedCalls", "registeredNames"] as const) {
    it(`${fact}: read once, again for a rebuilt index and for another reader`, async () => {
      const { repo, reader } = await project();
      const facts = createCodeFacts();
      const index = await buildIndex(repo.root, { cache: null });
      const lookup = createSymbolLookup(index);
      const one = reader();

      const first = facts[fact](index, lookup, one.readLines);
      const readsOnce = one.counter.reads;
      expect(readsOnce).toBeGreaterThan(0);
      expect(facts[fact](index, lookup, one.readLines)).toBe(first);
      expect(one.counter.reads).toBe(readsOnce);

      const other = reader();
      expect(facts[fact](index, lookup, other.readLines)).toEqual(first);
      expect(other.counter.reads).toBeGreaterThan(0);

      const rebuilt = await buildIndex(repo.root, { cache: null });
      expect(facts[fact](rebuilt, createSymbolLookup(rebuilt), one.readLines)).toEqual(first);
      expect(one.counter.reads).toBeGreaterThan(readsOnce);
    });
  }

  it("finds what the uncached readers find: the swapped call and the registered name", async () => {
    const { repo, reader } = await project();
    const facts = createCodeFacts();
    const index = await buildIndex(repo.root, { cache: null });
    const lookup = createSymbolLookup(index);
    const { readLines } = reader();
    expect(facts.swappedCalls(index, lookup, readLines).map((s) => s.where)).toEqual(["lib/pair.js:4"]);
    expect([...(facts.registeredNames(index, lookup, readLines).get("merge") ?? [])]).toEqual([
      "lib/pair.js#pair@1",
    ]);
  });
});
