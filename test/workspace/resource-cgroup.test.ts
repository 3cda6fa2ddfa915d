import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findCgroupParents, removeStaleCgroups } from "../../src/workspace/resource-cgroup.ts";

describe("removeStaleCgroups", () => {
  it("removes leftover xihe groups older than the minimum age and keeps fresh ones", () => {
    const parents = findCgroupParents();
    expect(parents, "cgroup v1 memory+pids must be available to run the sandbox limits").not.toBeNull();
    if (parents === null) return;
    const name = `xihe-stale-${randomUUID()}`;
    for (const dir of [parents.memory, parents.pids]) mkdirSync(join(dir, name));
    removeStaleCgroups(parents, Date.now());
    expect(existsSync(join(parents.pids, name))).toBe(true);
    expect(existsSync(join(parents.memory, name))).toBe(true);
    expect(removeStaleCgroups(parents, Date.now() + 3_600_000)).toBeGreaterThanOrEqual(2);
    expect(existsSync(join(parents.pids, name))).toBe(false);
    expect(existsSync(join(parents.memory, name))).toBe(false);
  });
});
