// A generator's body runs when its consumer asks for the next value: the frame below a generator on
// the stack consumed it (`for await (const chunk of source)`), it did not pass the generator its
// arguments. The suite is run for real with node:test; `chunksOf` crashes on `stream.getReader`
// because `toIterable`'s check is inverted, and `decodeAll`, the consumer below it, passed nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localize, type SuspectLocation } from "../../../src/understanding/localize/localize.ts";
import { makeRepo, type TestRepo } from "../make-repo.ts";
import { failingRun } from "./failing-run.ts";

const files = (consume: string): Record<string, string> => ({
  "package.json": '{ "name": "chunks", "type": "module", "private": true }\n',
  "lib/stream.js": [
    "export async function* chunksOf(stream) {",
    "  const reader = stream.getReader();",
    "  while (true) {",
    "    const { done, value } = await reader.read();",
    "    if (done) return;",
    "    yield value;",
    "  }",
    "}",
    "",
    "function isIterable(source) {",
    "  return source[Symbol.asyncIterator] == null;",
    "}",
    "",
    "export function toIterable(source) {",
    "  return isIterable(source) ? source : chunksOf(source);",
    "}",
    "",
    "export async function decodeAll(source) {",
    "  const out = [];",
    `  ${consume}`,
    "  return out;",
    "}",
    "",
  ].join("\n"),
  "test/stream.test.js": [
    'import { test } from "node:test";',
    'import assert from "node:assert/strict";',
    'import { decodeAll } from "../lib/stream.js";',
    "",
    'test("decodes every chunk of an async iterable", async () => {',
    "  async function* source() {",
    "    yield 1;",
    "    yield 2;",
    "  }",
    "  assert.deepEqual(await decodeAll(source()), [1, 2]);",
    "});",
    "",
  ].join("\n"),
});

async function rankedFor(consume: string): Promise<{ repo: TestRepo; ranked: SuspectLocation[] }> {
  const repo = makeRepo(files(consume), { git: false });
  const { log, failures, index, readLines } = await failingRun(repo.root, [
    process.execPath,
    "--test",
    "test/stream.test.js",
  ]);
  return { repo, ranked: localize({ index, failures, logText: log, readLines }) };
}

const repos: TestRepo[] = [];
let consumed: SuspectLocation[] = [];
let calledInPlace: SuspectLocation[] = [];

beforeAll(async () => {
  const apart = await rankedFor(
    "const chunks = toIterable(source);\n  for await (const chunk of chunks) out.push(chunk);",
  );
  const inPlace = await rankedFor("for await (const chunk of chunksOf(source)) out.push(chunk);");
  repos.push(apart.repo, inPlace.repo);
  consumed = apart.ranked;
  calledInPlace = inPlace.ranked;
});
afterAll(() => repos.forEach((r) => r.cleanup()));

describe("localize when the innermost frame is a generator", () => {
  it("does not blame the consumer below it for the generator's argument", () => {
    expect(consumed[0]?.symbol).toBe("chunksOf");
    const consumer = consumed.find((s) => s.symbol === "decodeAll");
    expect(consumer?.why.join(" ") ?? "").not.toMatch(/passed stream/);
  });

  it("still blames the frame below when its line calls the generator with the argument", () => {
    expect(calledInPlace[0]?.symbol).toBe("decodeAll");
    expect(calledInPlace[0]?.why.join(" ")).toMatch(/passed stream at lib\/stream\.js:20/);
  });
});
