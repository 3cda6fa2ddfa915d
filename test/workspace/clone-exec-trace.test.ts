// A15 with an exec tracer: strace follows this test process while a hostile repository is mirrored
// and checked out, and every program started must be git itself.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createWorkspaceFactory } from "../../src/workspace/workspace-factory.ts";
import { createRepo, git } from "./git-fixture.ts";
import { makeScratchDir } from "../support/scratch-dir.ts";

async function traceExecs<T>(traceFile: string, work: () => Promise<T>): Promise<string[]> {
  const tracer = spawn(
    "strace",
    ["-f", "-qq", "-s", "512", "-e", "trace=execve", "-o", traceFile, "-p", String(process.pid)],
    {
      stdio: "ignore",
    },
  );
  const attached = Date.now();
  while (!/TracerPid:\s+[1-9]/.test(readFileSync("/proc/self/status", "utf8"))) {
    if (Date.now() - attached > 10_000) throw new Error("strace did not attach within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  try {
    await work();
  } finally {
    const exited = new Promise((resolve) => tracer.on("exit", resolve));
    tracer.kill("SIGINT");
    await exited;
  }
  // Program plus its argv as strace prints it, for successful execs only.
  return [...readFileSync(traceFile, "utf8").matchAll(/execve\("([^"]+)", \[(.*)\], .*= 0$/gm)].map(
    (m) => `${m[1] ?? ""} ${m[2] ?? ""}`,
  );
}

describe("A15 exec trace", () => {
  let scratch: ReturnType<typeof makeScratchDir>;
  beforeEach(() => (scratch = makeScratchDir("trace")));
  afterEach(() => scratch.remove());

  it("A15 starts no process but git while mirroring and checking out a hostile repository", async () => {
    const src = join(scratch.dir, "src");
    createRepo(src, {
      ".gitmodules": `[submodule "../../x"]\n\tpath = sub\n\turl = file://${src}\n\tupdate = !touch pwned\n`,
      ".gitattributes": "* filter=lfs diff=lfs merge=lfs\n*.txt filter=evil\n",
      "a.txt": "a\n",
    });
    symlinkSync("/etc", join(src, "out"));
    git(src, ["update-index", "--add", "--cacheinfo", `160000,${git(src, ["rev-parse", "HEAD"])},sub`]);
    git(src, ["add", "out"]);
    git(src, ["commit", "-qm", "hostile"]);
    writeFileSync(join(src, ".git", "hooks", "post-checkout"), "#!/bin/sh\ntouch pwned\n", { mode: 0o755 });
    const sha = git(src, ["rev-parse", "HEAD"]);
    const factory = createWorkspaceFactory({
      workDir: join(scratch.dir, "work"),
      workspacesDir: join(scratch.dir, "workspaces"),
      newId: randomUUID,
      minFreeMb: 1,
    });
    const programs = await traceExecs(join(scratch.dir, "trace.txt"), () =>
      factory.prepareWorkspace({ cloneUrl: `file://${src}`, sha }),
    );
    expect(programs.length).toBeGreaterThanOrEqual(3);
    // git's local transport starts upload-pack through `sh -c "git-upload-pack '<path>'"` itself.
    const isGit = (p: string): boolean =>
      /^\S*\/git(-[a-z-]+)? /.test(p) || /^\/bin\/sh "\/bin\/sh", "-c", "git-upload-pack '[^'"]+'"/.test(p);
    const notGit = programs.filter((p) => !isGit(p));
    expect(notGit, readFileSync(join(scratch.dir, "trace.txt"), "utf8")).toEqual([]);
  });
});
