// Paths under `cwd` matching a shell glob, with Node's own fs.globSync (Node 22+); node_modules is
// never walked: a pattern like `test/**/*.js` must not reach into installed packages.
import { globSync } from "node:fs";

export function globPaths(pattern: string, cwd: string): string[] {
  return globSync(pattern, { cwd, exclude: (path) => path.split(/[\\/]/).includes("node_modules") }).sort();
}
