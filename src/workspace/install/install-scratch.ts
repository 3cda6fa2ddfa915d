// Package managers keep their download caches under HOME, which the bubblewrap sandbox puts on its
// private /tmp: a tmpfs of 512 MiB whose pages count against the sandbox's memory limit. A large
// project's caches outgrow it before the install ends (yarn 1 keeps every package unpacked, and
// downloads every platform's optional binaries first), and the install fails with ENOSPC. During the
// install phase the caches live in a scratch folder on the workspace's own disk instead, inside the
// checkout (the one place every sandbox can write), removed when the phase ends. What npm, pnpm, yarn
// and pip leave in node_modules or .venv does not point into them; poetry keeps its virtualenvs under
// its cache folder, which (as in the sandbox's throwaway /tmp before) does not outlive the install.
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface InstallScratch {
  /** Environment that points the package managers' caches into the scratch folder. */
  env: Record<string, string>;
  remove(): void;
}

export function makeInstallScratch(root: string): InstallScratch {
  // mkdtemp creates a new directory under a name nobody could plant in advance, so nothing the
  // checkout holds is followed; `*` in its own .gitignore keeps it out of git and the code index.
  // The root as the sandbox binds it (at the same path), so the paths mean the same inside.
  const dir = mkdtempSync(join(root, ".xihe-install-"));
  writeFileSync(join(dir, ".gitignore"), "*\n", { flag: "wx" });
  return {
    env: {
      // npm (and the pnpm or yarn that `npm exec` downloads), then yarn 1, pip, uv and poetry,
      // which follow XDG; pnpm's store is XDG data; berry's global cache is its global folder.
      npm_config_cache: join(dir, "npm"),
      XDG_CACHE_HOME: join(dir, "cache"),
      XDG_DATA_HOME: join(dir, "data"),
      YARN_GLOBAL_FOLDER: join(dir, "berry"),
    },
    remove() {
      // rm removes a link the sandbox put in the folder's place (or inside it), never its target.
      try {
        rmSync(dir, { recursive: true, force: true });
      } catch {
        // The install may have made a folder unwritable (same uid as Xihe when not root): open the
        // folders up, never following a link, and try once more; what still resists stays behind,
        // git-ignored, rather than turn a finished install into an error.
        openUp(dir);
        try {
          rmSync(dir, { recursive: true, force: true });
        } catch {
          // left behind, ignored by git through its own .gitignore
        }
      }
    },
  };
}

function openUp(dir: string): void {
  try {
    if (!lstatSync(dir).isDirectory()) return;
    chmodSync(dir, 0o700);
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory()) openUp(join(dir, entry.name));
  } catch {
    // a folder we cannot open up is left as it is
  }
}
