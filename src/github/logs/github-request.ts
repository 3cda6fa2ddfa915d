// The slice of an Octokit client the log adapter needs: `octokit.request` (from @octokit/core or
// Probot's context.octokit). Responses are parsed with zod where they are read, never cast.
export type GitHubRequest = (
  route: string,
  parameters?: Record<string, unknown>,
) => Promise<{ status: number; headers: Record<string, string | number | undefined>; data: unknown }>;

/** Downloads a redirect target (a short-lived blob URL); `globalThis.fetch` in production. */
export type BlobFetch = (url: string, init?: { signal?: AbortSignal }) => Promise<Response>;
