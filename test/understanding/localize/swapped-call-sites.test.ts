// Swapped-looking calls read from the code alone, on indexes the real extractor built: each rule
// (parameter names, the callee's other calls, a literal receiver) and the calls it must leave alone.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { createSymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import {
  swappedCallSites,
  type SwappedCallSite,
} from "../../../src/understanding/localize/swapped-call-sites.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

async function sitesOf(files: Record<string, string>): Promise<{ repo: TestRepo; sites: SwappedCallSite[] }> {
  const repo = makeRepo(files, { git: false });
  const index = await buildIndex(repo.root, { cache: null });
  // Read once per file, as the production reader caches them.
  const read = new Map<string, string[]>();
  const readLines = (path: string) => {
    const known = read.get(path);
    if (known) return known;
    const text = readFileSync(join(repo.root, path), "utf8").split("\n");
    read.set(path, text);
    return text;
  };
  return { repo, sites: swappedCallSites(index, createSymbolLookup(index), readLines) };
}

const repos: TestRepo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));

describe("a call that disagrees with the callee's other calls", () => {
  let sites: SwappedCallSite[];
  beforeAll(async () => {
    const found = await sitesOf({
      "lib/state.js": lines(
        "export function applyData(from, to) {",
        "  return { ...to, data: from.data }",
        "}",
      ),
      "lib/strong.js": lines(
        "export function strong(state, node) {",
        "  const result = { type: 'strong' }",
        "  return state.applyData(node, result)",
        "}",
      ),
      "lib/code.js": lines(
        "export function code(state, node) {",
        "  const result = { type: 'code' }",
        "  return state.applyData(node, result)",
        "}",
      ),
      "lib/emphasis.js": lines(
        "export function emphasis(state, node) {",
        "  const result = { type: 'em' }",
        "  return state.applyData(result, node)",
        "}",
      ),
    });
    repos.push(found.repo);
    sites = found.sites;
  });

  it("flags the one call that passes the others' second argument first", () => {
    expect(sites).toEqual([
      {
        callerId: expect.stringContaining("emphasis"),
        where: "lib/emphasis.js:3",
        detail: expect.stringMatching(/passes result as argument 1; 2 other calls pass it as argument 2/),
      },
    ]);
  });
});

describe("a literal and a name that traded places", () => {
  it("flags the call passing the literal where the other calls pass the name", async () => {
    const { repo, sites } = await sitesOf({
      "lib/parser.js": lines(
        "export function parseComparator(left, kind) { return { left, kind } }",
        "export function eq(left) { return parseComparator(left, 'eq') }",
        "export function ne(left) { return parseComparator(left, 'ne') }",
        "export function gte(left) { return parseComparator('gte', left) }",
      ),
    });
    repos.push(repo);
    expect(sites.map((s) => s.where)).toEqual(["lib/parser.js:4"]);
  });

  it("flags a name traded into a slot the other calls fill with strings: a value slot, not an optional one", async () => {
    const { repo, sites } = await sitesOf({
      "lib/path.js": lines(
        "export function joinPath(base, name) { return base + '/' + name }",
        "export function a(root) { return joinPath(root, 'a') }",
        "export function b(root) { return joinPath(root, 'b') }",
        "export function c(root) { return joinPath(root, 'c') }",
        "export function d(root, name) { return joinPath(name, root) }",
      ),
    });
    repos.push(repo);
    expect(sites.map((s) => s.where)).toEqual(["lib/path.js:5"]);
  });
});

describe("calls the disagreement rule leaves alone", () => {
  it("does not compare calls with another number of arguments (an error handler's form)", async () => {
    const { repo, sites } = await sitesOf({
      "lib/layer.js": lines(
        "export function handleError(fn, err, req, res, next) {",
        "  fn(err, req, res, next)",
        "}",
        "export function handleRequest(fn, req, res, next) {",
        "  fn(req, res, next)",
        "}",
        "export function handleAgain(fn, req, res, next) {",
        "  fn(req, res, next)",
        "}",
      ),
    });
    repos.push(repo);
    expect(sites).toEqual([]);
  });

  it("leaves a value in its namesake's slot, however often a tree walk passes it in another", async () => {
    const { repo, sites } = await sitesOf({
      "lib/walk.js": lines(
        "export function visit(node, parent) { return [node, parent] }",
        "export function walk(node) { return visit(node, null) }",
        "export function first(node, child) { return visit(child, node) }",
        "export function last(node, child) { return visit(child, node) }",
      ),
    });
    repos.push(repo);
    expect(sites).toEqual([]);
  });

  it("leaves a call whose other slot holds a literal: another use of the callee, not a trade", async () => {
    const { repo, sites } = await sitesOf({
      "lib/pairs.js": lines(
        "export function createPair(key, value, ctx) { return { key, value, ctx } }",
        "export function pairs(key, value, ctx) { return createPair(key, value, ctx) }",
        "export function map(key, value, ctx) { return createPair(key, value, ctx) }",
        "export function set(value, ctx) { return createPair(value, null, ctx) }",
      ),
    });
    repos.push(repo);
    expect(sites).toEqual([]);
  });

  it("leaves operands of a callee whose parameters are named by one letter", async () => {
    const { repo, sites } = await sitesOf({
      "lib/cmp.js": lines(
        "export function cmp(a, op, b) { return op === '<' ? a < b : a > b }",
        "export function lt(semver, other) { return cmp(semver, '<', other) }",
        "export function gt(semver, other) { return cmp(semver, '>', other) }",
        "export function test(version, operator, semver) { return cmp(version, operator, semver) }",
      ),
    });
    repos.push(repo);
    expect(sites).toEqual([]);
  });

  it("leaves a call passing one value in two slots: it fills two roles, no two values traded places", async () => {
    const { repo, sites } = await sitesOf({
      "lib/list.js": lines(
        "export function update(prevOld, prevNew, nextOld, nextNew) { return [prevOld, prevNew, nextOld, nextNew] }",
        "export function prepend(item, head) { return update(null, item, head, item) }",
        "export function append(item, tail) { return update(tail, item, null, item) }",
        "export function insert(item, before) { return update(before.prev, item, before, item) }",
        "export function remove(item) { return update(item, item.prev, item, item.next) }",
      ),
    });
    repos.push(repo);
    expect(sites).toEqual([]);
  });

  it("does not take one other call for the callee's convention", async () => {
    const { repo, sites } = await sitesOf({
      "lib/a.js": lines(
        "export function merge(target, source) { return Object.assign(target, source) }",
        "export function one(result, node) { return merge(node, result) }",
        "export function two(result, node) { return merge(result, node) }",
      ),
    });
    repos.push(repo);
    expect(sites).toEqual([]);
  });

  it("does not group a bare local name across files: each file's `fn` is another function", async () => {
    const { repo, sites } = await sitesOf({
      "lib/a.js": lines("export function a(fn, key, value) {", "  return fn(key, value)", "}"),
      "lib/b.js": lines("export function b(fn, key, value) {", "  return fn(key, value)", "}"),
      "lib/c.js": lines("export function c(fn, key, value) {", "  return fn(value, key)", "}"),
    });
    repos.push(repo);
    expect(sites).toEqual([]);
  });
});

describe("a literal receiver of a borrowed method", () => {
  it("flags `own.call('key', data)` and leaves `own.call(data, 'key')` and `fn.call(null, x)` alone", async () => {
    const { repo, sites } = await sitesOf({
      "lib/state.js": lines(
        "const own = {}.hasOwnProperty",
        "export function unknown(node) {",
        "  const data = node.data || {}",
        "  if (own.call('hProperties', data)) return 1",
        "  return 0",
        "}",
        "export function known(node, fn) {",
        "  const data = node.data || {}",
        "  if (own.call(data, 'hChildren')) return fn.call(null, data)",
        "  return 0",
        "}",
      ),
    });
    repos.push(repo);
    expect(sites).toEqual([
      {
        callerId: expect.stringContaining("unknown"),
        where: "lib/state.js:4",
        detail: "passes the literal 'hProperties' as the receiver of own.call",
      },
    ]);
  });
});

describe("arguments named like the callee's parameters, off any stack", () => {
  it("flags a call passing each of two parameters' namesakes in the other's slot, not a call in order", async () => {
    const { repo, sites } = await sitesOf({
      "rules.py": lines(
        "def make_backend(name, patterns):",
        "    return name, patterns",
        "",
        "",
        "def spec(name, patterns):",
        "    return make_backend(patterns, name)",
        "",
        "",
        "def other(name, patterns):",
        "    return make_backend(name, patterns)",
      ),
    });
    repos.push(repo);
    expect(sites).toEqual([
      {
        callerId: expect.stringContaining("spec"),
        where: "rules.py:6",
        detail: "passes patterns as make_backend's name",
      },
    ]);
  });
});

describe("many calls of one callee", () => {
  it("judges each call against tallies of the others: 5,000 calls, the one swapped call found", async () => {
    const calls = Array.from({ length: 5_000 }, (_, i) => `  out.push(pair(key${i % 7}, value))`);
    const found = await sitesOf({
      "lib/pair.js": lines("export function pair(key, value) {", "  return [key, value]", "}"),
      "lib/table.js": lines(
        'import { pair } from "./pair.js"',
        "export function table(value, key0, key1, key2, key3, key4, key5, key6) {",
        "  const out = []",
        ...calls,
        "  return out",
        "}",
        "export function odd(value, key) {",
        "  return pair(value, key)",
        "}",
      ),
    });
    repos.push(found.repo);
    expect(found.sites.map((s) => s.where)).toEqual([`lib/table.js:${calls.length + 7}`]);
  });
});
