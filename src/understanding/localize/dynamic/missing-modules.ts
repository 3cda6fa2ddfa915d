// The modules a Python run could not import, outside the checkout: after a failed install, a test
// that stops on `ModuleNotFoundError: No module named 'requests'` shows the missing dependency, not
// the fault, so ranking on it would point at whatever imports it.
import { pythonModulesIn } from "./python-modules-in.ts";

const notFound = /(?:ModuleNotFoundError|ImportError): No module named '?([A-Za-z_][\w.]*)'?/g;

/**
 * `isProjectModule`: whether a top-level name is the checkout's own package or module. `own`: the
 * checkout's modules the run could not import (their folder is not on sys.path).
 */
export function missingModules(
  output: string,
  isProjectModule: (name: string) => boolean,
): { dependencies: string[]; own: string[] } {
  const names = [...new Set([...output.matchAll(notFound)].map((m) => m[1]!))];
  const top = (name: string) => name.split(".")[0]!;
  return {
    dependencies: [...new Set(names.map(top).filter((name) => !isProjectModule(name)))],
    // `No module named 'pkg.gone'` means pkg itself imported: a module the code lacks, not a path.
    own: names.filter((name) => !name.includes(".") && isProjectModule(name)),
  };
}

/**
 * A name the checkout defines: a package or module at its root or an import root, or any folder or
 * `.py` file of the index's (root-relative) files, wherever it sits.
 */
export function projectModuleTest(
  root: string,
  importRoots: readonly string[],
  files: readonly string[],
): (name: string) => boolean {
  const names = new Set([".", ...importRoots].flatMap((dir) => pythonModulesIn(root, dir)));
  for (const file of files)
    for (const part of file.split("/")) names.add(part.endsWith(".py") ? part.slice(0, -3) : part);
  return (name) => names.has(name);
}
