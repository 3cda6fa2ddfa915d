// A local npm registry that speaks the real protocol (packuments and tarballs) for packages packed
// with the real `npm pack`, so installs in tests exercise npm itself, not a mock.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { execa } from "execa";

export interface PackedPackage {
  name: string;
  version: string;
  tarball: Buffer;
  /** The package's own package.json: a real registry serves its fields (bin, dependencies, ...). */
  manifest: Record<string, unknown>;
}

export interface FakeNpmRegistry {
  url: string;
  port: number;
  /** "GET /path" of every request served, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Packs the package directory `dir` with the real `npm pack` into `outDir`. Scripts stay off: `dir` is
 * an installed (already built) copy, and its prepare/prepack would need the package's dev tools.
 */
export async function packPackage(dir: string, outDir: string): Promise<PackedPackage> {
  const { stdout } = await execa(
    "npm",
    ["pack", "--json", "--ignore-scripts", "--pack-destination", outDir],
    {
      cwd: dir,
    },
  );
  const [info] = JSON.parse(stdout) as Array<{ name: string; version: string; filename: string }>;
  if (!info) throw new Error(`npm pack printed nothing for ${dir}`);
  return {
    name: info.name,
    version: info.version,
    tarball: readFileSync(join(outDir, info.filename)),
    manifest: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Record<string, unknown>,
  };
}

export async function startFakeNpmRegistry(packages: readonly PackedPackage[]): Promise<FakeNpmRegistry> {
  const requests: string[] = [];
  let base = "";
  const tarballPath = (p: PackedPackage) => `/${p.name}/-/${p.name}-${p.version}.tgz`;
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const tarball = packages.find((p) => tarballPath(p) === path);
    if (tarball)
      return void res.writeHead(200, { "content-type": "application/octet-stream" }).end(tarball.tarball);
    const name = decodeURIComponent(path.slice(1));
    const versions = packages.filter((p) => p.name === name);
    if (versions.length === 0)
      return void res.writeHead(404, { "content-type": "application/json" }).end("{}");
    const packument = {
      name,
      "dist-tags": { latest: versions.at(-1)!.version },
      versions: Object.fromEntries(
        versions.map((p) => [
          p.version,
          {
            ...p.manifest,
            name,
            version: p.version,
            dist: {
              tarball: `${base}${tarballPath(p).slice(1)}`,
              integrity: `sha512-${createHash("sha512").update(p.tarball).digest("base64")}`,
            },
          },
        ]),
      ),
    };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(packument));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}/`;
  return {
    url: base,
    port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** npm settings that point at `registryUrl` only: a private cache and no user `.npmrc` from the machine. */
export function isolatedNpmEnv(registryUrl: string, scratchDir: string): Record<string, string> {
  return {
    npm_config_registry: registryUrl,
    npm_config_cache: join(scratchDir, "npm-cache"),
    npm_config_userconfig: join(scratchDir, "no-user-npmrc"),
  };
}
