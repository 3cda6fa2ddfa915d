// Asks the registry (with the npm team's client, pacote) which versions each package has. Scoped
// packages go to their `@scope:registry`. A 404, a 5xx or a timeout stops the upgrade with a
// message naming the package and the registry; nothing has been changed at that point.
import pacote from "pacote";
import { z } from "zod";
import { XiheError } from "../../errors.ts";
import type { NpmRegistries } from "./host-npm-config.ts";
import type { PackageVersions } from "./plan-updates.ts";
import { fetchEachByName } from "./fetch-each-by-name.ts";

export class RegistryError extends XiheError {
  readonly code = "registry_failed";
}

export interface FetchOptions {
  registries: NpmRegistries;
  /** pacote's metadata cache directory (outside every workspace). */
  cacheDir: string;
  timeoutMs: number;
  retries: number;
}

const packument = z.object({
  "dist-tags": z.record(z.string(), z.string()).default({}),
  versions: z.record(
    z.string(),
    z.object({
      deprecated: z.union([z.string(), z.boolean()]).optional(),
      dist: z.object({ tarball: z.string(), integrity: z.string().optional() }).optional(),
    }),
  ),
});
const concurrency = 8;

export async function fetchPackageVersions(
  names: readonly string[],
  options: FetchOptions,
): Promise<Map<string, PackageVersions>> {
  return fetchEachByName(names, concurrency, (name) => fetchOne(name, options));
}

async function fetchOne(name: string, options: FetchOptions): Promise<PackageVersions> {
  const registry = registryFor(name, options.registries);
  let raw: unknown;
  try {
    raw = await pacote.packument(name, {
      ...options.registries,
      registry: registry === "" ? undefined : registry,
      cache: options.cacheDir,
      timeout: options.timeoutMs,
      fetchRetries: options.retries,
      fetchRetryMintimeout: 100,
      fetchRetryMaxtimeout: 1000,
      // Like npm itself: a cached packument is used while the registry's Cache-Control max-age
      // holds (5 minutes on the public registry), then revalidated.
    });
  } catch (err) {
    throw new RegistryError(
      `${describeFailure(err)} while reading ${name} from ${registry}; check the package name and that the registry is reachable, then retry`,
      { cause: err },
    );
  }
  const parsed = packument.safeParse(raw);
  if (!parsed.success)
    throw new RegistryError(
      `${registry} answered for ${name} with something that is not a packument; check the registry URL`,
    );
  return {
    name,
    latest: parsed.data["dist-tags"].latest ?? null,
    versions: Object.entries(parsed.data.versions).map(([version, v]) => ({
      version,
      deprecated: v.deprecated !== undefined && v.deprecated !== false && v.deprecated !== "",
      ...(v.dist ? { tarball: { url: v.dist.tarball, integrity: v.dist.integrity ?? null } } : {}),
    })),
  };
}

const failure = z.object({ code: z.string().optional(), statusCode: z.number().optional() });

function describeFailure(err: unknown): string {
  const info = failure.safeParse(err);
  const { code, statusCode } = info.success ? info.data : {};
  if (statusCode === 404) return "registry answered 404 (no such package)";
  if (statusCode !== undefined) return `registry answered HTTP ${statusCode}`;
  const message = err instanceof Error ? err.message : String(err);
  return `registry request failed (${code ?? "error"}: ${message})`;
}

export function registryFor(name: string, registries: NpmRegistries): string {
  const scope = name.startsWith("@") ? name.split("/")[0] : undefined;
  return (scope && registries[`${scope}:registry`]) || registries.registry || "";
}
