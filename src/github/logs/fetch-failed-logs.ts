// Gathers what Xihe reads about a red commit: the failed check runs with their annotations and (for
// GitHub Actions jobs) their logs, streamed into a fresh temp dir with a size cap, plus failed commit
// statuses from external CI. A log that cannot be fetched becomes a note, never a crash of the run.
import { mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import type { BlobFetch, GitHubRequest } from "./github-request.ts";
import {
  listFailedCheckRuns,
  listFailedStatuses,
  type FailedCheckRun,
  type FailedStatus,
} from "./failed-checks.ts";
import { listCheckRunAnnotations, type CheckAnnotation } from "./annotations.ts";
import { downloadJobLog } from "./download-job-log.ts";
import { readRunArchiveLog, workflowRunIdOf } from "./read-run-archive-log.ts";

export interface FailedJobLog {
  check: FailedCheckRun;
  annotations: CheckAnnotation[];
  /** A file inside `dir`, or null when there is no log (not an Actions job, expired, failed download). */
  logPath: string | null;
  truncated: boolean;
  note: string | null;
}

export interface FailedLogs {
  dir: string;
  jobs: FailedJobLog[];
  statuses: FailedStatus[];
  /** Removes `dir` and everything in it. */
  cleanup(): Promise<void>;
}

export interface FetchFailedLogsInput {
  request: GitHubRequest;
  fetchBlob: BlobFetch;
  owner: string;
  repo: string;
  headSha: string;
  /** Parent for the per-call temp dir (os.tmpdir() in production). */
  tmpRoot: string;
  maxLogBytes: number;
  maxJobs?: number;
  /** Cap on a run's logs archive downloaded when a job's own log cannot be (64 MiB by default). */
  maxArchiveBytes?: number;
}

export async function fetchFailedLogs(input: FetchFailedLogsInput): Promise<FailedLogs> {
  const { request, owner, repo, headSha } = input;
  const dir = await mkdtemp(join(input.tmpRoot, "xihe-logs-"));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const ref = { owner, repo, ref: headSha };
    const [checks, statuses] = await Promise.all([
      listFailedCheckRuns(request, ref),
      listFailedStatuses(request, ref),
    ]);
    const jobs: FailedJobLog[] = [];
    for (const check of checks.slice(0, input.maxJobs ?? 20)) jobs.push(await fetchOne(input, check, dir));
    return { dir, jobs, statuses, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

async function fetchOne(
  input: FetchFailedLogsInput,
  check: FailedCheckRun,
  dir: string,
): Promise<FailedJobLog> {
  const { request, owner, repo } = input;
  const annotations =
    check.annotationsCount > 0
      ? await listCheckRunAnnotations(request, { owner, repo, checkRunId: check.checkRunId })
      : [];
  if (check.jobId === null)
    return {
      check,
      annotations,
      logPath: null,
      truncated: false,
      note: "not a GitHub Actions job: no log to download",
    };
  try {
    const log = await downloadJobLog(request, input.fetchBlob, {
      owner,
      repo,
      jobId: check.jobId,
      dir,
      maxBytes: input.maxLogBytes,
    });
    const note = log.truncated
      ? `log truncated: kept ${log.bytesWritten} of ${log.bytesSeen} bytes (head and tail)`
      : null;
    return { check, annotations, logPath: log.path, truncated: log.truncated, note };
  } catch (err) {
    let archive = "";
    try {
      const fallback = await fromRunArchive(input, check, dir);
      if (fallback) return { check, annotations, ...fallback };
    } catch (archiveErr) {
      archive = `; the run's logs archive: ${messageOf(archiveErr)}`;
    }
    return {
      check,
      annotations,
      logPath: null,
      truncated: false,
      note: `couldn't read logs: ${messageOf(err)}${archive}`,
    };
  }
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

// The job's own log endpoint failed: its workflow run's logs archive may still have it (A17
// protections in read-run-archive-log.ts). null when the check names no workflow run.
async function fromRunArchive(
  input: FetchFailedLogsInput,
  check: FailedCheckRun,
  dir: string,
): Promise<Pick<FailedJobLog, "logPath" | "truncated" | "note"> | null> {
  const runId = workflowRunIdOf(check.detailsUrl);
  if (runId === null || check.jobId === null) return null;
  const log = await readRunArchiveLog(input.request, input.fetchBlob, {
    owner: input.owner,
    repo: input.repo,
    runId,
    jobId: check.jobId,
    jobName: check.name,
    dir,
    maxLogBytes: input.maxLogBytes,
    maxArchiveBytes: input.maxArchiveBytes ?? 64 * 1024 * 1024,
  });
  const note = `read from the run's logs archive${log.truncated ? `, truncated to ${log.bytesWritten} bytes` : ""}`;
  return { logPath: log.path, truncated: log.truncated, note };
}
