// What this machine can enforce, detected once at start-up and reported (CLI `xihe sandbox --check`,
// worker start log): bubblewrap that really starts, cgroup memory+pids groups (v1, or a delegated v2
// subtree), prlimit, and the
// unprivileged identity sandboxed commands run as when Xihe is root.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildBwrapArgv } from "./bwrap-argv.ts";
import { cgroupParentDirs, findCgroupParents, type CgroupParents } from "./resource-cgroup.ts";
import { detectSandboxIdentity, stageForIdentity, type SandboxIdentity } from "./sandbox-identity.ts";

export interface SandboxSupport {
  /** Path of a bwrap that ran `true` with all namespaces unshared, else null. */
  bwrap: string | null;
  cgroupParents: CgroupParents | null;
  prlimit: string | null;
  /** Container CLIs found on PATH; whether an engine answers is probed only when one is asked for. */
  docker: string | null;
  podman?: string | null;
  runc?: string | null;
  /** Host uid/gid the sandbox drops to when Xihe runs as root; null: bwrap maps to Xihe's own user. */
  identity: SandboxIdentity | null;
  /** One line per capability, for logs and the CLI. */
  notes: string[];
}

export function detectSandboxSupport(probeId: string): SandboxSupport {
  const notes: string[] = [];
  const identity = detectSandboxIdentity(
    process.getuid?.() ?? -1,
    { setpriv: findProgram("setpriv"), unshare: findProgram("unshare"), mount: findProgram("mount") },
    tmpdir(),
  );
  notes.push(
    identity
      ? `sandbox user: host uid ${identity.uid} (Xihe runs as root; dropped with setpriv)`
      : "sandbox user: Xihe's own unprivileged user",
  );
  const bwrapPath = findProgram("bwrap");
  let bwrap: string | null = null;
  if (bwrapPath === null) notes.push("bwrap: not installed (Debian/Ubuntu: apt-get install bubblewrap)");
  else if (probeBwrap(bwrapPath, identity)) {
    bwrap = bwrapPath;
    notes.push(`bwrap: ok (${bwrapPath})`);
  } else notes.push(`bwrap: ${bwrapPath} cannot create namespaces here (user namespaces disabled?)`);
  const cgroup = probeCgroup(probeId);
  const cgroupParents = cgroup.parents;
  notes.push(
    cgroupParents
      ? `${cgroup.note} (limits hold for uid 0)`
      : `${cgroup.note}; falling back to rlimits (RLIMIT_NPROC does not bind root)`,
  );
  const prlimit = findProgram("prlimit");
  notes.push(
    prlimit ? "prlimit: ok (cpu, file size)" : "prlimit: missing (util-linux); no cpu/file-size limits",
  );
  const docker = findProgram("docker");
  const podman = findProgram("podman");
  const runc = findProgram("runc");
  notes.push(
    `container CLIs: ${[docker && `docker (${docker})`, podman && `podman (${podman})`].filter(Boolean).join(", ") || "none"}`,
  );
  return { bwrap, cgroupParents, prlimit, docker, podman, runc, identity, notes };
}

function findProgram(name: string): string | null {
  for (const dir of ["/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"]) {
    const path = join(dir, name);
    if (existsSync(path)) return path;
  }
  return null;
}

function probeBwrap(path: string, identity: SandboxIdentity | null): boolean {
  try {
    // The probe uses the exact argv of a real run, so "ok" means real runs start too.
    const root = tmpdir();
    const staged = identity === null ? null : stageForIdentity(identity, [root]);
    const [program, ...args] = [
      ...(staged?.prefix ?? []),
      ...buildBwrapArgv(
        { bwrapPath: path, root, cwd: root, network: "none", env: {}, sourceOf: staged?.sourceOf },
        ["true"],
      ),
    ];
    execFileSync(program ?? path, args, { stdio: "ignore", timeout: 10_000 });
    return true;
  } catch {
    return false; // reported in notes by the caller
  }
}

function probeCgroup(probeId: string): { parents: CgroupParents | null; note: string } {
  // A bad XIHE_CGROUP_PARENT throws: the operator asked for limits this host cannot give.
  const choice = findCgroupParents({ delegated: process.env.XIHE_CGROUP_PARENT });
  if (choice.parents === null) return choice;
  try {
    for (const dir of cgroupParentDirs(choice.parents)) {
      mkdirSync(join(dir, `xihe-probe-${probeId}`));
      rmdirSync(join(dir, `xihe-probe-${probeId}`));
    }
    return choice;
  } catch (err) {
    // Not writable (not root, or a read-only cgroupfs).
    return { parents: null, note: `${choice.note.split(":")[0]}: not writable here (${String(err)})` };
  }
}
