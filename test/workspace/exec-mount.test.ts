// A workspaces directory on a noexec mount is refused before a clone (the App container's /dev/shm
// under --shm-size was: every node_modules/.bin tool exited 126 and no failure reproduced).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { assertExecutableMount, mountOf, WorkspaceMountError } from "../../src/workspace/exec-mount.ts";
import { makeScratchDir } from "../support/scratch-dir.ts";

const mountInfo = [
  "22 1 0:21 / / rw,relatime - ext4 /dev/vda rw",
  "25 22 0:23 / /dev/shm rw,nosuid,nodev,noexec,relatime - tmpfs shm rw,size=65536k",
  "26 25 0:24 / /dev/shm/work\\040dir rw,relatime - tmpfs tmpfs rw",
  "27 25 0:25 / /dev/shm rw,nosuid,nodev,relatime - tmpfs tmpfs rw,size=2097152k",
].join("\n");

describe("mountOf", () => {
  it("picks the deepest mount point holding the path, the last one stacked on a point, and unescapes names", () => {
    expect(mountOf("/dev/shm/ws-1", mountInfo)).toEqual({
      point: "/dev/shm",
      options: ["rw", "nosuid", "nodev", "relatime"],
    });
    expect(mountOf("/dev/shm/work dir/ws-1", mountInfo)?.point).toBe("/dev/shm/work dir");
    expect(mountOf("/dev/shmother", mountInfo)?.point).toBe("/");
    expect(mountOf("/data/work", mountInfo)?.options).toContain("rw");
  });
});

describe("assertExecutableMount on real mounts", () => {
  const mounted: string[] = [];
  let scratch: ReturnType<typeof makeScratchDir> | undefined;
  afterEach(() => {
    for (const dir of mounted.splice(0)) spawnSync("umount", [dir]);
    scratch?.remove();
  });
  const tmpfs = (name: string, options: string): string => {
    scratch ??= makeScratchDir("exec-mount");
    const dir = join(scratch.dir, name);
    mkdirSync(dir);
    execFileSync("mount", ["-t", "tmpfs", "-o", `${options},size=1m`, "tmpfs", dir]);
    mounted.push(dir);
    return dir;
  };

  it("refuses a noexec tmpfs, saying what to mount instead, and accepts an exec one", () => {
    const noexec = tmpfs("noexec", "noexec");
    // What a workspace there would meet: a project's tool cannot be executed.
    writeFileSync(join(noexec, "tool"), "#!/bin/sh\necho ran\n", { mode: 0o755 });
    expect(spawnSync(join(noexec, "tool")).error).toMatchObject({ code: "EACCES" });
    const error = (() => {
      try {
        assertExecutableMount(noexec);
      } catch (err) {
        return err;
      }
    })();
    expect(error).toBeInstanceOf(WorkspaceMountError);
    expect(error).toMatchObject({ code: "workspace_noexec" });
    expect(String(error)).toContain(`${noexec} is on a noexec mount (${noexec})`);
    expect(String(error)).toContain("--tmpfs /dev/shm:rw,exec");

    const exec = tmpfs("exec", "exec");
    mkdirSync(join(exec, "workspaces"));
    expect(() => assertExecutableMount(join(exec, "workspaces"))).not.toThrow();
  });
});
