// Takes every candidate file's outcome from the cache, parses the misses (each distinct blob
// once) and stores what was parsed.
import type { Logger } from "../../logger.ts";
import type { FileWithOutcome } from "./assemble-index.ts";
import type { SkippedFile } from "./code-index.ts";
import type { FileOutcome } from "./file-parse.ts";
import type { IndexCache } from "./index-cache.ts";
import type { LanguageId } from "./languages.ts";
import { parseAll } from "./parse-pool.ts";

export interface Candidate {
  path: string;
  blobSha: string;
  language: LanguageId;
}

export interface ParseSettings {
  workers: number;
  minFilesForWorkers: number;
  maxFileBytes: number;
  log: Logger | undefined;
}

export interface Outcomes {
  entries: FileWithOutcome[];
  unreadable: SkippedFile[];
  parsedPaths: string[];
  parsedBytes: number;
  cacheHits: number;
}

export async function parseMissing(
  root: string,
  candidates: readonly Candidate[],
  cache: IndexCache,
  s: ParseSettings,
): Promise<Outcomes> {
  const keyOf = (c: Candidate) => `${c.blobSha}:${c.language}`;
  const hits = cache.getMany(candidates.map(keyOf));
  const missing = new Map<string, Candidate>();
  for (const c of candidates) if (!hits.has(keyOf(c)) && !missing.has(keyOf(c))) missing.set(keyOf(c), c);
  const jobs = [...missing.entries()];
  const results = await parseAll(
    jobs.map(([, c]) => ({
      root,
      path: c.path,
      language: c.language,
      maxFileBytes: s.maxFileBytes,
    })),
    { workers: s.workers, minJobsForWorkers: s.minFilesForWorkers, grammars: () => cache.grammars() },
  );
  const fresh = new Map<string, FileOutcome>();
  let parsedBytes = 0;
  results.forEach((r, i) => {
    const [key, c] = jobs[i] ?? [];
    if (!key || !c) return;
    if (r.ok) {
      fresh.set(key, r.result.outcome);
      parsedBytes += r.result.bytes;
    } else {
      s.log?.warn({ path: c.path, err: r.error }, "file could not be indexed");
    }
  });
  cache.putMany(fresh);
  const out: Outcomes = {
    entries: [],
    unreadable: [],
    parsedPaths: jobs.map(([, c]) => c.path),
    parsedBytes,
    cacheHits: 0,
  };
  for (const c of candidates) {
    const key = keyOf(c);
    const hit = hits.get(key);
    if (hit) out.cacheHits++;
    const outcome = hit ?? fresh.get(key);
    if (outcome) out.entries.push({ ...c, outcome });
    else out.unreadable.push({ path: c.path, reason: "unreadable" });
  }
  return out;
}
