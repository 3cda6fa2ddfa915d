// The top-level Python modules one folder of the checkout provides, by listing it on the host: a
// `name.py` file or a `name/` package holding `__init__.py`. Links are not followed (a checkout's
// link could name any host folder); an unreadable or missing folder provides none.
import { existsSync, lstatSync, readdirSync, type Dirent } from "node:fs";
import { join } from "node:path";

const identifier = /^[A-Za-z_]\w*$/;

/** `dir`: root-relative ("." for the root). */
export function pythonModulesIn(root: string, dir: string): string[] {
  const folder = join(root, dir);
  let entries: Dirent[];
  try {
    const parts = dir === "." ? [] : dir.split("/");
    for (let i = 1; i <= parts.length; i++)
      if (!lstatSync(join(root, ...parts.slice(0, i))).isDirectory()) return [];
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return []; // not there, or not a folder: nothing imports from it
  }
  const names: string[] = [];
  for (const entry of entries) {
    if (entry.isFile() && entry.name.endsWith(".py") && identifier.test(entry.name.slice(0, -3)))
      names.push(entry.name.slice(0, -3));
    else if (
      entry.isDirectory() &&
      identifier.test(entry.name) &&
      existsSync(join(folder, entry.name, "__init__.py"))
    )
      names.push(entry.name);
  }
  return names;
}
