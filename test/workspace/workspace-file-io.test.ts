import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readWorkspaceFile } from "../../src/workspace/read-workspace-file.ts";
import { resolveWorkspacePath } from "../../src/workspace/resolve-workspace-path.ts";
import { WorkspacePathError } from "../../src/workspace/workspace-path-error.ts";
import { writeWorkspaceFile } from "../../src/workspace/write-workspace-file.ts";
import { makeScratchDir } from "../support/scratch-dir.ts";

describe("workspace file reads and writes by real path", () => {
  let scratch: ReturnType<typeof makeScratchDir>;
  let root: string;
  beforeEach(() => {
    scratch = makeScratchDir("fileio");
    root = join(scratch.dir, "job");
    mkdirSync(join(root, "src"), { recursive: true });
    mkdirSync(join(root, ".git"));
    writeFileSync(join(root, ".git", "config"), "[core]\n");
    writeFileSync(join(root, "src", "a.js"), "a\n");
    writeFileSync(join(scratch.dir, "secret.txt"), "outside\n");
  });
  afterEach(() => scratch.remove());

  const refused = (action: () => unknown): string => {
    try {
      action();
    } catch (err) {
      expect(err).toBeInstanceOf(WorkspacePathError);
      return (err as Error).message;
    }
    return "accepted";
  };

  it("A40: refuses .git by its real path, through a link, in any case, nested or not", () => {
    symlinkSync(".git", join(root, "g"));
    symlinkSync("../.git/config", join(root, "src", "cfg"));
    mkdirSync(join(root, "sub", ".git"), { recursive: true });
    expect(refused(() => resolveWorkspacePath(root, "g/config"))).toMatch(/is inside \.git/);
    expect(refused(() => readWorkspaceFile(root, "src/cfg"))).toMatch(/is inside \.git/);
    expect(refused(() => writeWorkspaceFile(root, "g/hooks/pre-commit", "x"))).toMatch(/is inside \.git/);
    expect(refused(() => writeWorkspaceFile(root, ".GIT/config", "x"))).toMatch(/is inside \.git/);
    expect(refused(() => writeWorkspaceFile(root, "sub/.git/config", "x"))).toMatch(/is inside \.git/);
    expect(readFileSync(join(root, ".git", "config"), "utf8")).toBe("[core]\n");
    expect(existsSync(join(root, ".git", "hooks"))).toBe(false);
  });

  it("A41: reads follow links inside the workspace only, and never open a FIFO", () => {
    symlinkSync("a.js", join(root, "src", "inner.js"));
    symlinkSync(join(scratch.dir, "secret.txt"), join(root, "src", "out.js"));
    symlinkSync("/proc/self/environ", join(root, "env.js"));
    execFileSync("mkfifo", [join(root, "src", "pipe")]);
    const inner = readWorkspaceFile(root, "src/inner.js");
    expect(inner.kind === "file" && inner.bytes.toString()).toBe("a\n");
    expect(refused(() => readWorkspaceFile(root, "src/out.js"))).toMatch(/^path_outside_workspace: /);
    expect(refused(() => readWorkspaceFile(root, "env.js"))).toMatch(/^path_outside_workspace: /);
    expect(readWorkspaceFile(root, "src/pipe")).toEqual({ kind: "special" });
    expect(readWorkspaceFile(root, "src/none.js")).toEqual({ kind: "missing" });
    expect(readWorkspaceFile(root, "src/a.js", { maxBytes: 1 })).toEqual({ kind: "too_large", size: 2 });
  });

  it("writes create parents inside, follow an in-repo link to its file, and refuse links out and FIFOs", () => {
    symlinkSync("a.js", join(root, "src", "inner.js"));
    symlinkSync(join(scratch.dir, "secret.txt"), join(root, "src", "out.js"));
    symlinkSync(join(scratch.dir, "new.txt"), join(root, "dangling.js"));
    execFileSync("mkfifo", [join(root, "src", "pipe")]);
    writeWorkspaceFile(root, "src/deep/new.js", "n\n");
    writeWorkspaceFile(root, "src/inner.js", "b\n");
    expect(readFileSync(join(root, "src", "deep", "new.js"), "utf8")).toBe("n\n");
    expect(readFileSync(join(root, "src", "a.js"), "utf8")).toBe("b\n");
    expect(refused(() => writeWorkspaceFile(root, "src/out.js", "x"))).toMatch(/^path_outside_workspace: /);
    expect(refused(() => writeWorkspaceFile(root, "dangling.js", "x"))).toMatch(/dangling symlink/);
    expect(refused(() => writeWorkspaceFile(root, "src/pipe", "x"))).toMatch(/FIFO or socket/);
    expect(readFileSync(join(scratch.dir, "secret.txt"), "utf8")).toBe("outside\n");
    expect(existsSync(join(scratch.dir, "new.txt"))).toBe(false);
  });
});
