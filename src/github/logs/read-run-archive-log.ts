// The fallback when a job's own log cannot be downloaded: the workflow run's logs archive
// (GET /repos/{owner}/{repo}/actions/runs/{run_id}/logs, a zip behind a 302), which holds one
// `<n>_<job name>.txt` per job at its top level. The archive is attacker-shaped (A17): it is
// written with a byte cap, unpacked by extractLogArchive (no traversal, links, bombs), and the
// job's file is copied out with the same head-and-tail cap as a job log.
import { createReadStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { LogArchiveRejected } from "./archive-rejected.ts";
import { writeCapped } from "./capped-write.ts";
import type { JobLogFile } from "./download-job-log.ts";
import { DEFAULT_ARCHIVE_LIMITS, extractLogArchive } from "./extract-archive.ts";
import type { BlobFetch, GitHubRequest } from "./github-request.ts";

/** The workflow run id in an Actions job's details URL (`…/actions/runs/<id>/job/<job>`). */
export function workflowRunIdOf(detailsUrl: string | null): number | null {
  const id = /^https:\/\/[^/]+\/[^/]+\/[^/]+\/actions\/runs\/(\d{1,15})\/job\/\d+/.exec(
    detailsUrl ?? "",
  )?.[1];
  return id === undefined ? null : Number(id);
}

export interface RunArchiveRequest {
  owner: string;
  repo: string;
  runId: number;
  jobId: number;
  jobName: string;
  dir: string;
  maxLogBytes: number;
  /** Cap on the zip itself; a cut zip cannot be read, so a larger one is refused. */
  maxArchiveBytes: number;
}

export async function readRunArchiveLog(
  request: GitHubRequest,
  fetchBlob: BlobFetch,
  r: RunArchiveRequest,
): Promise<JobLogFile> {
  const response = await request("GET /repos/{owner}/{repo}/actions/runs/{run_id}/logs", {
    owner: r.owner,
    repo: r.repo,
    run_id: r.runId,
    request: { redirect: "manual" },
  });
  const location = response.headers.location;
  if (response.status !== 302 || typeof location !== "string")
    throw new Error(`run ${r.runId} logs: expected a 302 redirect to the archive, got ${response.status}`);
  const blob = await fetchBlob(location);
  if (!blob.ok || !blob.body)
    throw new Error(`run ${r.runId} logs: the archive download answered ${blob.status}`);
  const zipPath = join(r.dir, `run-${r.runId}.zip`);
  const unpacked = join(r.dir, `run-${r.runId}`);
  try {
    return await extractJobLog(blob.body, zipPath, unpacked, r);
  } finally {
    // Only the job's copy is kept: the whole archive is not left on disk for the rest of the run.
    await Promise.all([rm(zipPath, { force: true }), rm(unpacked, { recursive: true, force: true })]);
  }
}

async function extractJobLog(
  body: AsyncIterable<Uint8Array>,
  zipPath: string,
  unpacked: string,
  r: RunArchiveRequest,
): Promise<JobLogFile> {
  const zip = await writeCapped(body, zipPath, { maxBytes: r.maxArchiveBytes });
  if (zip.truncated)
    throw new LogArchiveRejected(`the archive is larger than the ${r.maxArchiveBytes} bytes allowed`);
  await mkdir(unpacked, { recursive: true });
  // Unpacked, a log zip is text at roughly 10:1; more than that much disk is refused.
  const files = await extractLogArchive(zipPath, unpacked, {
    ...DEFAULT_ARCHIVE_LIMITS,
    maxTotalBytes: Math.min(DEFAULT_ARCHIVE_LIMITS.maxTotalBytes, r.maxArchiveBytes * 10),
  });
  const own = files.find((f) => /^\d+_([^/]+)\.txt$/.exec(f)?.[1] === r.jobName);
  if (!own) throw new Error(`run ${r.runId} logs: the archive has no log for job "${r.jobName}"`);
  // Not job-<id>.log: a failed direct download may have left that file behind.
  const path = join(r.dir, `job-${r.jobId}-from-run.log`);
  const result = await writeCapped(createReadStream(join(unpacked, own)), path, { maxBytes: r.maxLogBytes });
  return { path, ...result };
}
