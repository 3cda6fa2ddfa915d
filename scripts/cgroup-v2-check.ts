// The per-run limits on a cgroup v2 only host, run by scripts/cgroup-v2-vm-check.sh inside a VM
// booted with cgroup_no_v1=all (this project's machines are hybrid: v1 memory+pids). Xihe's own
// detection picks the hierarchy; the checks are the threat tests' limit cases (THREATS.md A19) on
// the runner that keeps the limits without bubblewrap, so only the cgroup is under test.
// Plain Node.js 24 (type stripping), no packages: the VM has node, busybox and this repository's src.
// Prints one JSON line per case and exits 1 when a limit did not hold.
import { mkdtempSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createLocalSandbox } from "../src/workspace/sandbox/local-sandbox.ts";
import type { LimitHit, SandboxRunOptions } from "../src/workspace/sandbox/sandbox.ts";
import { detectSandboxSupport } from "../src/workspace/sandbox/sandbox-support.ts";

const support = detectSandboxSupport("v2check");
const hierarchy = readFileSync("/proc/self/cgroup", "utf8").trim();
console.log(JSON.stringify({ kernel: readFileSync("/proc/version", "utf8").trim(), hierarchy }));
for (const note of support.notes) console.log(JSON.stringify({ note }));
const version = support.cgroupParents?.version ?? null;
let failed = version !== 2;

// /dev/shm is a tmpfs: a workspace there charges written pages to the run's memory cgroup.
const root = mkdtempSync(join("/dev/shm", "xihe-v2-"));
const sandbox = createLocalSandbox({ root, support, newId: () => `v2-${Date.now()}`, now: Date.now });
const nodeBin = process.execPath;

const cases: [string, string[], SandboxRunOptions, LimitHit][] = [
  ["plain command", ["sh", "-c", "echo ok"], {}, null],
  ["fork bomb", ["sh", "-c", "b() { b | b; }; b"], { maxPids: 64, timeoutMs: 60_000 }, "pids"],
  [
    "memory bomb",
    [nodeBin, "-e", "const a = []; for (;;) a.push(Buffer.alloc(1 << 20, 1));"],
    { memoryMb: 128, timeoutMs: 60_000 },
    "memory",
  ],
  [
    "tmpfs fill",
    ["sh", "-c", "i=0; while [ $i -lt 20 ]; do head -c 50000000 /dev/zero > f$i || exit 9; i=$((i+1)); done"],
    // Emulated (the VM check has no KVM here), writing pages at the limit is slow: a wider budget.
    { memoryMb: 128, timeoutMs: 240_000 },
    "memory",
  ],
];
for (const [name, argv, options, expected] of cases) {
  const t0 = Date.now();
  const r = await sandbox.run(argv, options);
  const ok = r.limitHit === expected && !r.timedOut && (expected !== null || r.exitCode === 0);
  failed ||= !ok;
  console.log(
    JSON.stringify({
      case: name,
      cgroup: version === null ? "none" : `v${version}`,
      expected,
      limitHit: r.limitHit,
      exitCode: r.exitCode,
      timedOut: r.timedOut,
      ms: Date.now() - t0,
      ok,
    }),
  );
}
console.log(
  JSON.stringify({ result: failed ? "FAILED" : "PASSED", cgroup: version === null ? "none" : `v${version}` }),
);
process.exit(failed ? 1 : 0);
