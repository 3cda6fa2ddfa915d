// buildIndex: list the repository's files, skip what should not be indexed, take every file's
// parse from the blob-SHA cache or parse it (on worker threads for big batches), then assemble
// symbols, imports and the call graph. See README.md for the flow and invariants.
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import ignore from "ignore";
import type { Logger } from "../../logger.ts";
import { assembleIndex } from "./assemble-index.ts";
import type { CodeIndex, SkippedFile } from "./code-index.ts";
import { extractorVersion } from "./extractor-version.ts";
import { openIndexCache, type IndexCache } from "./index-cache.ts";
import { languageOf } from "./languages.ts";
import { listRepository } from "./list-repository.ts";
import { parseMissing, type Candidate } from "./parse-missing.ts";
import { defaultMaxFileBytes } from "./skip-rules.ts";
import { workspaceCachePath } from "../workspace-cache-path.ts";

export interface BuildIndexOptions {
  /**
   * An open cache (kept across builds: enables the in-memory no-change path), a SQLite file path,
   * or null for no persistent cache. Default: `<root>/.xihe/index-cache.sqlite`, refused
   * (IndexCacheRefused) when `.xihe` or the file is a symlink (workspace-cache-path.ts).
   */
  cache?: IndexCache | string | null;
  /** Extra gitignore-style patterns; matching files are reported as skipped "ignored". */
  ignore?: readonly string[];
  log?: Logger;
  /** Milliseconds clock for the duration in stats. */
  now?: () => number;
  /** Wall clock (epoch ms), compared with file mtimes to spot files modified during a listing. */
  wallClockMs?: () => number;
  /** Parse worker threads (0 parses on this thread). Default 1: one core is all we can count on. */
  workers?: number;
  maxFileBytes?: number;
  /** Below this many files to parse, parse on this thread: a worker costs ~200 ms to start. Default 64. */
  minFilesForWorkers?: number;
}

export async function buildIndex(root: string, options: BuildIndexOptions = {}): Promise<CodeIndex> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const absRoot = resolve(root);
  const ownsCache = !isOpenCache(options.cache);
  const cache = isOpenCache(options.cache)
    ? options.cache
    : openIndexCache(
        options.cache === null ? null : (options.cache ?? workspaceCachePath(absRoot)),
        extractorVersion(),
      );
  try {
    return await build(absRoot, cache, options, now, started);
  } finally {
    if (ownsCache) cache.close();
  }
}

function isOpenCache(cache: BuildIndexOptions["cache"]): cache is IndexCache {
  return typeof cache === "object" && cache !== null;
}

async function build(
  root: string,
  cache: IndexCache,
  options: BuildIndexOptions,
  now: () => number,
  started: number,
): Promise<CodeIndex> {
  const maxFileBytes = options.maxFileBytes ?? defaultMaxFileBytes;
  const workers = options.workers ?? 1;
  const listing = await listRepository(root, cache.listingMemo(root), options.wallClockMs ?? Date.now);
  const listed = now();
  const extraIgnore = options.ignore && options.ignore.length > 0 ? ignore().add([...options.ignore]) : null;
  const skipped: SkippedFile[] = [...listing.skipped];
  const candidates: Candidate[] = [];
  for (const f of listing.files) {
    if (extraIgnore?.ignores(f.path)) skipped.push({ path: f.path, reason: "ignored" });
    else {
      const language = languageOf(f.path);
      if (language) candidates.push({ path: f.path, blobSha: f.blobSha, language });
    }
  }
  const listingKey = createHash("sha1")
    .update(`${maxFileBytes}\0${(options.ignore ?? []).join("\0")}\0`)
    .update(listing.files.map((f) => `${f.path}\0${f.blobSha}`).join("\n"))
    .digest("hex");
  const previous = cache.previous.get(root);
  if (previous && previous.listingKey === listingKey) {
    const stats = {
      ...emptyStats(workers),
      listedFiles: listing.listedCount,
      cacheHits: candidates.length,
      noChange: true,
    };
    return {
      ...previous.index,
      stats: { ...stats, durationMs: now() - started, phaseMs: { list: listed - started } },
    };
  }
  const settings = {
    workers,
    maxFileBytes,
    minFilesForWorkers: options.minFilesForWorkers ?? 64,
    log: options.log,
  };
  const outcomes = await parseMissing(root, candidates, cache, settings);
  const parsed = now();
  skipped.push(...outcomes.unreadable);
  const { index, assembly } = assembleIndex(
    root,
    outcomes.entries,
    skipped,
    { goModules: listing.goModules, packageMains: listing.packageMains, packageNames: listing.packageNames },
    previous?.assembly ?? null,
  );
  cache.previous.set(root, { listingKey, index, assembly });
  const done = now();
  index.stats = {
    ...emptyStats(workers),
    durationMs: done - started,
    listedFiles: listing.listedCount,
    parsedFiles: outcomes.parsedPaths.length,
    parsedPaths: outcomes.parsedPaths,
    cacheHits: outcomes.cacheHits,
    parsedBytes: outcomes.parsedBytes,
    phaseMs: { list: listed - started, parse: parsed - listed, assemble: done - parsed },
  };
  options.log?.debug({ root, ...index.stats, parsedPaths: undefined }, "code index built");
  return index;
}

function emptyStats(workers: number) {
  return {
    durationMs: 0,
    listedFiles: 0,
    parsedFiles: 0,
    parsedPaths: [],
    cacheHits: 0,
    parsedBytes: 0,
    noChange: false,
    workers,
  };
}
