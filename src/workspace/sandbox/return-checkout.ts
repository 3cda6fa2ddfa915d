// The other half of hand-over-workspace.ts for a user's own checkout (A43): as root, every sandboxed
// command runs as the sandbox uid, so before each one the checkout's files become that uid's and the
// top directory group-writable for it. An App workspace is thrown away after the run; a local checkout
// is the user's, so when the command ends everything the sandbox uid owns there (node_modules, caches,
// the files the fix rewrote) goes back to the checkout's owner, and the top directory gets its group
// and mode back.
import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, lstatSync } from "node:fs";
import { defaultSandboxUid } from "./sandbox-identity.ts";

export interface CheckoutOwner {
  uid: number;
  gid: number;
  mode: number;
}

/** The checkout's owner, group and mode as they are before any sandboxed command ran. */
export function checkoutOwner(root: string): CheckoutOwner {
  const top = lstatSync(root);
  return { uid: top.uid, gid: top.gid, mode: top.mode & 0o7777 };
}

/** Gives back what the sandbox uid owns in `root`; nothing to do unless Xihe runs as root. */
export function returnCheckout(root: string, owner: CheckoutOwner, sandboxUid = defaultSandboxUid): void {
  if (process.getuid?.() !== 0) return;
  // Like handOverWorkspace: find(1) never follows symlinks and chown -h changes a link itself; no
  // sandboxed process is alive any more, so nothing swaps a path under it. Only the sandbox's own
  // files are touched: anything else in the checkout keeps whoever owned it.
  execFileSync(
    "find",
    [
      ".",
      "-xdev",
      "-mindepth",
      "1",
      "(",
      "-uid",
      String(sandboxUid),
      "-o",
      "-gid",
      String(sandboxUid),
      ")",
      "-exec",
      "chown",
      "-h",
      `${owner.uid}:${owner.gid}`,
      "--",
      "{}",
      "+",
    ],
    { cwd: root, stdio: ["ignore", "ignore", "pipe"], env: { PATH: "/usr/bin:/bin" }, timeout: 300_000 },
  );
  const top = lstatSync(root);
  if (top.uid !== owner.uid || top.gid !== owner.gid) chownSync(root, owner.uid, owner.gid);
  if ((top.mode & 0o7777) !== owner.mode) chmodSync(root, owner.mode);
}

/**
 * Runs `fn` on a local checkout and returns the checkout to its owner afterwards, whatever happened.
 * `around` wraps the giving back (to time it: as root it walks the whole checkout).
 */
export async function withCheckoutReturned<T>(
  root: string,
  fn: () => Promise<T>,
  around: (giveBack: () => void) => void = (giveBack) => giveBack(),
): Promise<T> {
  const owner = checkoutOwner(root);
  try {
    return await fn();
  } finally {
    around(() => returnCheckout(root, owner));
  }
}
