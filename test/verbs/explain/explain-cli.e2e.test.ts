// `xihe explain` through bin/ on a project like a user's (package.json, package-lock.json, a
// node:test suite): bad input gets a clear error (JSON with --json), uncommitted edits are told or
// included, and the index cache never shows in the user's `git status`.
import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { lines, makeRepo, type TestRepo } from "../../understanding/make-repo.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

const run = promisify(execFile);
const bin = join(import.meta.dirname, "../../../bin/xihe.js");
let repo: TestRepo | undefined;
const dirs: string[] = [];
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function xihe(
  cwd: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const out = await run("node", [bin, ...args], { cwd, env: { PATH: process.env.PATH ?? "", HOME: cwd } });
    return { code: 0, ...out };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

function project(): TestRepo {
  const callers = Array.from({ length: 14 }, (_, i) => `export const v${i} = () => price(${i});`);
  repo = makeRepo({
    "package.json": lines(
      '{ "name": "shop", "version": "1.0.0", "type": "module", "main": "src/price.js",',
      '  "scripts": { "test": "node --test" } }',
    ),
    "package-lock.json": lines(
      '{ "name": "shop", "version": "1.0.0", "lockfileVersion": 3, "requires": true,',
      '  "packages": { "": { "name": "shop", "version": "1.0.0" } } }',
    ),
    "src/price.js": lines("export function price(n) {", "  return n * 2;", "}"),
    "src/uses.js": lines('import { price } from "./price.js";', ...callers),
    "test/price.test.js": lines(
      'import { test } from "node:test";',
      'import assert from "node:assert";',
      'import { price } from "../src/price.js";',
      'test("doubles", () => assert.equal(price(2), 4));',
    ),
  });
  repo.write("src/price.js", lines("export function price(n) {", "  return n * 3;", "}"));
  repo.commitAll("triple");
  return repo;
}

describe("xihe explain (bin)", () => {
  it("prints real totals with the list capped, and the test that reaches the change", async () => {
    const r = project();
    const out = await xihe(r.root, "explain", "--no-llm");
    expect(out.code).toBe(0);
    expect(out.stdout).toContain("called from (14): src/uses.js:2,");
    expect(out.stdout).toContain(", and 4 more");
    expect(out.stdout).toContain("tests that reach it (1): test/price.test.js:4 doubles");
    expect(out.stdout).toContain("API: public — exported from the package entry point src/price.js");
    // The index cache is inside the checkout but never untracked noise in `git status`.
    expect(r.git("status", "--porcelain")).toBe("");
  });

  it("says uncommitted edits are left out, and includes them with --working-tree", async () => {
    const r = project();
    r.write("src/price.js", lines("export function price(n, k = 3) {", "  return n * k;", "}"));
    const committed = await xihe(r.root, "explain", "--no-llm");
    expect(committed.stdout).toContain(
      "1 file(s) have uncommitted edits that are not included; pass --working-tree",
    );
    const json = JSON.parse(
      (await xihe(r.root, "explain", "--no-llm", "--working-tree", "--base", "HEAD", "--json")).stdout,
    );
    expect(json.symbols[0].signatureChange).toEqual({
      compatibility: "compatible",
      reasons: ["parameter k added with a default"],
      defaults: [],
    });
  });

  it("counts a new file not yet added to git as part of the --working-tree edit", async () => {
    const r = project();
    r.write("src/discount.js", lines("export function discount(n) {", "  return n / 2;", "}"));
    const json = JSON.parse(
      (await xihe(r.root, "explain", "--no-llm", "--working-tree", "--base", "HEAD", "--json")).stdout,
    );
    expect(json.files).toEqual([
      expect.objectContaining({ path: "src/discount.js", status: "added", added: 3 }),
    ]);
    expect(
      json.symbols.map((s: { change: string; qualifiedName: string }) => [s.change, s.qualifiedName]),
    ).toEqual([["added", "discount"]]);
    // Without --working-tree it is left out, as git's own diff leaves it out.
    const committed = JSON.parse(
      (await xihe(r.root, "explain", "--no-llm", "--base", "HEAD", "--json")).stdout,
    );
    expect(committed.symbols).toEqual([]);
  });

  it("rejects a --focus that matches nothing, as JSON with --json", async () => {
    const r = project();
    const text = await xihe(r.root, "explain", "--no-llm", "--focus", "src/nope.js");
    expect(text.code).toBe(2);
    expect(text.stderr).toBe(
      "xihe: --focus src/nope.js matches no changed file or symbol; changed: src/price.js\n",
    );
    const json = await xihe(r.root, "explain", "--no-llm", "--focus", "nope", "--json");
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({
      error: {
        code: "usage_error",
        message: "--focus nope matches no changed file or symbol; changed: src/price.js",
      },
    });
  });

  it("says a directory that is not a git repository is one, without git's own fatal line", async () => {
    const dir = scratchDir("xihe-not-git-");
    dirs.push(dir);
    const out = await xihe(dir, "explain", "--no-llm");
    expect(out.code).toBe(2);
    expect(out.stderr).toContain("is not a git repository; explain compares commits");
    expect(out.stderr).not.toContain("fatal");
    expect(out.stderr).not.toContain("--base");
  });
});
