// Values derived from a published tarball, kept on disk by the tarball's integrity hash: a
// published tarball never changes, so a warm `xihe upgrade` reads a few bytes per package instead
// of unpacking its tarball again (typescript's is tens of megabytes). An unreadable memo is
// recomputed, never trusted; a memo that can't be written only costs the next run the unpacking.
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";

const memo = z.object({ value: z.string().nullable() });

export async function memoByIntegrity(
  dir: string,
  integrity: string,
  compute: () => Promise<string | null>,
): Promise<string | null> {
  const path = join(dir, `${createHash("sha256").update(integrity).digest("hex")}.json`);
  const saved = memo.safeParse(await readJson(path));
  if (saved.success) return saved.data.value;
  const value = await compute();
  try {
    await mkdir(dir, { recursive: true });
    // Written aside, then renamed: a concurrent run never reads half a memo.
    const aside = `${path}.${process.pid}.tmp`;
    await writeFile(aside, JSON.stringify({ value }));
    await rename(aside, path);
  } catch {
    // Caching is an optimisation; the value computed stands.
  }
  return value;
}

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, "utf8"));
  } catch {
    return undefined;
  }
}
