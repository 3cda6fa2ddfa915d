// Git's blob id of raw bytes (what `git hash-object --no-filters` prints), computed in-process:
// cheaper than a git call for the few files that differ from the index.
import { createHash } from "node:crypto";

export function blobSha(bytes: Buffer): string {
  return createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
}
