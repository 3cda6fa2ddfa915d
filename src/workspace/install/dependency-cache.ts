// The dependency cache: finished dependency directories (node_modules, .venv) of earlier installs,
// kept on the host outside every workspace and never bound into a sandbox. An entry is written only
// by the install phase, right after a scripts-off install exited and before any other command ran;
// a hit is *copied* into the workspace (never hard-linked), so nothing the PR's code later does to
// its copy reaches the entry. Reasoning: the workspace README, "Dependency cache".
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { z } from "zod";

export interface DependencyCacheLocation {
  /** Host directory of all entries; must be outside the workspace. */
  dir: string;
  /** Which repository the run is for: entries are shared only between its runs. */
  scope: string;
}

const entrySchema = z.object({
  manager: z.string(),
  root: z.string(),
  dir: z.string(),
  checksum: z.string(),
});
export type CacheEntry = z.infer<typeof entrySchema>;

const keptPerScope = 5;
const copyTimeoutMs = 300_000;

export function entryPath(cache: DependencyCacheLocation, key: string): string {
  return join(cache.dir, scopeName(cache.scope), key);
}

/** Copies the entry for `key` into `root`; false when there is none (or it is unreadable). */
export function restoreFromCache(cache: DependencyCacheLocation, key: string, root: string): boolean {
  const path = entryPath(cache, key);
  const entry = readEntry(path);
  if (entry === null) return false;
  const target = join(root, entry.dir);
  // Whatever the checkout has there (a committed link, a stray dir) is left for the real install.
  if (exists(target)) return false;
  try {
    copyTree(join(path, "tree"), target);
    if (entry.dir === ".venv") relocateVenv(target, join(entry.root, ".venv"), join(root, ".venv"));
  } catch (err) {
    rmSync(target, { recursive: true, force: true }); // a half copy must not pass for an install
    throw err;
  }
  const now = new Date();
  utimesSync(path, now, now); // recently used: kept longest
  return true;
}

/** Snapshots `root/dir` as the entry for `key`. Call only right after the install step exited. */
export function storeInCache(
  cache: DependencyCacheLocation,
  key: string,
  root: string,
  manager: string,
  dir: string,
): void {
  const source = join(root, dir);
  if (!lstatSync(source).isDirectory()) return; // a link or file where the install writes: not ours
  const scopeDir = join(cache.dir, scopeName(cache.scope));
  mkdirSync(scopeDir, { recursive: true, mode: 0o700 });
  const staging = join(scopeDir, `.tmp-${randomBytes(6).toString("hex")}`);
  mkdirSync(staging, { mode: 0o700 });
  try {
    copyTree(source, join(staging, "tree"));
    const entry: CacheEntry = { manager, root, dir, checksum: treeChecksum(join(staging, "tree")) };
    writeFileSync(join(staging, "entry.json"), JSON.stringify(entry));
    renameSync(staging, join(scopeDir, key));
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    // Another run stored the same key first: its entry is as good as ours.
    if (err instanceof Error && "code" in err && (err.code === "ENOTEMPTY" || err.code === "EEXIST")) return;
    throw err;
  }
  evictOldest(scopeDir);
}

/** sha256 over every path, type, mode, link target and file content of the tree, in sorted order. */
export function treeChecksum(dir: string): string {
  const hash = createHash("sha256");
  const walk = (rel: string): void => {
    const abs = join(dir, rel);
    const stat = lstatSync(abs);
    hash.update(`${rel}\0${stat.mode}\0`);
    if (stat.isSymbolicLink()) hash.update(readlinkSync(abs));
    else if (stat.isFile()) hash.update(readFileSync(abs));
    else if (stat.isDirectory())
      for (const name of readdirSync(abs).sort()) walk(rel === "" ? name : `${rel}/${name}`);
    hash.update("\0");
  };
  walk("");
  return hash.digest("hex");
}

export function readEntry(path: string): CacheEntry | null {
  try {
    return entrySchema.parse(JSON.parse(readFileSync(join(path, "entry.json"), "utf8")));
  } catch {
    return null; // missing or half-written (a crash before the rename leaves only .tmp-*): a miss
  }
}

// GNU cp in C: -P copies links as links (never follows one out of the tree), ownership is not kept
// (the copy is the copier's; hand-over-workspace gives the workspace copy to the sandbox uid), and
// --reflink=auto shares blocks copy-on-write where the file system can.
function copyTree(from: string, to: string): void {
  execFileSync("cp", ["-R", "-P", "--preserve=mode,timestamps,links", "--reflink=auto", "--", from, to], {
    stdio: ["ignore", "ignore", "pipe"],
    env: { PATH: "/usr/bin:/bin" },
    timeout: copyTimeoutMs,
  });
}

// A venv names its own absolute path in its scripts' shebangs and activate files; the restored copy
// lives in another workspace. Only regular files directly in bin/ and pyvenv.cfg are touched.
function relocateVenv(venv: string, from: string, to: string): void {
  if (from === to) return;
  const files = [
    join(venv, "pyvenv.cfg"),
    ...readdirSync(join(venv, "bin")).map((n) => join(venv, "bin", n)),
  ];
  for (const file of files) {
    const stat = lstatSync(file);
    if (!stat.isFile() || stat.size > 1024 * 1024) continue;
    const text = readFileSync(file, "latin1");
    if (text.includes(from)) writeFileSync(file, text.split(from).join(to), "latin1");
  }
}

function evictOldest(scopeDir: string): void {
  const entries = readdirSync(scopeDir)
    .filter((name) => !name.startsWith("."))
    .map((name) => ({ name, mtimeMs: statSync(join(scopeDir, name)).mtimeMs }))
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const old of entries.slice(keptPerScope))
    rmSync(join(scopeDir, old.name), { recursive: true, force: true });
}

function scopeName(scope: string): string {
  return createHash("sha256").update(scope).digest("hex").slice(0, 32);
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
