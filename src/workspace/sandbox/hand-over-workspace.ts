// Before each sandboxed command run as the unprivileged sandbox uid (A43): everything in the workspace
// that host git or the file tools wrote as root is given to that uid so the command can change it,
// and the top directory becomes group-writable for it while staying root's, so host git (root) still
// owns the repository and its safe.directory check passes without any exception. `.git` stays root's
// (it is bound read-only into the sandbox anyway).
import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, lstatSync } from "node:fs";
import type { SandboxIdentity } from "./sandbox-identity.ts";

export function handOverWorkspace(root: string, identity: Pick<SandboxIdentity, "uid" | "gid">): void {
  const top = lstatSync(root);
  if (top.gid !== identity.gid) chownSync(root, top.uid, identity.gid);
  if ((top.mode & 0o070) !== 0o070) chmodSync(root, (top.mode & 0o7777) | 0o070);
  // find(1) walks in C (a large node_modules costs tens of ms when nothing changed) and never follows
  // symlinks; chown -h changes a link itself. Files with other hard links are left alone: they may
  // be shared with something outside the workspace (a pnpm store). No sandboxed process is alive
  // while this runs (each command's processes die with its pid namespace), so nothing swaps a path
  // component under it.
  execFileSync(
    "find",
    [
      ".",
      "-xdev",
      "-mindepth",
      "1",
      "(",
      "-path",
      "./.git",
      "-prune",
      ")",
      "-o",
      "(",
      "-type",
      "d",
      "-o",
      "-links",
      "1",
      ")",
      "(",
      "!",
      "-uid",
      String(identity.uid),
      "-o",
      "!",
      "-gid",
      String(identity.gid),
      ")",
      "-exec",
      "chown",
      "-h",
      `${identity.uid}:${identity.gid}`,
      "--",
      "{}",
      "+",
    ],
    { cwd: root, stdio: ["ignore", "ignore", "pipe"], env: { PATH: "/usr/bin:/bin" }, timeout: 120_000 },
  );
}
