// Who the sandbox is on the host (A43). bwrap maps its inside user to whoever starts it, so when Xihe
// runs as root the sandbox would be host root: root-only files under the bound system dirs readable,
// root's keyring listed. As root we therefore drop to a dedicated unprivileged uid/gid before bwrap.
// That uid can't walk into root's private dirs (a 0700 temp dir holding the workspace), so a private
// mount namespace first binds every directory the sandbox needs onto a world-traversable stage.
import { lstatSync, mkdirSync } from "node:fs";
import { join } from "node:path";

export interface SandboxIdentity {
  uid: number;
  gid: number;
  setpriv: string;
  unshare: string;
  mount: string;
  /** An empty root-owned directory; only ever a mount point inside private mount namespaces. */
  stageDir: string;
}

/** Not allocated on Debian-like systems (65000-65533 are reserved), so no host file belongs to it. */
export const defaultSandboxUid = 65533;

export interface StagedCommand {
  /** Runs as root: stages `dirs`, drops to the sandbox uid, then execs the argv that follows. */
  prefix: string[];
  /** The path bwrap (as the sandbox uid) must read for a host path inside one of the staged dirs. */
  sourceOf: (hostPath: string) => string;
}

// $1 is mount(8), $2 the stage; then the dirs to stage, `--`, and the command. Each dir gets its own
// numbered mount point; a failure exits 125 before anything of the PR's runs.
const stageScript =
  'm=$1; stage=$2; shift 2; "$m" -t tmpfs -o mode=0755,size=64k xihe-stage "$stage" || exit 125; i=0; ' +
  'while [ "$1" != -- ]; do mkdir "$stage/$i" && "$m" --rbind "$1" "$stage/$i" || exit 125; ' +
  'i=$((i+1)); shift; done; shift; exec "$@"';

export function stageForIdentity(identity: SandboxIdentity, dirs: readonly string[]): StagedCommand {
  const prefix = [
    identity.unshare,
    "--mount",
    "--propagation",
    "private",
    "--",
    "/bin/sh",
    "-c",
    stageScript,
    "xihe-stage",
    identity.mount,
    identity.stageDir,
    ...dirs,
    "--",
    identity.setpriv,
    `--reuid=${identity.uid}`,
    `--regid=${identity.gid}`,
    "--clear-groups",
    "--inh-caps=-all",
    "--bounding-set=-all",
    "--no-new-privs",
    "--",
  ];
  const sourceOf = (hostPath: string): string => {
    for (const [i, dir] of dirs.entries()) {
      if (hostPath === dir) return join(identity.stageDir, String(i));
      if (hostPath.startsWith(`${dir}/`))
        return join(identity.stageDir, String(i), hostPath.slice(dir.length + 1));
    }
    return hostPath;
  };
  return { prefix, sourceOf };
}

export interface IdentityTools {
  setpriv: string | null;
  unshare: string | null;
  mount: string | null;
}

/**
 * The identity to drop to, or null when Xihe is not root (bwrap then maps to Xihe's own unprivileged
 * user). As root without the util-linux tools it is an error: running PR code as host root is not a
 * fallback.
 */
export function detectSandboxIdentity(
  processUid: number,
  tools: IdentityTools,
  stageParent: string,
  uid = defaultSandboxUid,
): SandboxIdentity | null {
  if (processUid !== 0) return null;
  const { setpriv, unshare, mount } = tools;
  if (setpriv === null || unshare === null || mount === null)
    throw new Error(
      "Xihe runs as root, so sandboxed commands must drop to an unprivileged uid; that needs setpriv, " +
        "unshare and mount from util-linux (Debian/Ubuntu: apt-get install util-linux mount)",
    );
  const stageDir = join(stageParent, "xihe-sandbox-stage");
  mkdirSync(stageDir, { mode: 0o755, recursive: true });
  // The parent may be world-writable (/tmp): refuse a stage someone else planted.
  const stat = lstatSync(stageDir);
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0)
    throw new Error(
      `${stageDir} must be a directory owned by root and writable only by root; remove it and start again`,
    );
  return { uid, gid: uid, setpriv, unshare, mount, stageDir };
}
