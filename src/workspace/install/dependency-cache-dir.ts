// Where a run's dependency cache lives. Normally <XIHE_WORK_DIR>/install-cache. The CLI's default
// XIHE_WORK_DIR is relative (.xihe/work), so run inside a checkout it lands *in* the checkout, where
// the repository's code could write the entries other runs restore; the install phase refuses such a
// cache. Then the user's cache directory ($XDG_CACHE_HOME or ~/.cache)/xihe/install-cache takes its
// place, and the evidence says so. Only when that is inside the checkout too is the cache off.
import { existsSync, realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";

export type CacheDirChoice = { dir: string; note: string | null } | { dir: undefined; note: string };

export function chooseDependencyCacheDir(
  workDir: string,
  checkout: string,
  hostEnv: Readonly<Record<string, string | undefined>>,
): CacheDirChoice {
  const preferred = resolve(workDir, "install-cache");
  if (!isInside(preferred, checkout)) return { dir: preferred, note: null };
  const home = hostEnv.HOME;
  const xdg = hostEnv.XDG_CACHE_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : home && isAbsolute(home) ? join(home, ".cache") : null;
  const fallback = base === null ? null : join(base, "xihe", "install-cache");
  if (fallback !== null && !isInside(fallback, checkout))
    return {
      dir: fallback,
      note: `XIHE_WORK_DIR (${resolve(workDir)}) is inside the checkout, where its code could write the cache; using ${fallback}`,
    };
  return {
    dir: undefined,
    note: `XIHE_WORK_DIR (${resolve(workDir)}) is inside the checkout and there is no user cache directory outside it: set XIHE_WORK_DIR to a directory outside the checkout to cache dependencies`,
  };
}

// By real path where the path exists (a symlinked work dir can still point into the checkout).
function isInside(path: string, root: string): boolean {
  const real = realOf(path);
  const top = realOf(root);
  return real === top || real.startsWith(`${top}/`);
}

function realOf(path: string): string {
  const absolute = resolve(path);
  if (existsSync(absolute)) return realpathSync(absolute);
  const parent = dirname(absolute);
  return parent === absolute ? absolute : join(realOf(parent), basename(absolute));
}
