// The bubblewrap runner against the shared threat contract (sandbox-threat-contract.ts). Its limits
// come from a per-run cgroup: the title says which version this host gave.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { createBwrapSandbox } from "../../../src/workspace/sandbox/bwrap-sandbox.ts";
import { findCgroupParents } from "../../../src/workspace/sandbox/resource-cgroup.ts";
import { sandboxThreatContract } from "./sandbox-threat-contract.ts";

const hostCgroup = findCgroupParents();

sandboxThreatContract({
  name: `bubblewrap (cgroup ${hostCgroup.parents ? `v${hostCgroup.parents.version}` : "none"})`,
  scratchPrefix: "bwrap",
  prepare: (support) => {
    expect(support.bwrap, support.notes.join("\n")).not.toBeNull();
    expect(support.cgroupParents, `the A19 limits need a cgroup: ${hostCgroup.note}`).not.toBeNull();
    return {
      make: (deps) => createBwrapSandbox({ ...deps, support, newId: randomUUID, now: Date.now }),
      // bwrap's processes name the workspace in their argv: the contract's process scan sees them.
      leftovers: () => [],
    };
  },
  runnerEnv: [],
});
