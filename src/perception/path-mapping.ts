// Paths as CI prints them -> repository-relative paths. Runner checkouts, a given root, roots learned
// from the log (a package manager's cwd) and, when a checkout is at hand, the longest suffix that exists
// in it. When no root can be trusted the absolute path is kept: a wrong guess would be worse than none.
export interface PathMapper {
  toRepoPath(printed: string): string;
  /** Records a directory the log says the project ran in. */
  addRoot(dir: string): void;
  /** A guess (e.g. the directory holding node_modules): used only where nothing better maps a path. */
  addGuessedRoot(dir: string): void;
}

export interface PathMapperOptions {
  repoRoot?: string | undefined;
  /** True when this repository-relative path exists in the checkout (only given when one is at hand). */
  fileExists?: ((relativePath: string) => boolean) | undefined;
}

// Hosted and self-hosted runners check out into <work>/<repo>/<repo> (Windows hosted: D:\a\<repo>\<repo>);
// containers into /__w/<repo>/<repo>.
const RUNNER_ROOTS = [
  /^(?:.*\/)?_?work\/([^/]+)\/\1\//,
  /^[A-Za-z]:\/a\/([^/]+)\/\1\//,
  /^\/__w\/[^/]+\/[^/]+\//,
  /^\/github\/workspace\//,
];

export function cleanPrintedPath(printed: string): string {
  let path = printed.trim();
  if (path.startsWith("file://")) path = decodeFileUrl(path);
  if (path.includes("\\")) path = path.replace(/\\/g, "/");
  while (path.startsWith("./")) path = path.slice(2);
  return path;
}

function decodeFileUrl(url: string): string {
  let rest = url.slice("file://".length);
  if (rest.startsWith("localhost/")) rest = rest.slice("localhost".length);
  if (/^\/[A-Za-z]:\//.test(rest)) rest = rest.slice(1);
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
}

export function isAbsolutePath(path: string): boolean {
  return path.startsWith("/") || /^[A-Za-z]:\//.test(path);
}

export function createPathMapper({ repoRoot, fileExists }: PathMapperOptions = {}): PathMapper {
  const roots = new Set<string>();
  const guesses = new Set<string>();
  if (repoRoot) roots.add(withSlash(cleanPrintedPath(repoRoot)));
  return {
    addRoot: (dir) => {
      const clean = cleanPrintedPath(dir);
      if (isAbsolutePath(clean)) roots.add(withSlash(clean));
    },
    addGuessedRoot: (dir) => guesses.add(withSlash(cleanPrintedPath(dir))),
    toRepoPath: (printed) => {
      const path = cleanPrintedPath(printed);
      if (!isAbsolutePath(path)) return path;
      for (const root of roots) if (path.startsWith(root)) return path.slice(root.length);
      for (const pattern of RUNNER_ROOTS) {
        const m = pattern.exec(path);
        if (m) return path.slice(m[0].length);
      }
      const existing = fileExists ? mapByExistingSuffix(path, fileExists, roots) : null;
      if (existing !== null) return existing;
      for (const root of guesses) if (path.startsWith(root)) return path.slice(root.length);
      return path;
    },
  };
}

function mapByExistingSuffix(
  path: string,
  fileExists: (rel: string) => boolean,
  roots: Set<string>,
): string | null {
  const segments = path.split("/");
  for (let i = 1; i < segments.length - 1; i++) {
    const candidate = segments.slice(i).join("/");
    if (candidate !== "" && fileExists(candidate)) {
      roots.add(path.slice(0, path.length - candidate.length));
      return candidate;
    }
  }
  return null;
}

function withSlash(dir: string): string {
  return dir.endsWith("/") ? dir : `${dir}/`;
}

/** The directory most absolute paths put their node_modules in: in CI that is the checkout root. */
export function guessRootFromDependencies(paths: Iterable<string>): string | null {
  const counts = new Map<string, number>();
  for (const printed of paths) {
    const path = cleanPrintedPath(printed);
    const at = path.indexOf("/node_modules/");
    if (at > 0 && isAbsolutePath(path))
      counts.set(path.slice(0, at), (counts.get(path.slice(0, at)) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [dir, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = dir;
  return best;
}
