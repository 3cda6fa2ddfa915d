import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { checkGitVersion, GitTooOldError } from "../../src/runs/check-git-version.ts";

describe("checkGitVersion", () => {
  it("accepts this machine's git", () => {
    const out = execFileSync("git", ["--version"], { encoding: "utf8" });
    expect(checkGitVersion(out)).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("A38: refuses a git below the patched minimum with git_too_old:<version>", () => {
    expect(() => checkGitVersion("git version 2.39.3")).toThrow("git_too_old:2.39.3");
    expect(() => checkGitVersion("git version 1.9.0")).toThrow(GitTooOldError);
    expect(checkGitVersion("git version 2.39.4")).toBe("2.39.4");
    expect(checkGitVersion("git version 2.45.1.windows.1")).toBe("2.45.1");
  });

  it("A38: refuses the unpatched releases of lines newer than 2.39 and accepts each line's fix", () => {
    for (const unpatched of ["2.40.0", "2.40.1", "2.41.0", "2.42.1", "2.43.3", "2.44.0", "2.45.0"])
      expect(() => checkGitVersion(`git version ${unpatched}`), unpatched).toThrow(
        `git_too_old:${unpatched}`,
      );
    for (const patched of [
      "2.39.5",
      "2.40.2",
      "2.41.1",
      "2.42.2",
      "2.43.4",
      "2.44.1",
      "2.45.1",
      "2.47.0",
      "3.0.0",
    ])
      expect(checkGitVersion(`git version ${patched}`)).toBe(patched);
  });

  it("A38: refuses output it cannot read", () => {
    expect(() => checkGitVersion("command not found")).toThrow(/git_too_old:unknown/);
  });
});
