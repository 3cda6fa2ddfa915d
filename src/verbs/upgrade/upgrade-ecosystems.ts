// What differs between the managers `xihe upgrade` serves: where the dependencies are declared,
// which registry protocol says what versions exist, how ranges read, and how an update is applied.
// Planning, branches, verification and migration are shared. One is made per run, so the host's
// registry configuration is read once.
import { join } from "node:path";
import type { Logger } from "../../logger.ts";
import { discoverRegistries } from "../../workspace/install/discover-registries.ts";
import { applyPythonUpdateGroup } from "./apply-python-update-group.ts";
import { applyUpdateGroup, type AppliedGroup, type ApplyDeps } from "./apply-update-group.ts";
import { fetchPackageVersions, RegistryError } from "./fetch-package-versions.ts";
import { fetchPythonVersions } from "./fetch-python-versions.ts";
import { readHostNpmRegistries, type NpmRegistries } from "./host-npm-config.ts";
import { readNpmProject } from "./npm-project.ts";
import { readNpmChangelog } from "./read-npm-changelog.ts";
import {
  isPlainRange,
  npmVersions,
  type DirectDependency,
  type NpmTarball,
  type PackageVersions,
  type UpdateGroup,
  type VersionScheme,
} from "./plan-updates.ts";
import { readPythonProject } from "./python-project.ts";
import { isMovableSpecifier, pythonVersions } from "./python-version-scheme.ts";
import type { RepoConfig } from "../../config.ts";

export interface RegistryContext {
  /** The host's environment: where the managers' own registry configuration comes from (A28). */
  hostEnv: Readonly<Record<string, string | undefined>>;
  fetch: typeof globalThis.fetch;
  /** Host directory outside every checkout, for the registry metadata cache. */
  workDir: string;
  timeoutMs: number;
  retries: number;
  log: Pick<Logger, "warn">;
}

export interface UpgradeEcosystem {
  manifests: string;
  readDependencies(root: string): DirectDependency[];
  /** Whether the planner can move this declared range; the others are not asked for. */
  canMove(range: string): boolean;
  fetchVersions(names: readonly string[]): Promise<Map<string, PackageVersions>>;
  scheme: VersionScheme;
  /** The changelog the version ships, or null (none, or no way to read one for this manager). */
  readChangelog(name: string, version: string): Promise<string | null>;
  /** The module names code imports the package by. */
  importNames(name: string): string[];
  apply(
    deps: ApplyDeps,
    req: { root: string; config: RepoConfig; group: UpdateGroup },
  ): Promise<AppliedGroup>;
}

export function npmEcosystem(ctx: RegistryContext): UpgradeEcosystem {
  let registries: Promise<NpmRegistries> | undefined;
  const hostRegistries = () => (registries ??= readHostNpmRegistries(ctx.hostEnv));
  const cacheDir = join(ctx.workDir, "npm-metadata-cache");
  // Where each version's tarball is, from the packuments fetchVersions read.
  const tarballs = new Map<string, NpmTarball>();
  return {
    manifests: "package.json",
    readDependencies: readNpmProject,
    canMove: isPlainRange,
    async fetchVersions(names) {
      const found = await fetchPackageVersions(names, {
        registries: await hostRegistries(),
        cacheDir,
        timeoutMs: ctx.timeoutMs,
        retries: ctx.retries,
      });
      for (const info of found.values())
        for (const v of info.versions) if (v.tarball) tarballs.set(`${info.name}@${v.version}`, v.tarball);
      return found;
    },
    scheme: npmVersions,
    async readChangelog(name, version) {
      const tarball = tarballs.get(`${name}@${version}`);
      if (tarball === undefined) return null;
      return readNpmChangelog(name, tarball, {
        registries: await hostRegistries(),
        cacheDir,
        timeoutMs: ctx.timeoutMs,
      });
    },
    importNames: (name) => [name],
    apply: applyUpdateGroup,
  };
}

export function pythonEcosystem(ctx: RegistryContext): UpgradeEcosystem {
  return {
    manifests: "requirements.txt or pyproject.toml",
    readDependencies: readPythonProject,
    canMove: isMovableSpecifier,
    async fetchVersions(names) {
      if (names.length === 0) return new Map();
      // pip's own index configuration on the host (config files, PIP_INDEX_URL), never the checkout's.
      const { pipIndexUrl } = await discoverRegistries("pip", {
        hostEnv: ctx.hostEnv,
        configured: [],
        log: ctx.log,
      });
      if (pipIndexUrl === undefined)
        throw new RegistryError(
          "could not read pip's index URL on this host (python3 with pip must be on PATH); install pip or set PIP_INDEX_URL",
        );
      return fetchPythonVersions(names, {
        indexUrl: pipIndexUrl,
        fetch: ctx.fetch,
        timeoutMs: ctx.timeoutMs,
        retries: ctx.retries,
      });
    },
    scheme: pythonVersions,
    // Wheels seldom ship a changelog file; reading one from a distribution is not built.
    readChangelog: () => Promise.resolve(null),
    // The usual import name of a distribution; a module named otherwise (PyYAML → yaml) is not found.
    importNames: (name) => [name.toLowerCase().replace(/[-.]/g, "_")],
    apply: applyPythonUpdateGroup,
  };
}
