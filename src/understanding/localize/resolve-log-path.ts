// A path as a log or a failure record names it -> an indexed file. Perception already maps runner
// checkouts to repository-relative paths; this also accepts absolute paths from another machine and
// paths relative to a package folder, by unique suffix, so a moved checkout still resolves.
export type LogPathResolver = (printed: string) => string | null;

export function createLogPathResolver(files: readonly string[]): LogPathResolver {
  const known = new Set(files);
  const byBaseName = new Map<string, string[]>();
  for (const file of files) {
    const base = file.slice(file.lastIndexOf("/") + 1);
    byBaseName.set(base, [...(byBaseName.get(base) ?? []), file]);
  }
  return (printed) => {
    const path = printed
      .replace(/^file:\/\//, "")
      .replace(/\\/g, "/")
      .replace(/^(\.\/)+/, "");
    if (known.has(path)) return path;
    const candidates = byBaseName.get(path.slice(path.lastIndexOf("/") + 1)) ?? [];
    // The longest indexed path that the printed path ends with (an absolute path from a runner).
    let best: string | null = null;
    for (const file of candidates)
      if (path.endsWith(`/${file}`) && (best === null || file.length > best.length)) best = file;
    if (best !== null) return best;
    // The printed path is a suffix of exactly one indexed path (printed relative to a sub-package).
    const longer = candidates.filter((file) => file.endsWith(`/${path}`));
    return longer.length === 1 ? (longer[0] ?? null) : null;
  };
}
