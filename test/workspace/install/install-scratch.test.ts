import { existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeInstallScratch } from "../../../src/workspace/install/install-scratch.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

describe("makeInstallScratch", () => {
  let root: ReturnType<typeof makeScratchDir>;
  let outside: ReturnType<typeof makeScratchDir>;
  beforeEach(() => {
    root = makeScratchDir("scratch-root");
    outside = makeScratchDir("scratch-outside");
  });
  afterEach(() => {
    root.remove();
    outside.remove();
  });

  it("makes a new folder in the checkout that git ignores, and never reuses a name the checkout holds", () => {
    mkdirSync(join(root.dir, ".xihe-install-planted"));
    const a = makeInstallScratch(root.dir);
    const b = makeInstallScratch(root.dir);
    const dirOf = (s: typeof a) => join(s.env.npm_config_cache!, "..");
    expect(dirOf(a)).not.toBe(dirOf(b));
    expect(dirOf(a).startsWith(join(root.dir, ".xihe-install-"))).toBe(true);
    expect(readFileSync(join(dirOf(a), ".gitignore"), "utf8")).toBe("*\n");
    a.remove();
    b.remove();
    expect(existsSync(dirOf(a))).toBe(false);
    expect(existsSync(join(root.dir, ".xihe-install-planted"))).toBe(true);
  });

  it("removes a link the sandbox put in the folder's place, never what it points at", () => {
    writeFileSync(join(outside.dir, "keep"), "x");
    const scratch = makeInstallScratch(root.dir);
    const dir = join(scratch.env.npm_config_cache!, "..");
    renameSync(dir, `${dir}-moved`);
    symlinkSync(outside.dir, dir);
    scratch.remove();
    expect(existsSync(dir)).toBe(false);
    expect(readFileSync(join(outside.dir, "keep"), "utf8")).toBe("x");
  });
});
