// Where the dependency cache goes when XIHE_WORK_DIR is (or is not) inside the checkout.
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { chooseDependencyCacheDir } from "../../../src/workspace/install/dependency-cache-dir.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

const scratch = makeScratchDir("cache-dir");
const checkout = join(scratch.dir, "checkout");
mkdirSync(checkout);
afterAll(() => scratch.remove());

describe("chooseDependencyCacheDir", () => {
  it("keeps <XIHE_WORK_DIR>/install-cache when the work dir is outside the checkout", () => {
    const work = join(scratch.dir, "work");
    expect(chooseDependencyCacheDir(work, checkout, { HOME: scratch.dir })).toEqual({
      dir: join(work, "install-cache"),
      note: null,
    });
  });

  it("moves to the user's cache dir when the work dir is inside the checkout, and says why", () => {
    const choice = chooseDependencyCacheDir(join(checkout, ".xihe", "work"), checkout, {
      HOME: join(scratch.dir, "home"),
    });
    expect(choice.dir).toBe(join(scratch.dir, "home", ".cache", "xihe", "install-cache"));
    expect(choice.note).toMatch(/is inside the checkout, where its code could write the cache; using /);
    const xdg = chooseDependencyCacheDir(join(checkout, "w"), checkout, {
      HOME: join(scratch.dir, "home"),
      XDG_CACHE_HOME: join(scratch.dir, "xdg"),
    });
    expect(xdg.dir).toBe(join(scratch.dir, "xdg", "xihe", "install-cache"));
  });

  it("sees through a symlinked work dir that points into the checkout", () => {
    const link = join(scratch.dir, "linked-work");
    symlinkSync(join(checkout), link);
    const choice = chooseDependencyCacheDir(link, checkout, { HOME: join(scratch.dir, "home") });
    expect(choice.dir).toBe(join(scratch.dir, "home", ".cache", "xihe", "install-cache"));
  });

  it("turns the cache off with what to do when the user's cache dir is inside the checkout too", () => {
    const choice = chooseDependencyCacheDir(join(checkout, "w"), checkout, { HOME: checkout });
    expect(choice.dir).toBeUndefined();
    expect(choice.note).toMatch(/set XIHE_WORK_DIR to a directory outside the checkout/);
  });
});
