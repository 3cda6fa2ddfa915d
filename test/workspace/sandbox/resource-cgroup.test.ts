import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, rmdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findCgroupParents, removeStaleCgroups } from "../../../src/workspace/sandbox/resource-cgroup.ts";

describe("removeStaleCgroups", () => {
  it("removes leftover xihe groups older than the minimum age and keeps fresh ones", () => {
    const real = findCgroupParents();
    expect(real, "cgroup v1 memory+pids must be available to run the sandbox limits").not.toBeNull();
    if (real === null) return;
    // A private parent: sandboxes of tests running in parallel must not be swept up by this test.
    const id = `xtest-${randomUUID()}`;
    const parents = { memory: join(real.memory, id), pids: join(real.pids, id) };
    const name = "xihe-leftover";
    for (const dir of [parents.memory, parents.pids]) mkdirSync(join(dir, name), { recursive: true });
    try {
      expect(removeStaleCgroups(parents, Date.now())).toBe(0);
      expect(existsSync(join(parents.pids, name))).toBe(true);
      expect(removeStaleCgroups(parents, Date.now() + 3_600_000)).toBe(2);
      expect(existsSync(join(parents.pids, name))).toBe(false);
      expect(existsSync(join(parents.memory, name))).toBe(false);
    } finally {
      for (const dir of [parents.memory, parents.pids]) rmdirSync(dir);
    }
  });
});
