// GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs answers 302 with a short-lived blob URL. The
// redirect is not followed by the API client (its body would be buffered whole); the blob is streamed
// into a file inside the caller's temp dir with a byte cap.
import { join } from "node:path";
import type { BlobFetch, GitHubRequest } from "./github-request.ts";
import { writeCapped, type CappedWriteResult } from "./capped-write.ts";

export interface JobLogFile extends CappedWriteResult {
  path: string;
}

export async function downloadJobLog(
  request: GitHubRequest,
  fetchBlob: BlobFetch,
  {
    owner,
    repo,
    jobId,
    dir,
    maxBytes,
  }: { owner: string; repo: string; jobId: number; dir: string; maxBytes: number },
): Promise<JobLogFile> {
  const response = await request("GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs", {
    owner,
    repo,
    job_id: jobId,
    request: { redirect: "manual" },
  });
  const location = response.headers.location;
  if (response.status !== 302 || typeof location !== "string") {
    throw new Error(`job ${jobId} logs: expected a 302 redirect to the log, got ${response.status}`);
  }
  const blob = await fetchBlob(location);
  if (!blob.ok || !blob.body) throw new Error(`job ${jobId} logs: the log download answered ${blob.status}`);
  const path = join(dir, `job-${jobId}.log`);
  const result = await writeCapped(blob.body, path, { maxBytes });
  return { path, ...result };
}
