// Paths under `cwd` matching a shell glob, with Node's own fs.globSync (Node 22+; the project runs on
// Node 24). The project's @types/node predates it, so its signature is stated here.
import * as fs from "node:fs";

type GlobSync = (pattern: string, options: { cwd: string; exclude: (path: string) => boolean }) => string[];

export function globPaths(pattern: string, cwd: string): string[] {
  const globSync = (fs as unknown as { globSync: GlobSync }).globSync;
  return globSync(pattern, { cwd, exclude: (path) => path.split(/[\\/]/).includes("node_modules") }).sort();
}
