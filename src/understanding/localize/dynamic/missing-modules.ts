// The modules a Python run could not import, outside the checkout: after a failed install, a test
// that stops on `ModuleNotFoundError: No module named 'requests'` shows the missing dependency, not
// the fault, so ranking on it would point at whatever imports it.
const notFound = /(?:ModuleNotFoundError|ImportError): No module named '?([A-Za-z_][\w.]*)'?/g;

/** `isProjectModule`: whether a top-level name is the checkout's own package or module. */
export function missingModules(output: string, isProjectModule: (name: string) => boolean): string[] {
  const names = [...output.matchAll(notFound)].map((m) => m[1]!.split(".")[0]!);
  return [...new Set(names)].filter((name) => !isProjectModule(name));
}

/** A top-level name the checkout defines under one of its import roots (root-relative file list). */
export function projectModuleTest(
  files: readonly string[],
  importRoots: readonly string[],
): (name: string) => boolean {
  const prefixes = [...new Set(["", ...importRoots.map((r) => (r === "." ? "" : `${r}/`))])];
  const tops = new Set<string>();
  for (const file of files)
    for (const prefix of prefixes) {
      if (!file.startsWith(prefix)) continue;
      const top = /^([A-Za-z_]\w*)(?:\/|\.py$)/.exec(file.slice(prefix.length));
      if (top) tops.add(top[1]!);
    }
  return (name) => tops.has(name);
}
