// Identifies what produced a cached FileOutcome: bump extractorRevision when extraction code
// changes meaning; query edits change the hash by themselves.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const extractorRevision = "19";

export function extractorVersion(): string {
  const dir = join(dirname(fileURLToPath(import.meta.url)), "queries");
  const hash = createHash("sha1").update(extractorRevision);
  for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(join(dir, name)));
  return hash.digest("hex").slice(0, 16);
}
