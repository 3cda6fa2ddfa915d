// The changelog a package ships in its tarball (CHANGELOG.md, HISTORY.md, CHANGES.md, … at the
// package root): the tarball comes through pacote (same registries and cache as the versions) and
// only that one entry is read, in memory; nothing is run. A package without one: null. What a
// tarball held is remembered by its integrity (memo-by-integrity.ts) beside pacote's cache.
import { basename, join } from "node:path";
import pacote from "pacote";
import { Parser, type ReadEntry } from "tar";
import { memoByIntegrity } from "./memo-by-integrity.ts";
import { registryFor } from "./fetch-package-versions.ts";
import type { NpmRegistries } from "./host-npm-config.ts";
import type { NpmTarball } from "./plan-updates.ts";

const changelogName = /^(?:changelog|history|changes|releases?)(?:\.(?:md|markdown|txt))?$/i;
const maxBytes = 1024 * 1024;

interface ChangelogOptions {
  registries: NpmRegistries;
  cacheDir: string;
  timeoutMs: number;
}

export async function readNpmChangelog(
  name: string,
  tarball: NpmTarball,
  options: ChangelogOptions,
): Promise<string | null> {
  const read = () => readFromTarball(name, tarball, options);
  // The memo's name says which extraction rules made it: changing them must not reuse old answers.
  return tarball.integrity
    ? memoByIntegrity(join(options.cacheDir, "xihe-changelog-v1"), tarball.integrity, read)
    : read();
}

async function readFromTarball(
  name: string,
  tarball: NpmTarball,
  options: ChangelogOptions,
): Promise<string | null> {
  // By URL and integrity: a cached tarball is read from the cache, and the packument is not asked
  // for again (parsing a large one costs seconds).
  const data = await pacote.tarball(tarball.url, {
    ...options.registries,
    registry: registryFor(name, options.registries) || undefined,
    integrity: tarball.integrity ?? undefined,
    cache: options.cacheDir,
    timeout: options.timeoutMs,
  });
  return changelogIn(data);
}

// Entries are `package/<path>` in a published tarball; the root changelog has one slash.
function changelogIn(tarball: Buffer): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let found: string | null = null;
    const parser = new Parser({
      filter: (path, entry) =>
        found === null &&
        path.split("/").length === 2 &&
        changelogName.test(basename(path)) &&
        "size" in entry &&
        (entry.size ?? 0) <= maxBytes,
      onReadEntry: (entry: ReadEntry) => {
        const chunks: Buffer[] = [];
        entry.on("data", (c: Buffer) => chunks.push(c));
        entry.on("end", () => {
          found ??= Buffer.concat(chunks).toString("utf8");
        });
      },
    });
    parser.on("error", reject);
    parser.on("end", () => resolve(found));
    parser.end(tarball);
  });
}
