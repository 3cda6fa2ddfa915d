// Which checks failed for a head SHA: check runs (GitHub Actions jobs and other Apps) and commit
// statuses (external CI). Only failed ones are returned; Actions check runs carry the job id.
import { z } from "zod";
import type { GitHubRequest } from "./github-request.ts";

const checkRun = z.object({
  id: z.number(),
  name: z.string(),
  status: z.string(),
  conclusion: z.string().nullable(),
  details_url: z.string().nullable().optional(),
  app: z.object({ slug: z.string() }).nullable().optional(),
  output: z
    .object({ title: z.string().nullable().optional(), annotations_count: z.number().optional() })
    .optional(),
});
const checkRunsPage = z.object({ total_count: z.number(), check_runs: z.array(checkRun) });
const combinedStatus = z.object({
  state: z.string(),
  statuses: z.array(
    z.object({
      context: z.string(),
      state: z.string(),
      description: z.string().nullable(),
      target_url: z.string().nullable(),
    }),
  ),
});

const FAILED_CONCLUSIONS = new Set(["failure", "timed_out", "startup_failure"]);
const PER_PAGE = 100;
const MAX_PAGES = 10;

export interface FailedCheckRun {
  checkRunId: number;
  name: string;
  conclusion: string;
  /** The Actions job id (equal to the check run id) when GitHub Actions ran it; null for other Apps. */
  jobId: number | null;
  annotationsCount: number;
  detailsUrl: string | null;
}

export interface FailedStatus {
  context: string;
  state: string;
  description: string | null;
  targetUrl: string | null;
}

export interface RepoRef {
  owner: string;
  repo: string;
  ref: string;
}

export async function listFailedCheckRuns(
  request: GitHubRequest,
  { owner, repo, ref }: RepoRef,
): Promise<FailedCheckRun[]> {
  const failed: FailedCheckRun[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const response = await request("GET /repos/{owner}/{repo}/commits/{ref}/check-runs", {
      owner,
      repo,
      ref,
      filter: "latest",
      per_page: PER_PAGE,
      page,
    });
    const data = checkRunsPage.parse(response.data);
    for (const run of data.check_runs) {
      if (run.status !== "completed" || !FAILED_CONCLUSIONS.has(run.conclusion ?? "")) continue;
      failed.push({
        checkRunId: run.id,
        name: run.name,
        conclusion: run.conclusion ?? "failure",
        jobId: run.app?.slug === "github-actions" ? run.id : null,
        annotationsCount: run.output?.annotations_count ?? 0,
        detailsUrl: run.details_url ?? null,
      });
    }
    if (page * PER_PAGE >= data.total_count || data.check_runs.length < PER_PAGE) break;
  }
  return failed;
}

export async function listFailedStatuses(
  request: GitHubRequest,
  { owner, repo, ref }: RepoRef,
): Promise<FailedStatus[]> {
  const response = await request("GET /repos/{owner}/{repo}/commits/{ref}/status", {
    owner,
    repo,
    ref,
    per_page: PER_PAGE,
  });
  return combinedStatus
    .parse(response.data)
    .statuses.filter((s) => s.state === "failure" || s.state === "error")
    .map((s) => ({
      context: s.context,
      state: s.state,
      description: s.description,
      targetUrl: s.target_url,
    }));
}
