// The system's Chromium (Debian's `chromium` package, .ci/apt-packages.txt), found on PATH at run
// time: playwright-core drives it and downloads no browser of its own.
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

export function findChromium(): string {
  const dirs = (process.env.PATH ?? "").split(delimiter).filter(Boolean);
  for (const name of ["chromium", "chromium-browser"])
    for (const dir of dirs) {
      const path = join(dir, name);
      try {
        accessSync(path, constants.X_OK);
        return path;
      } catch {
        // not in this directory; try the next
      }
    }
  throw new Error("no chromium on PATH: apt-get install chromium (listed in .ci/apt-packages.txt)");
}
