// Per-run cgroups on both hierarchies. The host's own choice is exercised for real and named in the
// test titles (this machine kind is hybrid: v1 memory+pids, a v2 mount without them). The v2 file
// protocol runs against a directory laid out like a delegated cgroup2 subtree, and the parts of v2 a
// controller-less mount does have (groups, cgroup.procs, cgroup.kill, delegation refusal) against
// the host's real cgroup2 mount, when there is one.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  CgroupConfigError,
  cgroupParentDirs,
  createResourceCgroup,
  findCgroupParents,
  removeStaleCgroups,
  type CgroupParents,
} from "../../../src/workspace/sandbox/resource-cgroup.ts";
import { killGroupV2, refuseV2Parent } from "../../../src/workspace/sandbox/resource-cgroup-v2.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

const host = findCgroupParents();
const hostVersion = host.parents ? `v${host.parents.version}` : "none";
const cgroup2Mount =
  readFileSync("/proc/self/mountinfo", "utf8")
    .split("\n")
    .map((l) => l.split(" - "))
    .find(([, right]) => right?.startsWith("cgroup2 "))?.[0]
    ?.split(" ")[4] ?? null;

const cleanups: (() => void)[] = [];
afterEach(() =>
  cleanups
    .splice(0)
    .reverse()
    .forEach((c) => c()),
);

function fakeV2Parent(): string {
  const dir = scratchDir("xihe-fake-cgroup2-");
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "cgroup.controllers"), "cpu memory pids\n");
  writeFileSync(join(dir, "cgroup.subtree_control"), "memory pids\n");
  return dir;
}

describe(`resource cgroups on this host (${hostVersion}: ${host.note})`, () => {
  it(`this host gives memory+pids limits through cgroup ${hostVersion}`, () => {
    expect(host.parents, `no cgroup limits here: ${host.note}`).not.toBeNull();
  });

  it(`removes leftover xihe groups older than the minimum age and keeps fresh ones (cgroup ${hostVersion})`, () => {
    const real = host.parents;
    if (real === null) throw new Error(`no cgroup limits on this host: ${host.note}`);
    // A private parent: sandboxes of tests running in parallel must not be swept up by this test.
    const id = `xtest-${randomUUID()}`;
    const parents: CgroupParents =
      real.version === 1
        ? { version: 1, memory: join(real.memory, id), pids: join(real.pids, id) }
        : { version: 2, dir: join(real.dir, id) };
    const name = "xihe-leftover";
    for (const dir of cgroupParentDirs(parents)) mkdirSync(join(dir, name), { recursive: true });
    cleanups.push(() => cgroupParentDirs(parents).forEach((dir) => rmdirSync(dir)));
    expect(removeStaleCgroups(parents, Date.now())).toBe(0);
    for (const dir of cgroupParentDirs(parents)) expect(existsSync(join(dir, name))).toBe(true);
    expect(removeStaleCgroups(parents, Date.now() + 3_600_000)).toBe(cgroupParentDirs(parents).length);
    for (const dir of cgroupParentDirs(parents)) expect(existsSync(join(dir, name))).toBe(false);
  });
});

describe("cgroup v2 file protocol (a directory laid out like a delegated subtree)", () => {
  it("writes memory.max in bytes, swap off, pids.max, and reads hits from memory.events / pids.events", () => {
    const parent = fakeV2Parent();
    const group = join(parent, "xihe-run1");
    const cg = createResourceCgroup({ version: 2, dir: parent }, "xihe-run1", { memoryMb: 256, maxPids: 64 });
    expect(readFileSync(join(group, "memory.max"), "utf8")).toBe(String(256 * 1024 * 1024));
    expect(readFileSync(join(group, "pids.max"), "utf8")).toBe("64");
    expect(cg.procsFiles).toEqual([join(group, "cgroup.procs")]);
    expect(cg.limitHit()).toBeNull();
    writeFileSync(join(group, "pids.events"), "max 3\n");
    expect(cg.limitHit()).toBe("pids");
    writeFileSync(join(group, "memory.events"), "low 0\nhigh 0\nmax 9\noom 1\noom_kill 1\n");
    expect(cg.limitHit()).toBe("memory");
  });

  it("XIHE_CGROUP_PARENT names the delegated subtree; a relative or non-cgroup path is refused clearly", () => {
    const parent = fakeV2Parent();
    expect(findCgroupParents({ delegated: parent }).parents).toEqual({ version: 2, dir: parent });
    expect(() => findCgroupParents({ delegated: "xihe-runs" })).toThrow(CgroupConfigError);
    expect(() => findCgroupParents({ delegated: "xihe-runs" })).toThrow(/is not an absolute path/);
    const notCgroup = scratchDir("xihe-not-cgroup-");
    cleanups.push(() => rmSync(notCgroup, { recursive: true }));
    expect(() => findCgroupParents({ delegated: notCgroup })).toThrow(/is not a cgroup v2 directory/);
  });

  it("a v2-only host (no v1 memory/pids lines) uses its own cgroup under the cgroup2 mount", () => {
    const mount = fakeV2Parent();
    mkdirSync(join(mount, "system.slice", "xihe.service"), { recursive: true });
    const own = join(mount, "system.slice", "xihe.service");
    writeFileSync(join(own, "cgroup.controllers"), "memory pids\n");
    writeFileSync(join(own, "cgroup.subtree_control"), "memory pids\n");
    const choice = findCgroupParents({
      cgroupRoot: join(mount, "no-v1-here"),
      ownCgroups: "0::/system.slice/xihe.service\n",
      mountInfo: `30 23 0:26 / ${mount} rw,nosuid - cgroup2 cgroup2 rw\n`,
    });
    expect(choice.parents).toEqual({ version: 2, dir: own });
    expect(choice.note).toMatch(/^cgroup v2 memory\+pids: ok/);
  });
});

describe(`the host's real cgroup2 mount (${cgroup2Mount ?? "none"})`, () => {
  // Every Linux since systemd 233 mounts one (hybrid or unified); none means a broken test host.
  const mount = cgroup2Mount ?? "";
  const available = cgroup2Mount ? readFileSync(join(mount, "cgroup.controllers"), "utf8").trim() : "";
  it("exists", () => expect(cgroup2Mount, "no cgroup2 mount in /proc/self/mountinfo").not.toBeNull());

  it(`refuses it as a parent when memory+pids are not delegated there (controllers: ${available || "none"})`, () => {
    const refusal = refuseV2Parent(mount);
    if (available.includes("memory") && available.includes("pids")) expect(refusal).toBeNull();
    else expect(refusal).toMatch(/does not delegate/);
  });

  it("cgroup.kill kills a forked process tree that joined a v2 group, then the group is removed", async () => {
    const dir = join(mount, `xihe-test-${randomUUID()}`);
    mkdirSync(dir);
    cleanups.push(() => existsSync(dir) && rmdirSync(dir));
    // The shell joins the group, then forks sleeps in the background and waits.
    const child = spawn("/bin/sh", ["-c", `echo $$ > ${dir}/cgroup.procs; sleep 60 & sleep 60 & wait`], {
      stdio: "ignore",
    });
    const exited = new Promise<string | null>((resolve) => child.on("exit", (_c, s) => resolve(s)));
    for (
      let i = 0;
      i < 100 && readFileSync(join(dir, "cgroup.procs"), "utf8").trim().split("\n").length < 3;
      i++
    )
      await new Promise((r) => setTimeout(r, 20));
    expect(readFileSync(join(dir, "cgroup.procs"), "utf8").trim().split("\n")).toHaveLength(3);
    killGroupV2(dir);
    expect(await exited).toBe("SIGKILL");
    for (let i = 0; i < 100 && readFileSync(join(dir, "cgroup.procs"), "utf8").trim() !== ""; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(readFileSync(join(dir, "cgroup.procs"), "utf8").trim()).toBe("");
    rmdirSync(dir);
  });
});
