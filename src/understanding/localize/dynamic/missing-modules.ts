// The modules a Python run could not import, outside the checkout: after a failed install, a test
// that stops on `ModuleNotFoundError: No module named 'requests'` shows the missing dependency, not
// the fault, so ranking on it would point at whatever imports it.
import { pythonModulesIn } from "./python-modules-in.ts";

const notFound = /(?:ModuleNotFoundError|ImportError): No module named '?([A-Za-z_][\w.]*)'?/g;

/** `isProjectModule`: whether a top-level name is the checkout's own package or module. */
export function missingModules(output: string, isProjectModule: (name: string) => boolean): string[] {
  const names = [...output.matchAll(notFound)].map((m) => m[1]!.split(".")[0]!);
  return [...new Set(names)].filter((name) => !isProjectModule(name));
}

/** A top-level name the checkout defines at its root or under one of its import roots. */
export function projectModuleTest(root: string, importRoots: readonly string[]): (name: string) => boolean {
  const tops = new Set([".", ...importRoots].flatMap((dir) => pythonModulesIn(root, dir)));
  return (name) => tops.has(name);
}
