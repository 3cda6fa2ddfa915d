// The repository's candidate files: git's view when the root is in a work tree (tracked plus
// untracked-not-ignored), else a .gitignore-honouring walk; path-based skips are decided here.
import { posix } from "node:path";
import type { SkippedFile } from "./code-index.ts";
import { listGitFiles, type ListedFile, type ListingMemo } from "./list-files.ts";
import { readRepoFile } from "../read-repo-file.ts";
import type { GoModule, PackageMain, PackageName } from "./resolve-imports.ts";
import { gitIndexPathOf } from "./run-git.ts";
import { isVendoredPath, pathSkipReason } from "./skip-rules.ts";
import { isTestPath } from "./test-files.ts";
import { walkFiles } from "./walk-files.ts";

export interface RepositoryListing {
  /** Files to index (language known, not skipped by path). */
  files: ListedFile[];
  skipped: SkippedFile[];
  listedCount: number;
  goModules: GoModule[];
  packageMains: PackageMain[];
  packageNames: PackageName[];
}

const vendoredDirNames = new Set([
  "node_modules",
  "vendor",
  "third_party",
  "bower_components",
  ".venv",
  "venv",
  "site-packages",
]);

export async function listRepository(
  root: string,
  memo: ListingMemo,
  wallClockMs: () => number,
): Promise<RepositoryListing> {
  let listed: ListedFile[];
  const skipped: SkippedFile[] = [];
  // Whether the root is in a work tree does not change while a cache is open.
  if (memo.gitIndexPath === undefined) memo.gitIndexPath = await gitIndexPathOf(root);
  if (memo.gitIndexPath !== null) {
    listed = await listGitFiles(root, memo.gitIndexPath, memo, wallClockMs);
  } else {
    const walk = await walkFiles(root, {
      pruneDir: (n) => vendoredDirNames.has(n),
      wantsSha: (p) => pathSkipReason(p) === null,
    });
    listed = walk.files;
    for (const dir of walk.prunedDirs) skipped.push({ path: dir, reason: "vendored" });
  }
  // Our own cache directory is never part of the repository's code.
  listed = listed.filter((f) => !f.path.startsWith(".xihe/"));
  const files: ListedFile[] = [];
  const goMods: string[] = [];
  const packageJsons: string[] = [];
  for (const f of listed) {
    if (f.path === "go.mod" || f.path.endsWith("/go.mod")) goMods.push(f.path);
    if (f.path === "package.json" || f.path.endsWith("/package.json")) packageJsons.push(f.path);
    const reason = pathSkipReason(f.path);
    if (reason) skipped.push({ path: f.path, reason });
    else files.push(f);
  }
  return {
    files,
    skipped,
    listedCount: listed.length,
    goModules: await readGoModules(root, goMods),
    ...readPackageManifests(root, packageJsons),
  };
}

async function readGoModules(root: string, paths: readonly string[]): Promise<GoModule[]> {
  const modules: GoModule[] = [];
  for (const p of paths) {
    const text = readRepoFile(root, p)?.toString("utf8") ?? "";
    const name = /^module\s+(\S+)/m.exec(text)?.[1];
    if (name) modules.push({ dir: p === "go.mod" ? "" : p.slice(0, -"/go.mod".length), module: name });
  }
  // Longest module path first, so a nested module wins over its parent.
  return modules.sort((a, b) => b.module.length - a.module.length);
}

// Each package.json is read and parsed once, for both its `main` and its `name`.
function readPackageManifests(
  root: string,
  paths: readonly string[],
): { packageMains: PackageMain[]; packageNames: PackageName[] } {
  const manifests = new Map(
    paths.map((p) => [p, parseManifest(readRepoFile(root, p)?.toString("utf8") ?? "")]),
  );
  return {
    packageMains: packageMainsOf(manifests),
    packageNames: packageNamesOf(manifests),
  };
}

function packageMainsOf(manifests: ReadonlyMap<string, Record<string, unknown> | null>): PackageMain[] {
  const mains: PackageMain[] = [];
  for (const [p, manifest] of manifests) {
    const dir = p === "package.json" ? "" : p.slice(0, -"/package.json".length);
    // A package without `main` may name its entry in `exports` only (`"exports": "./index.js"`).
    const main = stringField(manifest, "main") ?? exportsEntry(manifest?.exports);
    // `main` is relative to its package; kept inside the repository or dropped.
    const path = main === null ? null : posix.join(dir, main).replace(/\/+$/, "");
    if (path !== null && path !== ".." && !path.startsWith("../"))
      mains.push({ dir, main: path === "." ? "" : path });
  }
  return mains;
}

// The repository's own packages only: a test fixture or a vendored copy named like a dependency
// (`test/fixtures/lodash/package.json`) would take that dependency's imports from library code. When
// two manifests share a name, the shallower one is the package (a fixture copying the root's name).
function packageNamesOf(manifests: ReadonlyMap<string, Record<string, unknown> | null>): PackageName[] {
  const own = [...manifests.keys()]
    .filter((p) => !isTestPath(p) && !isVendoredPath(p))
    .sort((a, b) => a.split("/").length - b.split("/").length);
  const seen = new Set<string>();
  return own.flatMap((p) => {
    const name = stringField(manifests.get(p) ?? null, "name");
    if (!name || seen.has(name)) return [];
    seen.add(name);
    return [{ dir: p === "package.json" ? "" : p.slice(0, -"/package.json".length), name }];
  });
}

/**
 * The file `exports` maps the package's own name to: the string, or the `"."` entry, through the
 * conditions Node's `require` takes (`require`, `node`, `default`), else `import`; `types` never runs.
 */
function exportsEntry(exports: unknown): string | null {
  const root =
    exports !== null && typeof exports === "object" && !Array.isArray(exports) && "." in exports
      ? (exports as Record<string, unknown>)["."]
      : exports;
  return conditionTarget(root);
}

function conditionTarget(value: unknown): string | null {
  if (typeof value === "string") return isPackageTarget(value) ? value : null;
  if (Array.isArray(value)) {
    for (const v of value as unknown[]) {
      const hit = conditionTarget(v);
      if (hit) return hit;
    }
    return null;
  }
  if (value === null || typeof value !== "object") return null;
  const conditions = value as Record<string, unknown>;
  for (const key of ["require", "node", "default", "import"]) {
    const hit = key in conditions ? conditionTarget(conditions[key]) : null;
    if (hit) return hit;
  }
  return null;
}

/**
 * A target Node takes: `./` then a path inside the package. Node refuses one with a `.`, `..`,
 * `node_modules` or empty segment (ERR_INVALID_PACKAGE_TARGET): `"./../core/index.js"` is no entry,
 * however the join with the package's folder would land inside the repository.
 */
function isPackageTarget(target: string): boolean {
  return (
    target.startsWith("./") &&
    !target
      .slice(2)
      .split(/[\\/]/)
      .some(
        (segment) => segment === "" || segment === "." || segment === ".." || /^node_modules$/i.test(segment),
      )
  );
}

function parseManifest(text: string): Record<string, unknown> | null {
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === "object" && json !== null ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function stringField(manifest: Record<string, unknown> | null, field: string): string | null {
  const value = manifest?.[field];
  return typeof value === "string" ? value : null;
}
