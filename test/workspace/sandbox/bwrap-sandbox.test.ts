// The bubblewrap runner against the shared threat contract (sandbox-threat-contract.ts). Its limits
// come from a per-run cgroup: the title says which version this host gave.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import { createBwrapSandbox } from "../../../src/workspace/sandbox/bwrap-sandbox.ts";
import { findCgroupParents } from "../../../src/workspace/sandbox/resource-cgroup.ts";
import { detectSandboxSupport } from "../../../src/workspace/sandbox/sandbox-support.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";
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

// Inside a container the engine's seccomp profile refuses sethostname (sandbox-support.ts probes it
// and sets bwrapSetsHostname: false): the sandbox still starts, in its own UTS namespace, showing the
// hostname it inherited. Here (no seccomp filter) both forms run, so the flag is what differs.
describe("bubblewrap sandbox: hostname", () => {
  it("names the sandbox xihe-sandbox, or keeps the inherited hostname when the host refuses sethostname", async () => {
    const support = detectSandboxSupport(randomUUID());
    expect(support.bwrap, support.notes.join("\n")).not.toBeNull();
    const scratch = makeScratchDir("bwrap-hostname");
    try {
      const named = createBwrapSandbox({ root: scratch.dir, support, newId: randomUUID, now: Date.now });
      const inherited = createBwrapSandbox({
        root: scratch.dir,
        support: { ...support, bwrapSetsHostname: false },
        newId: randomUUID,
        now: Date.now,
      });
      expect(await named.run(["uname", "-n"])).toMatchObject({ exitCode: 0, stdout: "xihe-sandbox\n" });
      expect(await inherited.run(["uname", "-n"])).toMatchObject({ exitCode: 0, stdout: `${hostname()}\n` });
    } finally {
      scratch.remove();
    }
  });
});
