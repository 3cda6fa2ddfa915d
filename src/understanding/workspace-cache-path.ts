// The default index cache inside a checkout, `<root>/.xihe/index-cache.sqlite`, made safe to open:
// `.xihe` must be a real directory directly in the real root (created here, mode 0700, when absent),
// and the database with its SQLite side files must be absent or plain regular files. A committed
// `.xihe -> /elsewhere` or `index-cache.sqlite-wal -> /elsewhere/x` is refused before SQLite runs.
import { lstatSync, mkdirSync, realpathSync, writeFileSync, type Stats } from "node:fs";
import { join } from "node:path";
import { IndexCacheRefused } from "./index-cache-refused.ts";

const cacheFile = "index-cache.sqlite";
// SQLite opens (and may create or delete) these beside the database.
const sideFiles = ["", "-wal", "-shm", "-journal"];

/** The checked cache path; throws IndexCacheRefused when `.xihe` or a cache file is unsafe. */
export function workspaceCachePath(root: string): string {
  const dir = join(realpathSync(root), ".xihe");
  const existing = lstatOrNull(dir);
  if (existing === null) createDir(dir);
  else if (existing.isSymbolicLink()) throw new IndexCacheRefused(dir, "is a symlink");
  else if (!existing.isDirectory()) throw new IndexCacheRefused(dir, "is not a directory");
  ignoreItself(dir);
  for (const suffix of sideFiles) {
    const path = join(dir, `${cacheFile}${suffix}`);
    const st = lstatOrNull(path);
    if (st === null) continue;
    if (st.isSymbolicLink()) throw new IndexCacheRefused(path, "is a symlink");
    if (!st.isFile()) throw new IndexCacheRefused(path, "is not a regular file");
    // A second name for the file could be one outside the workspace.
    if (st.nlink > 1) throw new IndexCacheRefused(path, "has more than one hard link");
  }
  return join(dir, cacheFile);
}

function createDir(dir: string): void {
  try {
    // Not recursive: mkdir never follows a link planted at the last component.
    mkdirSync(dir, { mode: 0o700 });
  } catch (err) {
    if (!(err instanceof Error && "code" in err && err.code === "EEXIST")) throw err;
    const st = lstatSync(dir);
    if (st.isSymbolicLink() || !st.isDirectory())
      throw new IndexCacheRefused(dir, "appeared as something other than a directory");
  }
}

/** `.xihe/.gitignore` with `*`: the cache never shows in the user's `git status`. */
function ignoreItself(dir: string): void {
  try {
    // "wx" (O_CREAT|O_EXCL) never follows a link planted at that name; an existing file is kept.
    writeFileSync(join(dir, ".gitignore"), "*\n", { flag: "wx", mode: 0o600 });
  } catch (err) {
    if (!(err instanceof Error && "code" in err && err.code === "EEXIST")) throw err;
  }
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (err) {
    if (err instanceof Error && "code" in err && err.code === "ENOENT") return null;
    throw err;
  }
}
