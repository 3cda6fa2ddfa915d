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
  /**
   * False when bwrap starts only without --hostname: inside a container whose engine's seccomp
   * profile refuses sethostname (podman's and Docker's defaults do without CAP_SYS_ADMIN). The
   * sandbox keeps its own UTS namespace, it just shows the container's hostname. Absent: true.
   */
  bwrapSetsHostname?: boolean;
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
  let bwrapSetsHostname = true;
  if (bwrapPath === null) notes.push("bwrap: not installed (Debian/Ubuntu: apt-get install bubblewrap)");
  else {
    const probe = probeBwrap(bwrapPath, identity);
    if (probe.ok) {
      bwrap = bwrapPath;
      bwrapSetsHostname = probe.setHostname;
      notes.push(
        probe.setHostname
          ? `bwrap: ok (${bwrapPath})`
          : `bwrap: ok (${bwrapPath}) without its own hostname: sethostname is refused here ` +
              `(${probe.hostnameError}; a container engine's default seccomp profile does this), ` +
              "so sandboxed commands see this container's hostname; every namespace is still unshared",
      );
    } else
      notes.push(
        `bwrap: ${bwrapPath} cannot create namespaces here (user namespaces disabled?): ${probe.error}`,
      );
  }
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
  return { bwrap, bwrapSetsHostname, cgroupParents, prlimit, docker, podman, runc, identity, notes };
}

function findProgram(name: string): string | null {
  for (const dir of ["/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"]) {
    const path = join(dir, name);
    if (existsSync(path)) return path;
  }
  return null;
}

type BwrapProbe =
  | { ok: true; setHostname: true }
  | { ok: true; setHostname: false; hostnameError: string }
  | { ok: false; error: string };

function probeBwrap(path: string, identity: SandboxIdentity | null): BwrapProbe {
  const full = runBwrapProbe(path, identity, true);
  if (full === null) return { ok: true, setHostname: true };
  // Only the hostname refused (EPERM from a seccomp filter): the sandbox runs without setting it.
  if (!/hostname/i.test(full)) return { ok: false, error: full };
  const withoutHostname = runBwrapProbe(path, identity, false);
  return withoutHostname === null
    ? { ok: true, setHostname: false, hostnameError: full }
    : { ok: false, error: withoutHostname };
}

/** Runs `true` with the exact argv of a real run, so "ok" means real runs start too; null or bwrap's error. */
function runBwrapProbe(path: string, identity: SandboxIdentity | null, setHostname: boolean): string | null {
  try {
    const root = tmpdir();
    const staged = identity === null ? null : stageForIdentity(identity, [root]);
    const [program, ...args] = [
      ...(staged?.prefix ?? []),
      ...buildBwrapArgv(
        {
          bwrapPath: path,
          root,
          cwd: root,
          network: "none",
          env: {},
          sourceOf: staged?.sourceOf,
          setHostname,
        },
        ["true"],
      ),
    ];
    execFileSync(program ?? path, args, { stdio: ["ignore", "ignore", "pipe"], timeout: 10_000 });
    return null;
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString().trim();
    return stderr || String(err);
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
