// Whether a checkout's dependencies are already installed from its current lockfile, so a local
// checkout is not reinstalled on every run. npm's hidden lockfile (node_modules/.package-lock.json)
// records what is installed; other managers are compared by modification time.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

const lockSchema = z.object({
  packages: z.record(
    z.string(),
    z.object({ version: z.string().optional(), optional: z.boolean().optional() }),
  ),
});

const installDirs: Record<string, { lock: string; dir: string }> = {
  pnpm: { lock: "pnpm-lock.yaml", dir: "node_modules" },
  yarn: { lock: "yarn.lock", dir: "node_modules" },
  "yarn-berry": { lock: "yarn.lock", dir: "node_modules" },
  uv: { lock: "uv.lock", dir: ".venv" },
  poetry: { lock: "poetry.lock", dir: ".venv" },
  pip: { lock: "requirements.txt", dir: ".venv" },
};

export function isInstallFresh(root: string, manager: string): boolean {
  if (manager === "npm") return isNpmInstallFresh(root);
  const layout = installDirs[manager];
  if (!layout) return false;
  const lock = join(root, layout.lock);
  const dir = join(root, layout.dir);
  return existsSync(lock) && existsSync(dir) && statSync(dir).mtimeMs >= statSync(lock).mtimeMs;
}

function isNpmInstallFresh(root: string): boolean {
  const lockPath = join(root, "package-lock.json");
  const hiddenPath = join(root, "node_modules", ".package-lock.json");
  // Without a lockfile there is nothing to compare with: an existing node_modules is the user's own.
  if (!existsSync(lockPath)) return existsSync(join(root, "node_modules"));
  if (!existsSync(lockPath) || !existsSync(hiddenPath)) return false;
  const lock = parseLock(lockPath);
  const hidden = parseLock(hiddenPath);
  if (lock === null || hidden === null) return false;
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === "") continue;
    const installed = hidden.packages[path];
    // Optional packages for other platforms are legitimately absent.
    if (installed === undefined) {
      if (entry.optional) continue;
      return false;
    }
    if (installed.version !== entry.version) return false;
  }
  return Object.keys(hidden.packages).every((path) => path in lock.packages);
}

function parseLock(path: string): z.infer<typeof lockSchema> | null {
  try {
    const parsed = lockSchema.safeParse(JSON.parse(readFileSync(path, "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    // An unreadable or non-JSON lockfile is never "fresh": the install runs and npm reports it.
    return null;
  }
}
