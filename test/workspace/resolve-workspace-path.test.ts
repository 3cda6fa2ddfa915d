import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveWorkspacePath } from "../../src/workspace/resolve-workspace-path.ts";
import { WorkspacePathError } from "../../src/workspace/workspace-path-error.ts";
import { makeScratchDir } from "../support/scratch-dir.ts";

describe("resolveWorkspacePath", () => {
  let scratch: ReturnType<typeof makeScratchDir>;
  let root: string;
  beforeEach(() => {
    scratch = makeScratchDir("path");
    root = join(scratch.dir, "job");
    mkdirSync(join(root, "src"), { recursive: true });
    mkdirSync(join(scratch.dir, "other-job"));
    writeFileSync(join(root, "src", "a.ts"), "x");
  });
  afterEach(() => scratch.remove());

  const refusal = (requested: string): string => {
    try {
      resolveWorkspacePath(root, requested);
    } catch (err) {
      expect(err).toBeInstanceOf(WorkspacePathError);
      return (err as WorkspacePathError).code;
    }
    return "accepted";
  };

  it("resolves existing and not-yet-existing files inside the workspace", () => {
    const real = realpathSync(root);
    expect(resolveWorkspacePath(root, "src/a.ts")).toBe(join(real, "src", "a.ts"));
    expect(resolveWorkspacePath(root, "src/new/file.ts")).toBe(join(real, "src", "new", "file.ts"));
    expect(resolveWorkspacePath(root, join(real, "src"))).toBe(join(real, "src"));
    expect(resolveWorkspacePath(root, "src/../src/a.ts")).toBe(join(real, "src", "a.ts"));
  });

  it("A16 refuses symlinks leaving the workspace, dangling links and a symlinked .git", () => {
    symlinkSync("/etc", join(root, "out"));
    symlinkSync("../other-job", join(root, "w"));
    symlinkSync(join(scratch.dir, "does-not-exist", "evil"), join(root, "d"));
    symlinkSync("/etc", join(root, ".git"));
    symlinkSync("src", join(root, "inner"));
    expect(refusal("out/passwd")).toBe("path_outside_workspace");
    expect(refusal("out")).toBe("path_outside_workspace");
    expect(refusal("w/secret")).toBe("path_outside_workspace");
    expect(refusal("d")).toBe("path_outside_workspace");
    expect(refusal("d/child")).toBe("path_outside_workspace");
    expect(refusal(".git/config")).toBe("path_outside_workspace");
    expect(refusal("inner/a.ts")).toBe("accepted");
  });

  it("refuses parent traversal, absolute paths elsewhere and NUL bytes", () => {
    expect(refusal("../other-job")).toBe("path_outside_workspace");
    expect(refusal("/etc/passwd")).toBe("path_outside_workspace");
    expect(refusal("src/\0x")).toBe("path_outside_workspace");
  });

  it("refuses a symlink loop as dangling", () => {
    symlinkSync("loop2", join(root, "loop1"));
    symlinkSync("loop1", join(root, "loop2"));
    expect(refusal("loop1/x")).toBe("path_outside_workspace");
  });
});
