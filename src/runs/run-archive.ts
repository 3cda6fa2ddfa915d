// The archive of finished runs: one gzip JSONL file per run, a `run` record then one `step` record
// per persisted step (schema in runs/ARCHIVE.md), under date=YYYY-MM-DD/repo=owner/name/. It is
// written after the run has ended, retried, and never fails or holds the run: an archive outage is
// logged and the run's outcome stands.
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join, posix } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Logger } from "../logger.ts";
import type { Json, RunRecord, StepRecord, Store } from "../store/store.ts";

export const archiveSchemaVersion = 1;

export interface RunArchive {
  write(run: RunRecord, steps: readonly StepRecord[]): Promise<void>;
}

/** The archive's lines for one run: the run record first, then its steps in order. */
export function archiveRecords(run: RunRecord, steps: readonly StepRecord[]): Json[] {
  const { context: _context, workerId: _worker, notBefore: _notBefore, ...kept } = run;
  return [
    { schema: archiveSchemaVersion, record: "run", ...kept },
    ...steps.map((s) => ({ schema: archiveSchemaVersion, record: "step", ...s })),
  ];
}

/** Where a run's file lives, relative to the archive root. */
export function archivePath(run: RunRecord): string {
  const day = (run.endedAt ?? run.createdAt).slice(0, 10);
  return posix.join(`date=${day}`, `repo=${run.repo}`, `${run.id}.jsonl.gz`);
}

/** A run's archive file: its records as JSONL, gzip. */
export function archiveFile(run: RunRecord, steps: readonly StepRecord[]): Promise<Buffer> {
  const text =
    archiveRecords(run, steps)
      .map((r) => JSON.stringify(r))
      .join("\n") + "\n";
  return promisify(gzip)(text);
}

export function localRunArchive(root: string): RunArchive {
  return {
    async write(run, steps) {
      const path = join(root, archivePath(run));
      await mkdir(join(path, ".."), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      await writeFile(`${path}.tmp`, await archiveFile(run, steps));
      await rename(`${path}.tmp`, path);
    },
  };
}

export interface ArchiveAfterRunDeps {
  archive: RunArchive;
  store: Store;
  log: Logger;
  attempts: number;
  retryDelayMs: number;
}

/** Archives an ended run in the background; resolves when done or given up (never rejects). */
export async function archiveEndedRun(deps: ArchiveAfterRunDeps, runId: string): Promise<void> {
  for (let attempt = 1; attempt <= deps.attempts; attempt++) {
    try {
      const run = await deps.store.getRun(runId);
      if (!run) return;
      await deps.archive.write(run, await deps.store.listSteps(runId));
      return;
    } catch (err) {
      const last = attempt === deps.attempts;
      deps.log.warn(
        { err, runId, attempt },
        last ? "run not archived; gave up" : "run archive failed; retrying",
      );
      if (!last) await sleep(deps.retryDelayMs * attempt);
    }
  }
}
