// A check run's annotations: tools that report through the Checks API (or `::error` commands the
// runner turned into annotations) already give file and line as data.
import { z } from "zod";
import type { GitHubRequest } from "./github-request.ts";

const annotation = z.object({
  path: z.string(),
  start_line: z.number(),
  end_line: z.number(),
  start_column: z.number().nullable().optional(),
  annotation_level: z.string().nullable(),
  title: z.string().nullable(),
  message: z.string().nullable(),
});

export interface CheckAnnotation {
  path: string;
  line: number;
  column: number | null;
  level: string;
  title: string | null;
  message: string;
}

const PER_PAGE = 100;
const MAX_PAGES = 5;

export async function listCheckRunAnnotations(
  request: GitHubRequest,
  { owner, repo, checkRunId }: { owner: string; repo: string; checkRunId: number },
): Promise<CheckAnnotation[]> {
  const all: CheckAnnotation[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const response = await request("GET /repos/{owner}/{repo}/check-runs/{check_run_id}/annotations", {
      owner,
      repo,
      check_run_id: checkRunId,
      per_page: PER_PAGE,
      page,
    });
    const items = z.array(annotation).parse(response.data);
    for (const a of items) {
      all.push({
        path: a.path,
        line: a.start_line,
        column: a.start_column ?? null,
        level: a.annotation_level ?? "failure",
        title: a.title,
        message: a.message ?? "",
      });
    }
    if (items.length < PER_PAGE) break;
  }
  return all;
}
