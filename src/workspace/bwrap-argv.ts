// The bubblewrap command line for one sandboxed command: every namespace unshared (network only for
// the install phase), system directories read-only, the workspace the only writable bind, private
// /tmp and /dev, a fresh /proc, no capabilities, and the sandbox dies with its parent.
import { lstatSync, readlinkSync } from "node:fs";
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
}

const tmpSizeBytes = 512 * 1024 * 1024;
const systemDirs = ["/usr", "/etc", "/opt"];
const mergedUsrLinks = ["/bin", "/sbin", "/lib", "/lib64", "/lib32"];

export function buildBwrapArgv(options: BwrapArgvOptions, argv: readonly string[]): string[] {
  const out = [options.bwrapPath, "--unshare-all"];
  if (options.network === "install") out.push("--share-net");
  out.push("--die-with-parent", "--new-session", "--cap-drop", "ALL", "--hostname", "xihe-sandbox");
  out.push("--uid", "65534", "--gid", "65534");
  for (const dir of systemDirs) out.push("--ro-bind-try", dir, dir);
  for (const link of mergedUsrLinks) out.push(...linkOrBind(link));
  // A bounded private /tmp: scratch space, not a way around the workspace's limits.
  out.push("--proc", "/proc", "--dev", "/dev", "--size", String(tmpSizeBytes), "--tmpfs", "/tmp");
  // After /dev and /tmp: a bind under /dev/shm or /tmp would otherwise be hidden by those mounts.
  for (const dir of options.readOnlyDirs ?? []) out.push("--ro-bind", dir, dir);
  out.push("--bind", options.root, options.root);
  // .git stays read-only: code in the sandbox must not plant hooks, filters or config that git on the
  // host (commit, diff, push) would later execute outside the sandbox.
  if (isRealDirectory(join(options.root, ".git")))
    out.push("--ro-bind", join(options.root, ".git"), join(options.root, ".git"));
  out.push("--chdir", options.cwd);
  out.push("--clearenv");
  for (const [name, value] of Object.entries(options.env)) out.push("--setenv", name, value);
  out.push("--", ...argv);
  return out;
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
