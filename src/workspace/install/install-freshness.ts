// Whether a checkout's dependencies are already installed from its current lockfile, so a local
// checkout is not reinstalled on every run. npm: every package the lockfile pins is compared with the
// package.json actually installed at its path (name and version), and no top-level package the
// lockfile doesn't name may be there. npm's hidden lockfile (node_modules/.package-lock.json) is no
// record of what is installed: `npm install --package-lock-only` rewrites it too, with versions that
// were never installed. pnpm and yarn are compared by modification time with the record each writes
// only when an install completes (pnpm: node_modules/.pnpm/lock.yaml, yarn 1:
// node_modules/.yarn-integrity, yarn 2+: .yarn/install-state.gz, for every linker), because a failed
// install (a pinned version the registry no longer has) can leave a node_modules newer than the
// lockfile and half empty. Python environments carry the stamp Xihe writes after its own install.
// npm lockfile version 1 (npm 5 and 6) has no `packages` map: its `dependencies` tree is flattened
// into one (npm-lock-v1-packages.ts), so an installed v1 checkout is not reinstalled on every run.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { hasCurrentInstallStamp, isStampedManager } from "./install-stamp.ts";
import { npmLockV1Packages, type LockPackage } from "./npm-lock-v1-packages.ts";

const lockSchema = z.object({
  packages: z.record(
    z.string(),
    z.object({
      version: z.string().optional(),
      name: z.string().optional(),
      optional: z.boolean().optional(),
      link: z.boolean().optional(),
    }),
  ),
});
type LockEntry = z.infer<typeof lockSchema>["packages"][string] | LockPackage;
const installedSchema = z.object({ name: z.string().optional(), version: z.string().optional() });

// For each manager, its lockfile and the record a completed install writes after it. Layouts as real
// installs left them: pnpm 9.15, yarn 1.22 and yarn 4.5 (a failed fetch writes no record).
const installDirs: Record<string, { lock: string; installed: string }> = {
  pnpm: { lock: "pnpm-lock.yaml", installed: "node_modules/.pnpm/lock.yaml" },
  yarn: { lock: "yarn.lock", installed: "node_modules/.yarn-integrity" },
  "yarn-berry": { lock: "yarn.lock", installed: ".yarn/install-state.gz" },
};

export function isInstallFresh(root: string, manager: string): boolean {
  if (manager === "npm") return isNpmInstallFresh(root);
  if (isStampedManager(manager)) return hasCurrentInstallStamp(root, manager);
  const layout = installDirs[manager];
  if (!layout) return false;
  const lock = join(root, layout.lock);
  const installed = join(root, layout.installed);
  return existsSync(lock) && existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs;
}

function isNpmInstallFresh(root: string): boolean {
  const lockPath = join(root, "package-lock.json");
  // Without a lockfile there is nothing to compare with: an existing node_modules is the user's own.
  if (!existsSync(lockPath)) return existsSync(join(root, "node_modules"));
  if (!existsSync(join(root, "node_modules"))) return false;
  const lock = npmLockPackages(lockPath);
  if (lock === null) return false;
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === "" || (!path.startsWith("node_modules/") && !path.includes("/node_modules/"))) continue;
    const dir = join(root, path);
    if (entry.link) {
      if (!existsSync(dir)) return false;
      continue;
    }
    const installed = parseJson(join(dir, "package.json"), installedSchema);
    // Optional packages for other platforms are legitimately absent.
    if (installed === null) {
      if (entry.optional) continue;
      return false;
    }
    const name =
      ("name" in entry ? entry.name : undefined) ??
      path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
    if (installed.version !== entry.version || installed.name !== name) return false;
  }
  return topLevelPackages(join(root, "node_modules")).every(
    (name) => `node_modules/${name}` in lock.packages,
  );
}

// The lockfile's packages by install path: version 2 and 3's own map, or version 1's tree flattened.
function npmLockPackages(lockPath: string): { packages: Record<string, LockEntry> } | null {
  const v2 = parseJson(lockPath, lockSchema);
  if (v2 !== null) return v2;
  const v1 = parseJson(lockPath, z.unknown());
  const packages = v1 === null ? null : npmLockV1Packages(v1);
  return packages === null ? null : { packages };
}

// The packages directly in node_modules (scoped ones as @scope/name), without npm's own dot entries.
function topLevelPackages(dir: string): string[] {
  const names: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    if (!entry.name.startsWith("@")) {
      names.push(entry.name);
      continue;
    }
    for (const scoped of readdirSync(join(dir, entry.name))) names.push(`${entry.name}/${scoped}`);
  }
  return names;
}

function parseJson<T>(path: string, schema: z.ZodType<T>): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(readFileSync(path, "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    // Unreadable or not JSON: never "fresh"; the install runs and npm reports what is wrong.
    return null;
  }
}
