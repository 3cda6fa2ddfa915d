// The bubblewrap command line for one sandboxed command: every namespace unshared (network only for
// the install phase), system directories read-only, the workspace the only writable bind, private
// /tmp and /dev, a fresh /proc, no capabilities, and the sandbox dies with its parent.
import { lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import type { NetworkMode } from "./sandbox.ts";

export interface BwrapArgvOptions {
  bwrapPath: string;
  /** Host path of the workspace; bound read-write at the same path so output paths match the host. */
  root: string;
  cwd: string;
  network: NetworkMode;
  env: Record<string, string>;
  /** Extra read-only directories (toolchains outside /usr). */
  readOnlyDirs?: readonly string[];
  /** Where bwrap finds a host path when the workspace and readOnlyDirs are staged (sandbox-identity.ts). */
  sourceOf?: (hostPath: string) => string;
  /**
   * Give the sandbox its own hostname (default). False where the host refuses sethostname in a new
   * UTS namespace: a container engine's default seccomp profile does (sandbox-support.ts probes it).
   */
  setHostname?: boolean;
}

const tmpSizeBytes = 512 * 1024 * 1024;
/** Bound read-only in every sandbox: a toolchain under these needs no bind of its own. */
export const sandboxSystemDirs = ["/usr", "/opt"];
const mergedUsrLinks = ["/bin", "/sbin", "/lib", "/lib64", "/lib32"];
// Only what programs read from /etc (A43): users and groups (no hashes on a shadowed system), name
// resolution, the dynamic loader, CA certificates, Debian's alternatives and the config dirs that
// runtimes under /usr link into. Never shadow, gshadow, sudoers, ssh keys, ssl/private or the
// machine's npm/pip/git config (registry tokens live there).
const etcEntries = [
  "passwd",
  "group",
  "nsswitch.conf",
  "hosts",
  "host.conf",
  "resolv.conf",
  "gai.conf",
  "services",
  "protocols",
  "networks",
  "ld.so.cache",
  "ld.so.conf",
  "ld.so.conf.d",
  "ssl/certs",
  "ssl/openssl.cnf",
  "ca-certificates",
  "alternatives",
  "localtime",
  "timezone",
  "locale.alias",
  "mime.types",
  "magic",
  "magic.mime",
  "os-release",
  "debian_version",
  "mtab",
  "terminfo",
  "fonts",
  "perl",
  "maven",
];
// Versioned config dirs: /etc/java-17-openjdk, /etc/python3.11, ...
const etcPrefixes = ["java-", "python3"];

export function buildBwrapArgv(options: BwrapArgvOptions, argv: readonly string[]): string[] {
  const out = [options.bwrapPath, "--unshare-all"];
  if (options.network === "install") out.push("--share-net");
  out.push("--die-with-parent", "--new-session", "--cap-drop", "ALL");
  if (options.setHostname !== false) out.push("--hostname", "xihe-sandbox");
  out.push("--uid", "65534", "--gid", "65534");
  for (const dir of sandboxSystemDirs) out.push("--ro-bind-try", dir, dir);
  for (const link of mergedUsrLinks) out.push(...linkOrBind(link));
  for (const entry of selectedEtcEntries()) out.push(...linkOrBind(`/etc/${entry}`));
  // A bounded private /tmp: scratch space, not a way around the workspace's limits.
  out.push("--proc", "/proc", "--dev", "/dev", "--size", String(tmpSizeBytes), "--tmpfs", "/tmp");
  // The kernel keyring is not namespaced: its listing would show the host's key names (A43).
  out.push("--ro-bind", "/dev/null", "/proc/keys", "--ro-bind", "/dev/null", "/proc/key-users");
  // After /dev and /tmp: a bind under /dev/shm or /tmp would otherwise be hidden by those mounts.
  const source = options.sourceOf ?? ((path: string) => path);
  for (const dir of options.readOnlyDirs ?? []) out.push("--ro-bind", source(dir), dir);
  out.push("--bind", source(options.root), options.root);
  // .git stays read-only: code in the sandbox must not plant hooks, filters or config that git on the
  // host (commit, diff, push) would later execute outside the sandbox.
  const gitDir = join(options.root, ".git");
  if (isRealDirectory(gitDir)) out.push("--ro-bind", source(gitDir), gitDir);
  // The root bwrap built (mount points under /, /etc) is owned by the sandbox user: freeze it.
  out.push("--remount-ro", "/");
  out.push("--chdir", options.cwd);
  out.push("--clearenv");
  for (const [name, value] of Object.entries(options.env)) out.push("--setenv", name, value);
  out.push("--", ...argv);
  return out;
}

function selectedEtcEntries(): string[] {
  const versioned = readdirSync("/etc").filter((name) => etcPrefixes.some((p) => name.startsWith(p)));
  const entries = [...etcEntries, ...versioned];
  return hasPasswordHashes("/etc/passwd") ? entries.filter((e) => e !== "passwd") : entries;
}

// An unshadowed passwd carries hashes: then the sandbox goes without user names instead.
function hasPasswordHashes(path: string): boolean {
  try {
    return readFileSync(path, "utf8")
      .split("\n")
      .some((line) => !["", "x", "*", "!"].includes(line.split(":")[1] ?? ""));
  } catch (err) {
    if (err instanceof Error && "code" in err && err.code === "ENOENT") return false;
    throw err;
  }
}

function isRealDirectory(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch (err) {
    if (err instanceof Error && "code" in err && err.code === "ENOENT") return false;
    throw err;
  }
}

// On merged-/usr systems /bin etc. are symlinks: recreate them instead of binding their targets twice.
function linkOrBind(path: string): string[] {
  try {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return ["--symlink", readlinkSync(path), path];
    return ["--ro-bind", path, path];
  } catch (err) {
    if (err instanceof Error && "code" in err && err.code === "ENOENT") return [];
    throw err;
  }
}
