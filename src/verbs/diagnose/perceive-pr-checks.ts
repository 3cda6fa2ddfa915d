// Perception for a PR run: the head SHA's failed check runs and job logs, read through the log
// adapter and parsed by `diagnose`, as plain data the comment and the loop use.
import { createReadStream } from "node:fs";
import { z } from "zod";
import { diagnoseOffThread } from "../../perception/diagnose-off-thread.ts";
import type { Classification, Failure } from "../../perception/failure.ts";
import type { GitHubClient } from "../../github/github-client.ts";
import { storedClassification, storedFailure } from "./stored-failure.ts";
import { fetchFailedLogs } from "../../github/logs/fetch-failed-logs.ts";
import type { BlobFetch, GitHubRequest } from "../../github/logs/github-request.ts";

/** Stored as the `perceive:ci` step of fix and diagnose runs, so a resumed run reads it back. */
export const prChecksPerception = z.object({
  failures: z.array(storedFailure),
  classification: storedClassification,
  jobs: z.array(
    z.object({ name: z.string(), conclusion: z.string(), note: z.string().nullable(), failures: z.number() }),
  ),
  statuses: z.array(z.object({ context: z.string(), state: z.string() })),
});

export type PrChecksPerception = z.infer<typeof prChecksPerception>;

const maxReportedFailures = 50;

export async function perceivePrChecks(
  octokit: GitHubClient,
  input: {
    owner: string;
    repo: string;
    headSha: string;
    tmpRoot: string;
    fetchBlob: BlobFetch;
    /** Logs print paths of the CI machine; the checkout tells which suffix is the repository path. */
    fileExists?: (repoPath: string) => boolean;
    maxLogBytes?: number;
  },
): Promise<PrChecksPerception> {
  const logs = await fetchFailedLogs({
    request: requestOf(octokit),
    fetchBlob: input.fetchBlob,
    owner: input.owner,
    repo: input.repo,
    headSha: input.headSha,
    tmpRoot: input.tmpRoot,
    maxLogBytes: input.maxLogBytes ?? 20 * 1024 * 1024,
  });
  try {
    const failures: Failure[] = [];
    const jobs: PrChecksPerception["jobs"] = [];
    let classification: Classification = {
      verdict: "code",
      evidence: "",
      reason: "no failed checks were found",
    };
    for (const job of logs.jobs) {
      if (!job.logPath) {
        jobs.push({ name: job.check.name, conclusion: job.check.conclusion, note: job.note, failures: 0 });
        continue;
      }
      const result = await diagnoseOffThread(createReadStream(job.logPath, { encoding: "utf8" }), {
        fileExists: input.fileExists,
      });
      failures.push(...result.failures);
      jobs.push({
        name: job.check.name,
        conclusion: job.check.conclusion,
        note: job.note,
        failures: result.failures.length,
      });
      // One job that is not the code's fault is enough to say so: it is rerun, never "fixed".
      if (result.classification.verdict !== "code" || classification.evidence === "")
        classification = result.classification;
    }
    return {
      failures: failures.slice(0, maxReportedFailures),
      classification,
      jobs,
      statuses: logs.statuses.map((s) => ({ context: s.context, state: s.state })),
    };
  } finally {
    await logs.cleanup();
  }
}

function requestOf(octokit: GitHubClient): GitHubRequest {
  return async (route, parameters) => {
    const res = await octokit.request(route, parameters);
    return { status: res.status, headers: res.headers, data: res.data };
  };
}
