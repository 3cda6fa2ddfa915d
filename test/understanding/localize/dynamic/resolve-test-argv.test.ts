import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolveTestArgv } from "../../../../src/understanding/localize/dynamic/resolve-test-argv.ts";
import { parseCommandLine } from "../../../../src/workspace/parse-command-line.ts";
import { makeScratchDir } from "../../../support/scratch-dir.ts";

let scratch: ReturnType<typeof makeScratchDir>;
afterEach(() => scratch.remove());

function checkout(scripts: Record<string, string> = {}): string {
  scratch = makeScratchDir("testargv");
  const root = scratch.dir;
  mkdirSync(join(root, "test", "node_modules"), { recursive: true });
  for (const f of ["b.test.js", "a.test.js", "helper.js", "node_modules/x.test.js"])
    writeFileSync(join(root, "test", f), "");
  writeFileSync(join(root, "package.json"), JSON.stringify({ scripts }));
  return root;
}

describe("test command globs, expanded against the checkout (the sandbox runs no shell)", () => {
  it("expands an unquoted glob to the matching files, sorted, outside node_modules", () => {
    const root = checkout();
    expect(resolveTestArgv(root, "npx tape test/*.test.js")).toEqual({
      ok: true,
      argv: ["npx", "tape", "test/a.test.js", "test/b.test.js"],
      env: {},
    });
  });

  it("expands globs of scripts.test; a quoted glob is the runner's own and stays; no match stays", () => {
    const root = checkout({ test: "tape test/*.test.js" });
    expect(resolveTestArgv(root, "npm test")).toMatchObject({
      argv: ["tape", "test/a.test.js", "test/b.test.js"],
    });
    expect(resolveTestArgv(root, "npx tape 'test/*.js'")).toMatchObject({
      argv: ["npx", "tape", "test/*.js"],
    });
    expect(resolveTestArgv(root, "npx tape spec/*.js")).toMatchObject({ argv: ["npx", "tape", "spec/*.js"] });
  });

  it("does not expand a glob leaving the checkout, and without a directory the parser still refuses globs", () => {
    const root = checkout();
    expect(resolveTestArgv(root, "npx tape ../*/test/*.js")).toMatchObject({
      argv: ["npx", "tape", "../*/test/*.js"],
    });
    expect(parseCommandLine("npx tape test/*.js")).toMatchObject({ ok: false });
  });
});
